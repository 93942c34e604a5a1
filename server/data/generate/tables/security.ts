/**
 * National-security UAS flight restrictions (14 CFR 99.7 special security instructions, the FAA's
 * "UAS restrictions over national security sensitive facilities", published as FDC NOTAMs and on the
 * FAA UAS Data Delivery System) and the permanent Disney theme-park TFRs. Facility boundaries are
 * replaced by circles of roughly the protected extent. Part-time entries are sandbox cases (marked),
 * modelled on the part-time restrictions the FAA publishes. Public-domain FAA facts, approximated.
 */
import { WEEKDAYS, type Hours } from './shapes';

export interface NsufrEntry {
  id: string;
  name: string;
  kind: 'landmark' | 'military' | 'energy' | 'dam';
  circle: [lon: number, lat: number, radiusNm: number];
  /** Only part-time restrictions have hours. */
  hours?: Hours[];
  sandboxCase?: boolean;
}

export const NSUFR_URL = 'https://www.faa.gov/uas/getting_started/where_can_i_fly/airspace_restrictions';

export const NSUFR: readonly NsufrEntry[] = [
  { id: 'statue-of-liberty', name: 'Statue of Liberty National Monument', kind: 'landmark', circle: [-74.0445, 40.6892, 0.5] },
  { id: 'hoover-dam', name: 'Hoover Dam', kind: 'dam', circle: [-114.7377, 36.0161, 1] },
  { id: 'mount-rushmore', name: 'Mount Rushmore National Memorial', kind: 'landmark', circle: [-103.4591, 43.8791, 1] },
  { id: 'grand-coulee-dam', name: 'Grand Coulee Dam', kind: 'dam', circle: [-118.9819, 47.956, 1] },
  { id: 'glen-canyon-dam', name: 'Glen Canyon Dam', kind: 'dam', circle: [-111.4844, 36.9375, 1] },
  { id: 'shasta-dam', name: 'Shasta Dam', kind: 'dam', circle: [-122.4198, 40.7187, 1] },
  { id: 'folsom-dam', name: 'Folsom Dam', kind: 'dam', circle: [-121.1566, 38.7076, 0.5] },
  { id: 'naval-station-norfolk', name: 'Naval Station Norfolk', kind: 'military', circle: [-76.303, 36.946, 1.5] },
  { id: 'naval-base-san-diego', name: 'Naval Base San Diego', kind: 'military', circle: [-117.129, 32.684, 1] },
  { id: 'jblm', name: 'Joint Base Lewis-McChord', kind: 'military', circle: [-122.58, 47.1, 2] },
  { id: 'macdill-afb', name: 'MacDill Air Force Base', kind: 'military', circle: [-82.5212, 27.8493, 1.5] },
  { id: 'jbphh', name: 'Joint Base Pearl Harbor-Hickam', kind: 'military', circle: [-157.95, 21.35, 1.5] },
  { id: 'cheyenne-mountain', name: 'Cheyenne Mountain Space Force Station', kind: 'military', circle: [-104.846, 38.744, 1] },
  { id: 'los-alamos', name: 'Los Alamos National Laboratory', kind: 'energy', circle: [-106.287, 35.844, 2] },
  { id: 'y-12', name: 'Y-12 National Security Complex, Oak Ridge', kind: 'energy', circle: [-84.254, 35.984, 1] },
  { id: 'savannah-river', name: 'Savannah River Site', kind: 'energy', circle: [-81.67, 33.244, 3] },
  // Sandbox part-time cases: restrictions active only during published hours.
  { id: 'vandenberg-launch', name: 'Vandenberg Space Force Base launch area', kind: 'military', circle: [-120.572, 34.742, 2], hours: [{ dailyStart: '06:00', dailyEnd: '22:00' }], sandboxCase: true },
  { id: 'fort-meade', name: 'Fort George G. Meade', kind: 'military', circle: [-76.743, 39.108, 1], hours: [{ daysActive: WEEKDAYS, dailyStart: '06:00', dailyEnd: '18:00' }], sandboxCase: true },
  { id: 'port-of-long-beach', name: 'Port of Long Beach naval pier', kind: 'military', circle: [-118.216, 33.754, 0.5], hours: [{ daysActive: ['FRI', 'SAT', 'SUN'], dailyStart: '18:00', dailyEnd: '23:59' }], sandboxCase: true },
];

export interface PermanentTfrEntry {
  id: string;
  name: string;
  circle: [lon: number, lat: number, radiusNm: number];
}

/** Disney theme parks: 3 NM, surface to 3,000 ft AGL, permanent (14 CFR 99.7, FAA special security instructions). */
export const DISNEY_TFR: readonly PermanentTfrEntry[] = [
  { id: 'disneyland', name: 'Disneyland Resort, Anaheim', circle: [-117.919, 33.8121, 3] },
  { id: 'walt-disney-world', name: 'Walt Disney World, Orlando', circle: [-81.5639, 28.3852, 3] },
];
