/**
 * Conformance table: place, time and altitude → status, authorization type and the data sources of
 * the notices, over the hand-made fixture (fixtures/). Each row names the fact it rests on.
 * Times default to the fixture's now (Fri 2025-07-04 18:00Z) and a one-hour window; altitude to 400 ft.
 */
import { describe, expect, it } from 'vitest';
import type { Geometry } from '../../contract/common';
import type { BriefingResult, NoticeDataSource } from '../../contract/briefing';
import { briefArea, briefLocation } from '.';
import { box } from './fixtures/build';
import { fixtureDataset, NOW } from './fixtures';

type Src = NoticeDataSource extends `NOTICE_DATA_SOURCE_${infer S}` ? S : never;
type Status = 'WARNING' | 'CAUTION' | 'CLEAR_TO_FLY' | 'INFORMATIONAL';
type Auth = 'RESTRICTED' | 'DRONE_ZONE' | 'LAANC' | 'NOT_REQUIRED';

interface Row {
  place: string;
  fact: string;
  at: [lat: number, lon: number] | Geometry;
  start?: string;
  end?: string;
  maxAlt?: number;
  status: Status;
  auth: Auth;
  /** Exactly the data sources of the notices at distance 0. */
  sources: Src[];
  /** Data sources that must also appear as nearby notices (distance > 0, location only). */
  nearby?: Src[];
  /** Exactly the subtypes (CLASS_x) of the controlled-airspace notices at distance 0. */
  classes?: string[];
  /** How many notices of a source (folding of cells and sectors). */
  count?: Partial<Record<Src, number>>;
  /** Some notice's description must match. */
  says?: RegExp;
}

const ds = fixtureDataset();
const LAANC_ON: Src = 'LAANC_ENABLED_CONTROLLED_AIRSPACE';
const LAANC_OFF: Src = 'LAANC_NOT_ENABLED_CONTROLLED_AIRSPACE';

const rows: Row[] = [
  // Seattle: Boeing Field Class D, Seattle Class B, the BFI/SEA grids, Lumen Field and T-Mobile Park.
  { place: 'Lumen Field during the Sounders match', fact: 'FDC 4/3621: 3 NM, 1 h before to 1 h after the event; Lumen Field lies in KBFI Class D', at: [47.5952, -122.3316], start: '2025-07-04T19:30:00Z', end: '2025-07-04T20:30:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['STADIUM', LAANC_ON, 'UASFM_CEILING'] },
  { place: 'Lumen Field before the event window', fact: 'the window opens 1 h before kick-off (19:00Z); 18:00-19:00Z does not overlap it', at: [47.5952, -122.3316], status: 'CAUTION', auth: 'LAANC', sources: ['STADIUM', LAANC_ON, 'UASFM_CEILING'] },
  { place: 'Lumen Field in the hour after the match', fact: 'FDC 4/3621: the restriction lasts until 1 h after the event (22:00Z + 1 h)', at: [47.5952, -122.3316], start: '2025-07-04T22:30:00Z', end: '2025-07-04T22:50:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['STADIUM', LAANC_ON, 'UASFM_CEILING'] },
  { place: 'Lumen Field after the restriction ended', fact: 'after 23:00Z no event window is open (the next, at T-Mobile Park, opens 01:10Z)', at: [47.5952, -122.3316], start: '2025-07-04T23:30:00Z', end: '2025-07-04T23:45:00Z', status: 'CAUTION', auth: 'LAANC', sources: ['STADIUM', LAANC_ON, 'UASFM_CEILING'] },
  { place: 'T-Mobile Park during the Mariners game', fact: 'stadium restriction during an MLB game at a 30,000+ seat venue', at: [47.5915, -122.3324], start: '2025-07-05T03:00:00Z', end: '2025-07-05T03:30:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['STADIUM', LAANC_ON, 'UASFM_CEILING'] },
  { place: 'Georgetown, Seattle, at 200 ft under a 100 ft cell', fact: 'FAA JO 7200.23: above the grid ceiling LAANC cannot auto-authorize (further coordination)', at: [47.548, -122.32], maxAlt: 200, status: 'CAUTION', auth: 'LAANC', sources: ['UASFM_CEILING', LAANC_ON, 'STADIUM'], classes: ['CLASS_D'], says: /above the 100 ft ceiling/ },
  { place: 'Georgetown, Seattle, at 100 ft', fact: 'at or below the ceiling LAANC can auto-authorize', at: [47.548, -122.32], maxAlt: 100, status: 'CAUTION', auth: 'LAANC', sources: ['UASFM_CEILING', LAANC_ON, 'STADIUM'], says: /at or below every ceiling/ },
  { place: 'Boeing Field runway at 400 ft', fact: 'Class B AREA B floor 1,100 MSL with no elevation: (1,100 - 800) ft < 400 ft counts; 0 ft cell', at: [47.53, -122.302], status: 'CAUTION', auth: 'LAANC', sources: ['UASFM_CEILING', LAANC_ON], classes: ['CLASS_B', 'CLASS_D'], nearby: ['AIRPORT', 'STADIUM'], says: /0 ft cell cannot be auto-authorized/ },
  { place: 'Boeing Field runway at 200 ft', fact: 'the same 1,100 MSL shelf is overhead a 200 ft flight (estimated floor 300 ft AGL)', at: [47.53, -122.302], maxAlt: 200, status: 'CAUTION', auth: 'LAANC', sources: ['UASFM_CEILING', LAANC_ON], classes: ['CLASS_D'], nearby: ['AIRPORT'] },
  { place: 'Sea-Tac terminal', fact: '14 CFR 107.41: Class B surface area needs ATC authorization; LAANC-enabled', at: [47.4435, -122.3016], status: 'CAUTION', auth: 'LAANC', sources: ['UASFM_CEILING', LAANC_ON], classes: ['CLASS_B'] },
  { place: 'Mukilteo Lighthouse, Paine Field Class D', fact: '14 CFR 107.41: Class D needs authorization; LAANC-enabled airspace without a grid', at: [47.9486, -122.3064], status: 'CAUTION', auth: 'LAANC', sources: [LAANC_ON], classes: ['CLASS_D'] },
  { place: 'North Everett, 1.2 NM outside Paine Field Class D', fact: 'domain.md: nearby airspace within 2 NM is listed but does not set the status', at: [47.998, -122.2816], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'], nearby: [LAANC_ON] },
  { place: 'McChord Field', fact: 'controlled airspace without LAANC: DroneZone (fixture: military facility without LAANC)', at: [47.1377, -122.4765], status: 'CAUTION', auth: 'DRONE_ZONE', sources: [LAANC_OFF] },
  { place: 'Tacoma Narrows airport with the tower open', fact: 'part-time Class D in effect during tower hours (fixture 07:00-21:00 local)', at: [47.2679, -122.5781], status: 'CAUTION', auth: 'LAANC', sources: [LAANC_ON], classes: ['CLASS_D'] },
  { place: 'Tacoma Narrows airport at 05:00 PDT', fact: 'AIM 3-2-5: outside tower hours a part-time Class D reverts (here to Class G); listed as informational', at: [47.2679, -122.5781], start: '2025-07-04T12:00:00Z', end: '2025-07-04T12:30:00Z', status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: [LAANC_ON, 'CLASS_G'] },
  { place: 'Gray Army Airfield', fact: 'LAANC-enabled Class D with a grid; R-6703A lies 0.5 NM west', at: [47.0792, -122.5807], status: 'CAUTION', auth: 'LAANC', sources: [LAANC_ON, 'UASFM_CEILING'], nearby: ['SUA'] },
  { place: 'Area over McChord and Gray AAF', fact: 'domain.md: LAANC mixed with non-LAANC controlled airspace gives DRONE_ZONE', at: box(-122.59, 47.06, -122.44, 47.16), status: 'CAUTION', auth: 'DRONE_ZONE', sources: [LAANC_ON, LAANC_OFF, 'UASFM_CEILING'] },
  { place: 'R-6703A on a Friday at 11:00 PDT', fact: 'ADDS: R-6703A active 0700-2300 Mon-Fri; active restricted area blocks (14 CFR 73.13)', at: [47.05, -122.67], status: 'WARNING', auth: 'RESTRICTED', sources: ['SUA', 'CLASS_G'], nearby: [LAANC_ON, 'UASFM_CEILING'] },
  { place: 'R-6703A on a Saturday', fact: 'outside its times of use (weekdays only) a restricted area is CAUTION', at: [47.05, -122.67], start: '2025-07-05T18:00:00Z', status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['SUA', 'CLASS_G'] },
  { place: 'R-6703A, Friday 06:15 PST (January)', fact: 'times of use are local: 14:15Z is 06:15 PST, before 07:00', at: [47.05, -122.67], start: '2025-01-17T14:15:00Z', end: '2025-01-17T14:45:00Z', status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['SUA', 'CLASS_G'] },
  { place: 'R-6703A, Friday 07:15 PST (January)', fact: '15:15Z is 07:15 PST, inside 0700-2300', at: [47.05, -122.67], start: '2025-01-17T15:15:00Z', end: '2025-01-17T15:45:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['SUA', 'CLASS_G'] },
  { place: 'R-6703A, Friday 07:15 PDT (July)', fact: 'daylight saving: 14:15Z is 07:15 PDT (it would be 06:15 in PST)', at: [47.05, -122.67], start: '2025-07-04T14:15:00Z', end: '2025-07-04T14:45:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['SUA', 'CLASS_G'] },
  { place: 'R-6703A, Friday 23:30 PDT', fact: 'the daily window closes at 23:00 local', at: [47.05, -122.67], start: '2025-07-05T06:30:00Z', end: '2025-07-05T06:50:00Z', status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['SUA', 'CLASS_G'] },
  { place: 'Naval Base Kitsap-Bangor', fact: 'ADDS: P-51 prohibited area, SFC-2,500 MSL, continuous (14 CFR 73.83)', at: [47.73, -122.73], status: 'WARNING', auth: 'RESTRICTED', sources: ['SUA', 'CLASS_G'] },
  { place: 'Admiralty Inlet in Chinook A MOA', fact: 'ADDS: Chinook A floor 300 MSL (below 1,200 MSL counts); MOAs are awareness (AIM 3-4-5)', at: [47.98, -122.635], status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['SUA', 'CLASS_G'] },
  { place: 'Forks, WA under the Olympic MOA', fact: 'ADDS: Olympic MOA floor 6,000 MSL is overhead a 400 ft flight', at: [47.95, -124.385], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'] },
  { place: 'Grand Coulee Dam at 11:00 PDT', fact: '14 CFR 99.7: a part-time NSUFR blocks while in effect (fixture hours 06:00-22:00 local)', at: [47.956, -118.9819], status: 'WARNING', auth: 'RESTRICTED', sources: ['NSUFR_PART_TIME', 'CLASS_G'] },
  { place: 'Grand Coulee Dam at midnight PDT', fact: 'a part-time NSUFR outside its hours is CAUTION', at: [47.956, -118.9819], start: '2025-07-05T07:00:00Z', end: '2025-07-05T07:30:00Z', status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['NSUFR_PART_TIME', 'CLASS_G'] },
  { place: 'Paradise, Mount Rainier NP', fact: '36 CFR 1.5, NPS PM 14-05: no drones on park land (a land rule): CAUTION, no FAA authorization', at: [46.7859, -121.7353], status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['NATIONAL_PARK', 'CLASS_G'] },
  { place: 'Marymoor Park R/C field', fact: 'recreational flyer fixed sites are informational (49 U.S.C. 44809(a)(5))', at: [47.6625, -122.114], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['RECREATIONAL_FLYER_FIXED_SITE', 'CLASS_G'] },
  { place: 'Magnuson Park', fact: 'community advisories are informational; Class B AREA D (1,800 MSL) is overhead', at: [47.6815, -122.2536], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['COMMUNITY_ADVISORY', 'CLASS_G'] },
  { place: 'Lake Union seaplane base (W55)', fact: 'seaplane bases are SEAPORT notices; Lumen Field is 2 NM away, inside its 3 NM circle', at: [47.628993, -122.338753], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['SEAPORT', 'STADIUM', 'CLASS_G'], nearby: [LAANC_ON] },
  { place: 'Renton crane NOTAM', fact: 'an obstruction NOTAM is informational', at: [47.4925, -122.195], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['NOTAM', 'CLASS_G'] },
  // The rest of the country.
  { place: 'Boise Air Terminal', fact: '14 CFR 107.41: Class C surface area', at: [43.5644, -116.2228], status: 'CAUTION', auth: 'LAANC', sources: [LAANC_ON], classes: ['CLASS_C'] },
  { place: 'Meridian, ID under the Boise Class C shelf', fact: 'shelf floor 4,100 MSL over a 2,871 ft field is about 1,229 ft AGL: overhead', at: [43.6121, -116.3915], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'] },
  { place: 'Denver International terminal', fact: 'Class B surface area, LAANC-enabled', at: [39.8492, -104.6737], status: 'CAUTION', auth: 'LAANC', sources: [LAANC_ON], classes: ['CLASS_B'] },
  { place: 'Brighton, CO under the Denver Class B shelf', fact: 'MSL floor 7,000 ft with no elevation: at or above 1,200 MSL counts as overhead', at: [39.9853, -104.8205], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'] },
  { place: 'Pearl Harbor visitor center', fact: 'Honolulu Class B surface area with a facility map', at: [21.3676, -157.9386], status: 'CAUTION', auth: 'LAANC', sources: [LAANC_ON, 'UASFM_CEILING'], classes: ['CLASS_B'] },
  { place: 'Kincaid Park, Anchorage', fact: 'Anchorage Class C surface area', at: [61.1525, -150.05], status: 'CAUTION', auth: 'LAANC', sources: [LAANC_ON], classes: ['CLASS_C'] },
  { place: 'The White House', fact: 'FDC 4/2565 FRZ and P-56A: prohibited; DCA Class B has no LAANC in the FRZ', at: [38.8977, -77.0365], status: 'WARNING', auth: 'RESTRICTED', sources: ['WASHINGTON_FRZ', 'WASHINGTON_SFRA', 'SUA', LAANC_OFF], nearby: ['SUA'] },
  { place: 'Gaithersburg, MD', fact: 'FDC 4/9433: inside the SFRA (about 19 NM from DCA), outside the FRZ', at: [39.1434, -77.2014], status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['WASHINGTON_SFRA', 'CLASS_G'] },
  { place: 'Frederick, MD', fact: 'beyond the 30 NM SFRA and clear of P-40', at: [39.4143, -77.4105], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'] },
  { place: 'Camp David', fact: 'ADDS: P-40 prohibited area, SFC-5,000 MSL, continuous', at: [39.6483, -77.465], status: 'WARNING', auth: 'RESTRICTED', sources: ['SUA', 'CLASS_G'] },
  { place: 'Liberty Island', fact: '14 CFR 99.7: full-time restriction over the Statue of Liberty (FAA, 2017)', at: [40.6892, -74.0445], status: 'WARNING', auth: 'RESTRICTED', sources: ['NSUFR_FULL_TIME', 'CLASS_G'] },
  { place: 'The Battery, Manhattan', fact: 'the Liberty restriction is 1.2 NM away: nearby, not counting', at: [40.7033, -74.017], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'], nearby: ['NSUFR_FULL_TIME'] },
  { place: 'Hoover Dam', fact: '14 CFR 99.7: full-time restriction over Hoover Dam (FAA, 2017)', at: [36.0161, -114.7377], status: 'WARNING', auth: 'RESTRICTED', sources: ['NSUFR_FULL_TIME', 'CLASS_G'] },
  { place: 'Arrowhead Stadium 30 min after the game', fact: 'FDC 4/3621: until 1 h after the event', at: [39.0489, -94.4839], start: '2025-07-05T02:30:00Z', end: '2025-07-05T02:50:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['STADIUM', 'CLASS_G'] },
  { place: 'Arrowhead Stadium 90 min after the game', fact: 'the restriction ended 1 h after the event', at: [39.0489, -94.4839], start: '2025-07-05T03:30:00Z', status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['STADIUM', 'CLASS_G'] },
  { place: 'Area 1.6 NM east of Arrowhead during the game', fact: 'spec 8: stadium points are buffered by 3 NM', at: box(-94.45, 39.04, -94.43, 39.055), start: '2025-07-04T23:30:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['STADIUM', 'CLASS_G'] },
  { place: 'Bend, OR fire TFR in effect', fact: '14 CFR 91.137: active TFR blocks', at: [44.02, -121.45], status: 'WARNING', auth: 'RESTRICTED', sources: ['TFR_ACTIVE', 'CLASS_G'] },
  { place: 'Bend, OR the day before the TFR', fact: 'a TFR not yet in effect is TFR_SCHEDULED, CAUTION', at: [44.02, -121.45], start: '2025-07-02T18:00:00Z', status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['TFR_SCHEDULED', 'CLASS_G'] },
  { place: 'Bend, OR after the TFR ended', fact: 'an expired TFR is not reported', at: [44.02, -121.45], start: '2025-07-07T18:00:00Z', status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'] },
  { place: 'Bedminster, NJ a week before the VIP TFR', fact: 'scheduled TFR outside its window: CAUTION', at: [40.6468, -74.6732], status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['TFR_SCHEDULED', 'CLASS_G'] },
  { place: 'Bedminster, NJ during the VIP TFR', fact: '14 CFR 91.141: VIP TFR in effect', at: [40.6468, -74.6732], start: '2025-07-12T15:00:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['TFR_ACTIVE', 'CLASS_G'] },
  { place: 'Bedminster, NJ, flight overlapping the TFR start', fact: 'a TFR counts when its window overlaps the flight window', at: [40.6468, -74.6732], start: '2025-07-11T19:30:00Z', end: '2025-07-11T20:30:00Z', status: 'WARNING', auth: 'RESTRICTED', sources: ['TFR_ACTIVE', 'CLASS_G'] },
  { place: 'Grand Canyon Village', fact: 'national park land and the SFRA of 14 CFR 93 Subpart U', at: [36.0544, -112.1401], status: 'CAUTION', auth: 'NOT_REQUIRED', sources: ['NATIONAL_PARK', 'SATR', 'CLASS_G'] },
  { place: 'Ellis, KS in an MTR corridor', fact: 'MTRs are informational and never raise the status', at: [38.938, -99.56], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['MTR', 'CLASS_G'] },
  { place: 'Lebanon, KS (centre of the contiguous US)', fact: 'rural Kansas: uncontrolled Class G', at: [39.8283, -98.5795], status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'] },
  { place: 'Route from Lake Stevens into Paine Field', fact: 'a LineString input intersecting Class D', at: { type: 'LineString', coordinates: [[-122.1, 47.85], [-122.28, 47.9]] }, status: 'CAUTION', auth: 'LAANC', sources: [LAANC_ON] },
  { place: 'Point input at Lebanon, KS', fact: 'a Point area input works like a location without nearby notices', at: { type: 'Point', coordinates: [-98.5795, 39.8283] }, status: 'CLEAR_TO_FLY', auth: 'NOT_REQUIRED', sources: ['CLASS_G'] },
  { place: 'Polygon over Sea-Tac cells', fact: 'cells of one facility fold into one notice with the lowest ceiling', at: box(-122.33, 47.43, -122.28, 47.45), status: 'CAUTION', auth: 'LAANC', sources: ['UASFM_CEILING', LAANC_ON], count: { UASFM_CEILING: 1 }, says: /Lowest ceiling 0 ft AGL/ },
  { place: 'Polygon across the SEA and BFI grids', fact: 'one facility-map notice per facility', at: box(-122.32, 47.44, -122.3, 47.47), status: 'CAUTION', auth: 'LAANC', sources: ['UASFM_CEILING', LAANC_ON], count: { UASFM_CEILING: 2 }, classes: ['CLASS_B', 'CLASS_D'] },
];

function run(r: Row): BriefingResult {
  const opts = { now: NOW, ...(r.start ? { start: new Date(r.start) } : {}), ...(r.end ? { end: new Date(r.end) } : {}), ...(r.maxAlt !== undefined ? { maxAltitudeFt: r.maxAlt } : {}) };
  return Array.isArray(r.at) ? briefLocation(ds, r.at[0], r.at[1], opts) : briefArea(ds, r.at, opts);
}

const short = (s: string | undefined) => (s ?? '').replace(/^NOTICE_DATA_SOURCE_|^NOTICE_DATA_SUBTYPE_|^NOTICE_STATUS_|^AUTHORIZATION_TYPE_/, '');

describe('briefing conformance table', () => {
  it('has at least 40 scenarios', () => expect(rows.length).toBeGreaterThanOrEqual(40));

  it.each(rows.map((r) => [r.place, r] as const))('%s', (_place, r) => {
    const res = run(r);
    const notices = res.notices ?? [];
    const here = notices.filter((n) => n.distance === 0);
    const summary = { status: short(res.status), auth: short(res.authorizationType), sources: [...new Set(here.map((n) => short(n.dataSource)))].sort() };
    expect(summary, r.fact).toEqual({ status: r.status, auth: r.auth, sources: [...new Set(r.sources)].sort() });
    for (const s of r.nearby ?? []) expect(notices.some((n) => short(n.dataSource) === s && (n.distance ?? 0) > 0 && n.distance! <= 2), `nearby ${s}: ${r.fact}`).toBe(true);
    if (r.classes) {
      const controlled = here.filter((n) => n.dataSource === 'NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE' || n.dataSource === 'NOTICE_DATA_SOURCE_LAANC_NOT_ENABLED_CONTROLLED_AIRSPACE');
      expect([...new Set(controlled.map((n) => short(n.dataSubtype)))].sort(), r.fact).toEqual([...r.classes].sort());
    }
    for (const [s, n] of Object.entries(r.count ?? {})) expect(notices.filter((x) => short(x.dataSource) === s).length, r.fact).toBe(n);
    if (r.says) expect(notices.some((n) => r.says!.test(n.description ?? '')), `${r.says}: ${r.fact}`).toBe(true);
    // Notices come sorted by severity, then distance.
    const rank = { WARNING: 4, CAUTION: 3, CLEAR_TO_FLY: 2, INFORMATIONAL: 1, UNSPECIFIED: 0 } as Record<string, number>;
    for (let i = 1; i < notices.length; i++) {
      const a = notices[i - 1]!, b = notices[i]!;
      expect(rank[short(a.status)]! > rank[short(b.status)]! || (rank[short(a.status)] === rank[short(b.status)] && a.distance! <= b.distance!)).toBe(true);
    }
  });
});
