/**
 * Special air traffic rules areas (14 CFR part 93) and military training routes.
 * SATR: the areas of the eCFR text of 14 CFR 93 (Subparts D, G, J, M, U, W), boundaries simplified.
 * MTR: sandbox routes. Real routes are published in the DoD Area Planning AP/1B and charted on the
 * sectionals; we could not check their waypoints offline, so these lines only follow the IR/VR naming
 * scheme (AIM 3-5-2: four digits for routes entirely at or below 1,500 ft AGL, three digits otherwise)
 * and say "sandbox" in their names.
 */
import type { AltitudeLimit } from '../../model';
import { agl, msl, SFC, type Shape } from './shapes';

export interface SatrEntry {
  id: string;
  name: string;
  rule: string;
  shape: Shape;
  lower: AltitudeLimit;
  upper: AltitudeLimit;
  summary: string;
  url: string;
}

export const SATR: readonly SatrEntry[] = [
  {
    id: 'hudson-river', name: 'Hudson River Special Flight Rules Area', rule: '14 CFR 93.350–93.353 (Subpart W)',
    shape: { poly: [[-74.06, 40.6], [-74.02, 40.6], [-73.99, 40.7], [-73.96, 40.8], [-73.93, 40.9], [-73.95, 40.9], [-73.99, 40.8], [-74.03, 40.7]] },
    lower: SFC, upper: msl(1300), summary: 'VFR corridor along the Hudson River below 1,300 ft with mandatory procedures and self-announcing',
    url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-F/part-93/subpart-W',
  },
  {
    id: 'los-angeles', name: 'Los Angeles Special Flight Rules Area', rule: '14 CFR 93.93–93.95 (Subpart G)',
    shape: { box: [-118.47, 33.925, -118.36, 33.96] }, lower: msl(3500), upper: msl(4500),
    summary: 'VFR transition over LAX between 3,500 and 4,500 ft MSL', url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-F/part-93/subpart-G',
  },
  {
    id: 'grand-canyon', name: 'Grand Canyon National Park Special Flight Rules Area', rule: '14 CFR 93.301–93.325 (Subpart U)',
    shape: { box: [-113.9, 35.75, -111.6, 36.6] }, lower: SFC, upper: msl(17999),
    summary: 'flight-free zones and routes over Grand Canyon National Park', url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-F/part-93/subpart-U',
  },
  {
    id: 'anchorage', name: 'Anchorage, Alaska, Terminal Area (Lake Hood segment)', rule: '14 CFR 93.51–93.73 (Subpart D)',
    shape: { circle: [-149.965, 61.18, 3] }, lower: SFC, upper: msl(4100),
    summary: 'segment procedures for the busy float-plane base at Lake Hood', url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-F/part-93/subpart-D',
  },
  {
    id: 'ketchikan', name: 'Ketchikan, Alaska, Special Air Traffic Rules', rule: '14 CFR 93.151–93.153 (Subpart M)',
    shape: { circle: [-131.68, 55.35, 5] }, lower: SFC, upper: msl(3000),
    summary: 'reporting and altitude rules around Ketchikan harbour', url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-F/part-93/subpart-M',
  },
  {
    id: 'valparaiso', name: 'Valparaiso, Florida, Terminal Area', rule: '14 CFR 93.80–93.81 (Subpart J)',
    shape: { box: [-86.65, 30.35, -86.4, 30.6] }, lower: SFC, upper: msl(8500),
    summary: 'corridor rules through the Eglin AFB terminal area', url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-F/part-93/subpart-J',
  },
];

export interface MtrEntry {
  designator: string;
  kind: 'IR' | 'VR';
  /** Total corridor width in NM (the published width either side of the centre line, doubled). */
  widthNm: number;
  lower: AltitudeLimit;
  upper: AltitudeLimit;
  state: string;
  line: Array<[lon: number, lat: number]>;
}

export const MTR: readonly MtrEntry[] = [
  { designator: 'IR-109', kind: 'IR', widthNm: 8, lower: agl(500), upper: msl(9000), state: 'TX', line: [[-101.9, 33.6], [-101.0, 33.9], [-100.2, 34.3], [-99.6, 34.0]] },
  { designator: 'VR-1257', kind: 'VR', widthNm: 10, lower: agl(100), upper: agl(1500), state: 'NV', line: [[-117.5, 38.5], [-116.9, 38.9], [-116.2, 39.2], [-115.6, 38.8]] },
  { designator: 'IR-200', kind: 'IR', widthNm: 8, lower: agl(500), upper: msl(8000), state: 'CA', line: [[-120.2, 36.0], [-119.6, 36.6], [-119.0, 37.0]] },
  { designator: 'VR-1059', kind: 'VR', widthNm: 8, lower: agl(100), upper: agl(1500), state: 'NC', line: [[-78.9, 35.6], [-78.2, 35.9], [-77.6, 36.2]] },
  { designator: 'IR-035', kind: 'IR', widthNm: 8, lower: agl(500), upper: msl(6000), state: 'GA', line: [[-84.2, 32.2], [-83.5, 32.6], [-82.9, 33.0]] },
  { designator: 'VR-1544', kind: 'VR', widthNm: 6, lower: agl(200), upper: agl(1500), state: 'MT', line: [[-108.5, 47.2], [-107.6, 47.5], [-106.8, 47.3]] },
  { designator: 'IR-311', kind: 'IR', widthNm: 10, lower: agl(300), upper: msl(10000), state: 'AZ', line: [[-113.0, 34.2], [-112.3, 34.6], [-111.6, 34.9]] },
  { designator: 'VR-1354', kind: 'VR', widthNm: 8, lower: agl(100), upper: agl(1000), state: 'WA', line: [[-119.8, 46.6], [-119.2, 47.1], [-118.6, 47.5]] },
];
