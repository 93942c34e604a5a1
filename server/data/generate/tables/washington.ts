/**
 * The Washington DC area. Sources: FDC NOTAM 4/2565 (Flight Restricted Zone) and FDC NOTAM 4/9433
 * (Special Flight Rules Area), 14 CFR 93 Subpart V (93.331–93.345), FAA JO 7400.10 (P-56A, P-56B).
 * The FRZ and SFRA are drawn as circles about the DCA VOR/DME; their real boundaries follow landmarks
 * and radials. Public-domain FAA facts.
 */
import type { Shape } from './shapes';

/** DCA VOR/DME, 38°51'34.4"N 77°02'11.1"W (FDC NOTAM 4/2565). */
export const DCA_VOR: [lon: number, lat: number] = [-(77 + 2 / 60 + 11.1 / 3600), 38 + 51 / 60 + 34.4 / 3600];
export const FRZ_RADIUS_NM = 15;
export const SFRA_RADIUS_NM = 30;
export const FRZ_SFRA_TOP_MSL = 18000;

export const FRZ_URL = 'https://www.faa.gov/uas/resources/community_engagement/no_drone_zone/dc';
export const SFRA_URL = 'https://www.faa.gov/air_traffic/publications/atpubs/aim_html/chap5_section_6.html';

export interface ProhibitedArea {
  designator: string;
  name: string;
  shape: Shape;
  topMsl: number;
  note: string;
}

/** P-56A: the White House, the Ellipse and the National Mall to the Capitol; P-56B: the Naval Observatory. */
export const P56: readonly ProhibitedArea[] = [
  {
    designator: 'P-56A', name: 'P-56A White House and National Mall', topMsl: 18000,
    note: 'the White House, the Ellipse and the National Mall from the Lincoln Memorial to the Capitol',
    shape: {
      poly: [[-77.052, 38.887], [-77.0085, 38.887], [-77.0085, 38.8925], [-77.033, 38.8935], [-77.033, 38.9005],
        [-77.041, 38.9005], [-77.041, 38.8935], [-77.052, 38.8935]],
    },
  },
  { designator: 'P-56B', name: 'P-56B Naval Observatory', topMsl: 18000, note: "the Vice President's residence at the Naval Observatory", shape: { circle: [-77.0669, 38.9217, 0.5] } },
];

/**
 * The other permanent prohibited areas of JO 7400.10, as circles of about their published radius; tops
 * rounded. Hawaii's areas are not included: we could not confirm their designators and limits offline.
 */
export const OTHER_PROHIBITED: readonly ProhibitedArea[] = [
  { designator: 'P-40', name: 'P-40 Thurmont (Camp David)', shape: { circle: [-77.465, 39.6481, 3] }, topMsl: 5000, note: 'the presidential retreat at Camp David, Maryland' },
  { designator: 'P-47', name: 'P-47 Amarillo (Pantex Plant)', shape: { circle: [-101.557, 35.317, 2] }, topMsl: 4800, note: 'the Pantex nuclear weapons plant near Amarillo, Texas' },
  { designator: 'P-49', name: 'P-49 Crawford', shape: { circle: [-97.5339, 31.5817, 1] }, topMsl: 3000, note: 'the Prairie Chapel Ranch near Crawford, Texas' },
  { designator: 'P-50', name: 'P-50 Kings Bay', shape: { circle: [-81.54, 30.797, 2] }, topMsl: 2500, note: 'Naval Submarine Base Kings Bay, Georgia' },
  { designator: 'P-51', name: 'P-51 Bangor', shape: { circle: [-122.715, 47.73, 2] }, topMsl: 2500, note: 'Naval Base Kitsap-Bangor, Washington' },
  { designator: 'P-67', name: 'P-67 Kennebunkport', shape: { circle: [-70.4636, 43.3384, 1] }, topMsl: 1000, note: "Walker's Point, Kennebunkport, Maine" },
  { designator: 'P-73', name: 'P-73 Mount Vernon', shape: { circle: [-77.1074, 38.7293, 0.5] }, topMsl: 1500, note: "George Washington's estate at Mount Vernon, Virginia" },
];
