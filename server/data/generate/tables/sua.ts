/**
 * Restricted areas, MOAs, warning and alert areas in several states. Source: FAA JO 7400.10 (Special
 * Use Airspace) and the FAA SUA site (sua.faa.gov), as charted on the sectionals. Boundaries are
 * simplified to boxes around the charted areas, limits rounded; times of use as published or, where we
 * are unsure, "by NOTAM". Public-domain FAA facts, approximated for a sandbox.
 */
import type { AltitudeLimit, Subtype } from '../../model';
import { agl, msl, SFC, UNLIMITED, WEEKDAYS, type Hours, type Shape } from './shapes';

export interface SuaEntry {
  designator: string;
  subtype: Extract<Subtype, 'RESTRICTED' | 'MOA' | 'WARNING_AREA' | 'ALERT'>;
  name: string;
  state: string;
  shape: Shape;
  lower: AltitudeLimit;
  upper: AltitudeLimit;
  /** Published times of use, in words. */
  text: string;
  hours?: Hours[];
  controllingAgency: string;
}

const ALL_DAY: Hours[] = [{ dailyStart: '00:00', dailyEnd: '23:59' }];

export const SUA: readonly SuaEntry[] = [
  // Restricted areas: drones must not enter while active (14 CFR 73.13; JO 7400.10).
  { designator: 'R-2515', subtype: 'RESTRICTED', name: 'R-2515 Edwards AFB', state: 'CA', shape: { box: [-118.15, 34.75, -117.55, 35.2] }, lower: SFC, upper: UNLIMITED, text: 'Continuous', hours: ALL_DAY, controllingAgency: 'Joshua Control (FAA)' },
  { designator: 'R-4808N', subtype: 'RESTRICTED', name: 'R-4808N Nevada Test and Training Range', state: 'NV', shape: { box: [-116.3, 37.0, -115.6, 37.5] }, lower: SFC, upper: UNLIMITED, text: 'Continuous', hours: ALL_DAY, controllingAgency: 'Nellis Control' },
  { designator: 'R-2301W', subtype: 'RESTRICTED', name: 'R-2301W Barry M. Goldwater Range West', state: 'AZ', shape: { box: [-114.2, 32.3, -113.3, 32.85] }, lower: SFC, upper: msl(80000), text: '0700-2400 local daily; other times by NOTAM', hours: [{ dailyStart: '07:00', dailyEnd: '23:59' }], controllingAgency: 'Los Angeles ARTCC' },
  { designator: 'R-5107B', subtype: 'RESTRICTED', name: 'R-5107B White Sands Missile Range', state: 'NM', shape: { box: [-106.75, 32.6, -106.2, 33.6] }, lower: SFC, upper: UNLIMITED, text: 'Continuous', hours: ALL_DAY, controllingAgency: 'Albuquerque ARTCC' },
  { designator: 'R-6302A', subtype: 'RESTRICTED', name: 'R-6302A Fort Cavazos', state: 'TX', shape: { box: [-97.95, 31.1, -97.6, 31.35] }, lower: SFC, upper: msl(10000), text: '0600-2400 local daily; other times by NOTAM', hours: [{ dailyStart: '06:00', dailyEnd: '23:59' }], controllingAgency: 'Gray Approach' },
  { designator: 'R-5311A', subtype: 'RESTRICTED', name: 'R-5311A Fort Liberty', state: 'NC', shape: { box: [-79.35, 35.03, -79.05, 35.2] }, lower: SFC, upper: msl(5000), text: 'Continuous', hours: ALL_DAY, controllingAgency: 'Fayetteville Approach' },
  { designator: 'R-2901A', subtype: 'RESTRICTED', name: 'R-2901A Avon Park', state: 'FL', shape: { box: [-81.4, 27.55, -81.2, 27.8] }, lower: SFC, upper: msl(17999), text: '0700-2300 local Mon-Fri; other times by NOTAM', hours: [{ daysActive: WEEKDAYS, dailyStart: '07:00', dailyEnd: '23:00' }], controllingAgency: 'Miami ARTCC' },
  { designator: 'R-4001A', subtype: 'RESTRICTED', name: 'R-4001A Aberdeen Proving Ground', state: 'MD', shape: { box: [-76.3, 39.35, -76.05, 39.5] }, lower: SFC, upper: UNLIMITED, text: 'Continuous', hours: ALL_DAY, controllingAgency: 'Potomac TRACON' },
  { designator: 'R-6714A', subtype: 'RESTRICTED', name: 'R-6714A Yakima Training Center', state: 'WA', shape: { box: [-120.45, 46.6, -119.9, 46.95] }, lower: SFC, upper: msl(29000), text: 'Activated by NOTAM', controllingAgency: 'Seattle ARTCC' },
  { designator: 'R-3103', subtype: 'RESTRICTED', name: 'R-3103 Pohakuloa Training Area', state: 'HI', shape: { box: [-155.8, 19.6, -155.45, 19.85] }, lower: SFC, upper: msl(30000), text: 'Continuous', hours: ALL_DAY, controllingAgency: 'Honolulu Control Facility' },
  { designator: 'R-2202A', subtype: 'RESTRICTED', name: 'R-2202A Delta Training Area', state: 'AK', shape: { box: [-146.5, 63.6, -145.5, 64.0] }, lower: SFC, upper: msl(9000), text: '0700-2400 local daily; other times by NOTAM', hours: [{ dailyStart: '07:00', dailyEnd: '23:59' }], controllingAgency: 'Anchorage ARTCC' },
  // MOAs: military training; pilots should be aware (14 CFR 91, AIM 3-4-5). Floors vary; tops below FL180.
  { designator: 'REVEILLE', subtype: 'MOA', name: 'Reveille MOA', state: 'NV', shape: { box: [-116.4, 37.6, -115.6, 38.2] }, lower: agl(100), upper: msl(17999), text: 'Intermittent 0700-2200 local Mon-Fri; other times by NOTAM', hours: [{ daysActive: WEEKDAYS, dailyStart: '07:00', dailyEnd: '22:00' }], controllingAgency: 'Nellis Control' },
  { designator: 'GAMECOCK C', subtype: 'MOA', name: 'Gamecock C MOA', state: 'SC', shape: { box: [-80.7, 33.9, -80.1, 34.3] }, lower: agl(500), upper: msl(10000), text: 'Intermittent 0800-2300 local Mon-Fri; other times by NOTAM', hours: [{ daysActive: WEEKDAYS, dailyStart: '08:00', dailyEnd: '23:00' }], controllingAgency: 'Jacksonville ARTCC' },
  { designator: 'BULLDOG A', subtype: 'MOA', name: 'Bulldog A MOA', state: 'GA', shape: { box: [-82.5, 31.7, -81.8, 32.3] }, lower: agl(500), upper: msl(17999), text: 'Intermittent by NOTAM', controllingAgency: 'Jacksonville ARTCC' },
  { designator: 'PECOS N', subtype: 'MOA', name: 'Pecos North MOA', state: 'NM', shape: { box: [-105.4, 33.6, -104.3, 34.4] }, lower: agl(500), upper: msl(17999), text: 'Intermittent 0700-2300 local Mon-Fri', hours: [{ daysActive: WEEKDAYS, dailyStart: '07:00', dailyEnd: '23:00' }], controllingAgency: 'Albuquerque ARTCC' },
  { designator: 'LANCER', subtype: 'MOA', name: 'Lancer MOA', state: 'TX', shape: { box: [-101.4, 32.9, -100.4, 33.5] }, lower: agl(500), upper: msl(17999), text: 'Intermittent by NOTAM', controllingAgency: 'Fort Worth ARTCC' },
  { designator: 'POWDER RIVER 1A', subtype: 'MOA', name: 'Powder River 1A MOA', state: 'MT', shape: { box: [-105.8, 44.8, -103.5, 45.8] }, lower: agl(500), upper: msl(17999), text: 'Intermittent 0700-2300 local Mon-Fri; other times by NOTAM', hours: [{ daysActive: WEEKDAYS, dailyStart: '07:00', dailyEnd: '23:00' }], controllingAgency: 'Minneapolis ARTCC' },
  // Warning areas: over international waters beyond 12 NM (JO 7400.10 part 3); hazardous activity.
  { designator: 'W-386', subtype: 'WARNING_AREA', name: 'W-386 Virginia Capes', state: 'VA', shape: { box: [-75.6, 36.5, -74.3, 37.6] }, lower: SFC, upper: UNLIMITED, text: 'Continuous', hours: ALL_DAY, controllingAgency: 'FACSFAC VACAPES' },
  { designator: 'W-291', subtype: 'WARNING_AREA', name: 'W-291 Southern California', state: 'CA', shape: { box: [-119.5, 32.0, -117.9, 33.2] }, lower: SFC, upper: UNLIMITED, text: 'Continuous', hours: ALL_DAY, controllingAgency: 'FACSFAC San Diego' },
  { designator: 'W-151A', subtype: 'WARNING_AREA', name: 'W-151A Eglin Gulf', state: 'FL', shape: { box: [-87.2, 29.6, -86.3, 30.25] }, lower: SFC, upper: UNLIMITED, text: '0600-2200 local daily; other times by NOTAM', hours: [{ dailyStart: '06:00', dailyEnd: '22:00' }], controllingAgency: 'Eglin Radar Control' },
  // Alert areas: high volume of pilot training (JO 7400.10 part 4); awareness only.
  { designator: 'A-211', subtype: 'ALERT', name: 'A-211 Pensacola', state: 'FL', shape: { box: [-87.35, 30.5, -86.85, 30.85] }, lower: SFC, upper: msl(10000), text: 'Sunrise to sunset Mon-Fri', hours: [{ daysActive: WEEKDAYS, dailyStart: '07:00', dailyEnd: '19:00' }], controllingAgency: 'Pensacola Approach' },
  { designator: 'A-632', subtype: 'ALERT', name: 'A-632 Corpus Christi', state: 'TX', shape: { box: [-97.6, 27.55, -97.25, 27.85] }, lower: SFC, upper: msl(5000), text: 'Sunrise to sunset Mon-Fri', hours: [{ daysActive: WEEKDAYS, dailyStart: '07:00', dailyEnd: '19:00' }], controllingAgency: 'Corpus Christi Approach' },
  { designator: 'A-561', subtype: 'ALERT', name: 'A-561 Columbus', state: 'MS', shape: { box: [-88.6, 33.3, -88.2, 33.8] }, lower: SFC, upper: msl(8000), text: '0700-2300 local Mon-Fri', hours: [{ daysActive: WEEKDAYS, dailyStart: '07:00', dailyEnd: '23:00' }], controllingAgency: 'Columbus Approach' },
];
