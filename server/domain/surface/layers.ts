/**
 * The 18 layer codes of spec 4.11 mapped onto the airspace dataset (server/data/model.ts), with the
 * geometry each code serves and the fields a client may ask for. Field names are flat; nested
 * dataset values (altitude limits, contact, schedule) are spread into them (docs/ground-risk.md).
 */
import { buffer, circle, simplify } from '@turf/turf';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { SurfaceLayerCode } from '../../contract/surface';
import type { AirspaceFeature, FeatureGeometry, Layer, Subtype } from '../../data/model';

export interface LayerSpec {
  code: SurfaceLayerCode;
  description: string;
  source: { layer: Layer; subtype?: Subtype; filter?: string };
  geometryType: string;
  /** Fields every feature of the code may carry besides its source's own props. */
  fields: readonly string[];
  /** How far (NM) the served geometry reaches beyond the dataset feature's bbox. */
  reachNm: number;
  match(f: AirspaceFeature): boolean;
  geometry(f: AirspaceFeature): FeatureGeometry;
}

const BASE = ['id', 'name', 'ident', 'type', 'description', 'lowerAltitude', 'lowerReference', 'upperAltitude', 'upperReference', 'authority', 'sourceId', 'sourceUrl', 'contactText', 'contactPhone', 'contactEmail', 'contactUrl'];
const SCHEDULE = ['scheduleText', 'startTime', 'endTime', 'timezone', 'timesOfUse'];
const CONTROL = ['laancEnabled', 'facility'];

/** Spec 8 and domain.md: stadium restrictions reach 3 NM, unless the data gives a radius. */
export const STADIUM_RADIUS_NM = 3;
/** MTR corridor width when a route carries none (our choice: 4 NM each side of the centre line). */
export const DEFAULT_MTR_WIDTH_NM = 8;
/** Tolerance of the simplified park outlines, degrees (about 100 m). */
const PARK_SIMPLIFY_DEG = 0.001;

const same = (f: AirspaceFeature) => f.geometry;
const polygonOf = (f: Feature<Polygon | MultiPolygon> | undefined, fallback: FeatureGeometry): FeatureGeometry => f?.geometry ?? fallback;

export function stadiumRadiusNm(f: AirspaceFeature): number {
  const r = f.props?.radiusNm;
  return typeof r === 'number' && r > 0 ? r : STADIUM_RADIUS_NM;
}

export function mtrWidthNm(f: AirspaceFeature): number {
  const w = f.props?.widthNm;
  return typeof w === 'number' && w > 0 ? w : DEFAULT_MTR_WIDTH_NM;
}

function spec(
  code: SurfaceLayerCode,
  description: string,
  layer: Layer,
  extra: Partial<Pick<LayerSpec, 'geometryType' | 'fields' | 'reachNm' | 'match' | 'geometry'>> & { subtype?: Subtype; filter?: string } = {},
): LayerSpec {
  const { subtype, filter, ...rest } = extra;
  return {
    code,
    description,
    source: { layer, ...(subtype ? { subtype } : {}), ...(filter ? { filter } : {}) },
    geometryType: 'Polygon|MultiPolygon',
    fields: BASE,
    reachNm: 0,
    match: (f) => f.layer === layer && (!subtype || f.subtype === subtype),
    geometry: same,
    ...rest,
  };
}

export const LAYER_SPECS: Readonly<Record<SurfaceLayerCode, LayerSpec>> = {
  airports: spec('airports', 'Airports (FAA NASR): awareness points', 'airport', { subtype: 'AIRPORT', geometryType: 'Point' }),
  faa_helipads: spec('faa_helipads', 'Heliports (FAA NASR)', 'airport', { subtype: 'HELIPORT', geometryType: 'Point' }),
  seaport: spec('seaport', 'Seaplane bases (FAA NASR)', 'airport', { subtype: 'SEAPLANE_BASE', geometryType: 'Point' }),
  class_airspace_schedule: spec('class_airspace_schedule', 'Class B, C, D and E surface-area airspace with its times of use', 'class_airspace', {
    fields: [...BASE, ...CONTROL, ...SCHEDULE],
  }),
  community_advisories: spec('community_advisories', 'State and local community advisories', 'community_advisory', { fields: [...BASE, ...SCHEDULE] }),
  mtr_buffer: spec('mtr_buffer', 'Military training routes as corridors: the centre line buffered by half the route width', 'mtr', {
    fields: [...BASE, 'widthNm'],
    geometry: (f) => (f.geometry.type === 'LineString' ? polygonOf(buffer(f.geometry, mtrWidthNm(f) / 2, { units: 'nauticalmiles' }), f.geometry) : f.geometry),
  }),
  national_parks_simple: spec('national_parks_simple', 'National Park Service land, outlines simplified to about 100 m', 'national_park', {
    geometry: (f) => (f.geometry.type === 'Polygon' || f.geometry.type === 'MultiPolygon' ? simplify(f.geometry, { tolerance: PARK_SIMPLIFY_DEG }) : f.geometry),
  }),
  notams: spec('notams', 'NOTAMs with a geometry (other than TFRs)', 'notam', { fields: [...BASE, ...SCHEDULE] }),
  nsufr_ft: spec('nsufr_ft', 'National-security UAS flight restrictions in force full time (14 CFR 99.7)', 'nsufr', {
    filter: 'partTime is not true',
    fields: [...BASE, ...SCHEDULE, 'partTime'],
    match: (f) => f.layer === 'nsufr' && f.props?.partTime !== true,
  }),
  nsufr_pt: spec('nsufr_pt', 'National-security UAS flight restrictions in force part time', 'nsufr', {
    filter: 'partTime is true',
    fields: [...BASE, ...SCHEDULE, 'partTime'],
    match: (f) => f.layer === 'nsufr' && f.props?.partTime === true,
  }),
  recreational_flyer_fixed_sites: spec('recreational_flyer_fixed_sites', 'FAA-approved recreational flyer fixed sites', 'recreational_flyer_fixed_site', {
    geometryType: 'Point|Polygon',
  }),
  satr: spec('satr', 'Special air traffic rules areas (14 CFR 93)', 'satr', { fields: [...BASE, ...SCHEDULE] }),
  sporting_tfr: spec('sporting_tfr', 'Stadium restrictions as areas: each stadium buffered by 3 NM (FDC 4/3621; spec 8)', 'stadium', {
    geometryType: 'Polygon',
    fields: [...BASE, 'radiusNm', 'events'],
    reachNm: 10,
    geometry: (f) => (f.geometry.type === 'Point' ? circle(f.geometry.coordinates, stadiumRadiusNm(f), { steps: 64, units: 'nauticalmiles' }).geometry : f.geometry),
  }),
  stadium: spec('stadium', 'Stadiums of 30,000 seats or more (points)', 'stadium', { geometryType: 'Point', fields: [...BASE, 'radiusNm', 'events'] }),
  sua_schedule: spec('sua_schedule', 'Special-use airspace (prohibited, restricted, MOA, alert, warning...) with its times of use', 'sua', {
    fields: [...BASE, ...SCHEDULE],
  }),
  tfr: spec('tfr', 'Temporary flight restrictions', 'tfr', { fields: [...BASE, ...SCHEDULE] }),
  uasfm_ceiling: spec('uasfm_ceiling', 'UAS facility-map grid cells with their LAANC ceiling (ft AGL)', 'uasfm', { fields: [...BASE, ...CONTROL, 'ceilingFt'] }),
  washington_frz: spec('washington_frz', 'Washington DC Flight Restricted Zone (FDC 4/2565)', 'washington_frz'),
};

/** Every value of a dataset feature as flat properties: its source's props, then the named fields. */
export function flatten(f: AirspaceFeature, spec: LayerSpec): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(f.props ?? {}) };
  const put = (k: string, v: unknown) => {
    if (v !== undefined) out[k] = v;
  };
  put('id', f.id);
  put('name', f.name);
  put('ident', f.ident);
  put('type', f.subtype);
  put('description', f.description);
  put('lowerAltitude', f.lower?.value);
  put('lowerReference', f.lower?.reference);
  put('upperAltitude', f.upper?.value);
  put('upperReference', f.upper?.reference);
  put('authority', f.authority);
  put('sourceId', f.sourceId);
  put('sourceUrl', f.sourceUrl);
  put('contactText', f.contact?.text);
  put('contactPhone', f.contact?.phoneNumber);
  put('contactEmail', f.contact?.email);
  put('contactUrl', f.contact?.url);
  put('laancEnabled', f.laancEnabled);
  put('facility', f.facility);
  put('ceilingFt', f.ceilingFt);
  put('scheduleText', f.schedule?.text);
  put('startTime', f.schedule?.startTime);
  put('endTime', f.schedule?.endTime);
  put('timezone', f.schedule?.timezone);
  put('timesOfUse', f.schedule?.timesOfUse);
  put('events', f.events);
  if (spec.code === 'sporting_tfr' || spec.code === 'stadium') put('radiusNm', stadiumRadiusNm(f));
  if (spec.code === 'mtr_buffer') put('widthNm', mtrWidthNm(f));
  return out;
}
