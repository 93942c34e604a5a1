/**
 * The ids of the airspace layers of the service's styles (server/tiles/style), and the groups a
 * pilot switches on and off in the portal (src/features/map-layers). Both import these: one name
 * in one place. Every id starts with "airspace-" so the portal can tell them from the basemap's.
 * server/tiles/style/layer-groups.test.ts fails if a style layer belongs to no group.
 */
export const AIRSPACE_LAYER = {
  uasfmFill: 'airspace-uasfm-fill',
  uasfmGrid: 'airspace-uasfm-grid',
  nationalParkFill: 'airspace-national-park-fill',
  nationalParkLine: 'airspace-national-park-line',
  suaFill: 'airspace-sua-fill',
  suaHatch: 'airspace-sua-hatch',
  suaLine: 'airspace-sua-line',
  classEBand: 'airspace-class-e-band',
  classELine: 'airspace-class-e-line',
  classFill: 'airspace-class-fill',
  classDLine: 'airspace-class-d-line',
  classCLine: 'airspace-class-c-line',
  classBLine: 'airspace-class-b-line',
  satrLine: 'airspace-satr-line',
  washingtonSfraLine: 'airspace-washington-sfra-line',
  washingtonFrzHatch: 'airspace-washington-frz-hatch',
  washingtonFrzLine: 'airspace-washington-frz-line',
  nsufrFill: 'airspace-nsufr-fill',
  nsufrLine: 'airspace-nsufr-line',
  communityAdvisoryLine: 'airspace-community-advisory-line',
  notamLine: 'airspace-notam-line',
  notamLabel: 'airspace-notam-label',
  mtrLine: 'airspace-mtr-line',
  tfrFill: 'airspace-tfr-fill',
  tfrLineActive: 'airspace-tfr-line-active',
  tfrLineScheduled: 'airspace-tfr-line-scheduled',
  uasfmLabel: 'airspace-uasfm-label',
  classLabel: 'airspace-class-label',
  mtrLabel: 'airspace-mtr-label',
  recreationalSite: 'airspace-recreational-site',
  stadium: 'airspace-stadium',
  airport: 'airspace-airport',
  suaLabel: 'airspace-sua-label',
  tfrLabel: 'airspace-tfr-label',
  nationalParkLabel: 'airspace-national-park-label',
  nsufrLabel: 'airspace-nsufr-label',
  washingtonFrzLabel: 'airspace-washington-frz-label',
  washingtonSfraLabel: 'airspace-washington-sfra-label',
} as const;
export type AirspaceLayerId = (typeof AIRSPACE_LAYER)[keyof typeof AIRSPACE_LAYER];

const L = AIRSPACE_LAYER;

/** The portal's layer groups, by id, in the order the layer switcher lists them. */
export const AIRSPACE_LAYER_GROUPS = {
  'controlled': [L.classFill, L.classBLine, L.classCLine, L.classDLine, L.classLabel],
  'class-e': [L.classEBand, L.classELine],
  'facility-map': [L.uasfmFill, L.uasfmGrid, L.uasfmLabel],
  'special-use': [L.suaFill, L.suaHatch, L.suaLine, L.suaLabel, L.mtrLine, L.mtrLabel],
  'tfr': [L.tfrFill, L.tfrLineActive, L.tfrLineScheduled, L.tfrLabel, L.notamLine, L.notamLabel],
  'stadiums': [L.stadium],
  'security': [L.nsufrFill, L.nsufrLine, L.nsufrLabel, L.washingtonSfraLine, L.washingtonSfraLabel, L.washingtonFrzHatch, L.washingtonFrzLine, L.washingtonFrzLabel, L.satrLine],
  'parks': [L.nationalParkFill, L.nationalParkLine, L.nationalParkLabel, L.recreationalSite],
  'advisories': [L.communityAdvisoryLine],
  'airports': [L.airport],
} as const satisfies Record<string, readonly AirspaceLayerId[]>;
export type AirspaceLayerGroupId = keyof typeof AIRSPACE_LAYER_GROUPS;

/**
 * Basemap layers that code outside the style names (tests, the portal): the modelled built-up areas at
 * city zoom (server/tiles/basemap-urban.ts), drawn over the land and under the water and the airspace.
 */
export const BASEMAP_LAYER = {
  urban: 'landuse-urban',
} as const;
