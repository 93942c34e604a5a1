/**
 * Suitability (spec 4.10) and the classification surface that replaces it: each H3 cell scored 0..100
 * for flying a given UA, from the modelled ground density and the features near the cell, weighted by
 * the caller. The formula and every default are in docs/ground-risk.md ("Suitability scoring").
 */
import { booleanPointInPolygon } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { cellToLatLng } from 'h3-js';
import { SUITABILITY_FEATURES, type SuitabilityFeatureName } from '../../contract/surface';
import { expandBBox, geometryBBox, type BBox, type Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry, Layer } from '../../data/model';
import type { CellDensity } from './ground-type';
import { LAYER_SPECS, stadiumRadiusNm } from './layers';
import type { UavProfile } from './uav-profile';
import type { Budget } from '../budget';

/** The features found near a cell in the dataset; `population` is the ground term, not a dataset feature. */
type NearFeatureName = Exclude<SuitabilityFeatureName, 'population'>;

interface Rule {
  description: string;
  defaultWeight: number;
  /** Physical infrastructure, reported in infrastructureTypes. */
  infrastructure: boolean;
  layers: Layer[];
  match(f: AirspaceFeature): boolean;
  /** Reach of a point feature, NM: its influence fades linearly to 0 there. */
  radiusNm(f: AirspaceFeature): number;
  geometry?(f: AirspaceFeature): FeatureGeometry;
}

const areaRule = (description: string, defaultWeight: number, layers: Layer[], match: (f: AirspaceFeature) => boolean = () => true): Rule => ({
  description, defaultWeight, infrastructure: false, layers, match, radiusNm: () => 0.5,
});
const pointRule = (description: string, defaultWeight: number, layer: Layer, match: (f: AirspaceFeature) => boolean, nm: number | ((f: AirspaceFeature) => number)): Rule => ({
  description, defaultWeight, infrastructure: true, layers: [layer], match, radiusNm: typeof nm === 'number' ? () => nm : nm,
});

/** Positive weights count against a cell near the feature, negative ones for it. */
export const SUITABILITY_RULES: Readonly<Record<NearFeatureName, Rule>> = {
  // Spec 8: airports are looked at within 3 NM; heliports and seaplane bases are smaller (our choice: 1 NM).
  airports: pointRule('Airports, fading to nothing at 3 NM', 0.6, 'airport', (f) => f.subtype === 'AIRPORT', 3),
  heliports: pointRule('Heliports, fading to nothing at 1 NM', 0.3, 'airport', (f) => f.subtype === 'HELIPORT', 1),
  seaports: pointRule('Seaplane bases, fading to nothing at 1 NM', 0.2, 'airport', (f) => f.subtype === 'SEAPLANE_BASE', 1),
  // The stadium restriction's 3 NM (FDC 4/3621).
  stadiums: pointRule('Stadiums, fading to nothing at their restriction radius (3 NM)', 0.5, 'stadium', () => true, stadiumRadiusNm),
  // The Park Service bars launching and landing on its land.
  national_parks: areaRule('National Park Service land', 1, ['national_park']),
  controlled_airspace: areaRule('Controlled airspace whose floor reaches the flight; half inside a facility-map cell whose ceiling allows it', 0.5, ['class_airspace', 'uasfm']),
  restricted_airspace: areaRule(
    'Prohibited and restricted special-use airspace, national-security restrictions, the Washington FRZ, TFRs',
    1,
    ['sua', 'nsufr', 'washington_frz', 'tfr'],
    (f) => f.layer !== 'sua' || f.subtype === 'PROHIBITED' || f.subtype === 'RESTRICTED',
  ),
  mtr: { ...areaRule('Military training route corridors', 0.2, ['mtr']), geometry: (f) => LAYER_SPECS.mtr_buffer.geometry(f) },
  // A recreational flyer fixed site is a place set aside for flying: mildly in favour by default.
  recreational_sites: { ...areaRule('FAA-approved recreational flyer fixed sites (in favour by default)', -0.2, ['recreational_flyer_fixed_site']), infrastructure: false },
};

/** Default weight of the ground term: 1 scores the population model's density in full. */
export const POPULATION_DEFAULT_WEIGHT = 1;

/** Every name `features` accepts, as GET /v2/surface/layers lists them. */
export function suitabilityFeatureList(): Array<{ name: SuitabilityFeatureName; description: string; defaultWeight: number }> {
  return SUITABILITY_FEATURES.map((name) =>
    name === 'population'
      ? { name, description: 'Ground risk from the population model (docs/ground-risk.md): its weight scales the density term, 0..1', defaultWeight: POPULATION_DEFAULT_WEIGHT }
      : { name, description: SUITABILITY_RULES[name].description, defaultWeight: SUITABILITY_RULES[name].defaultWeight },
  );
}

interface Candidate {
  name: NearFeatureName;
  bbox: BBox;
  geometry: FeatureGeometry;
  radiusKm: number;
  /** Presence inside an area: 1, or 0.5 in a facility-map cell whose ceiling allows the flight. */
  factor: number;
  facilityMap: boolean;
}

export interface SuitabilityOptions {
  weights?: Partial<Record<SuitabilityFeatureName, { weight: number }>> | undefined;
  profile: UavProfile;
  maxAltitudeFt: number;
  /** The request's time budget, checked once per cell. */
  budget?: Budget | undefined;
}

export interface CellSuitability {
  score: number;
  infrastructureTypes: NearFeatureName[];
  suitableFeatures: NearFeatureName[];
  /** Whether any feature is near the cell (noFill leaves the others out). */
  hasFeatures: boolean;
}

function candidates(ds: Dataset, area: BBox, maxAltitudeFt: number): Candidate[] {
  const out: Candidate[] = [];
  for (const [name, rule] of Object.entries(SUITABILITY_RULES) as Array<[NearFeatureName, Rule]>) {
    for (const f of ds.search(expandBBox(area, 3.5), rule.layers)) {
      if (!rule.match(f)) continue;
      if (name === 'controlled_airspace' && f.layer === 'class_airspace' && f.lower && f.lower.reference !== 'SFC' && f.lower.value > 0) {
        // Only airspace whose floor is at or below the flight counts (an AGL floor; MSL floors need terrain we lack).
        if (f.lower.reference !== 'AGL' || f.lower.value > maxAltitudeFt) continue;
      }
      const geometry = rule.geometry ? rule.geometry(f) : f.geometry;
      const radiusKm = geometry.type === 'Point' ? rule.radiusNm(f) * 1.852 : 0;
      // Facility-map cells whose ceiling covers the flight can be auto-authorized through LAANC: half weight.
      const factor = f.layer === 'uasfm' && (f.ceilingFt ?? 0) >= maxAltitudeFt ? 0.5 : 1;
      const bb = geometryBBox(geometry);
      out.push({ name, geometry, radiusKm, factor, facilityMap: f.layer === 'uasfm', bbox: radiusKm > 0 ? expandBBox(bb, radiusKm / 1.852) : bb });
    }
  }
  return out;
}

function presence(c: Candidate, lat: number, lon: number): number {
  if (lon < c.bbox[0] || lon > c.bbox[2] || lat < c.bbox[1] || lat > c.bbox[3]) return 0;
  if (c.geometry.type === 'Point') {
    const [plon, plat] = c.geometry.coordinates as [number, number];
    const km = Math.hypot((lon - plon) * 111.2 * Math.cos((lat * Math.PI) / 180), (lat - plat) * 111.2);
    return Math.max(0, 1 - km / c.radiusKm);
  }
  if (c.geometry.type === 'LineString') return 0;
  return booleanPointInPolygon([lon, lat], c.geometry as Polygon | MultiPolygon) ? c.factor : 0;
}

/** Ground score: 100 over empty land, 20 points lost per tenfold density (scaled by the UA's harm factor). */
export function groundScore(popPerSqKm: number, profile: UavProfile): number {
  const mass = profile.weightClass === 'micro' ? 0.25 : profile.weightClass === 'large' ? 4 : 1;
  const type = profile.type === 'fixed_wing' ? 1.5 : profile.type === 'multirotor' ? 1 : 1.25;
  const los = profile.los === 'BVLOS' ? 1.5 : profile.los === 'EVLOS' ? 1.25 : 1;
  return Math.min(100, Math.max(0, 100 - 20 * Math.log10(1 + mass * type * los * popPerSqKm)));
}

export function scoreCells(ds: Dataset, cells: readonly CellDensity[], opts: SuitabilityOptions): CellSuitability[] {
  const weightOf = (n: NearFeatureName) => opts.weights?.[n]?.weight ?? SUITABILITY_RULES[n].defaultWeight;
  // Never below 0 (the contract refuses it too): crowds do not count in favour of a cell.
  const populationWeight = Math.max(0, opts.weights?.population?.weight ?? POPULATION_DEFAULT_WEIGHT);
  let area: BBox | null = null;
  const centres = cells.map((c) => cellToLatLng(c.cell));
  for (const [lat, lon] of centres) area = area ? [Math.min(area[0], lon), Math.min(area[1], lat), Math.max(area[2], lon), Math.max(area[3], lat)] : [lon, lat, lon, lat];
  const cands = area ? candidates(ds, area, opts.maxAltitudeFt) : [];
  return cells.map((c, i) => {
    opts.budget?.check();
    const [lat, lon] = centres[i]!;
    const near = new Map<NearFeatureName, number>();
    let facilityMap: number | undefined;
    for (const cand of cands) {
      const p = presence(cand, lat, lon);
      if (p <= 0) continue;
      if (cand.facilityMap) facilityMap = Math.max(facilityMap ?? 0, p);
      else near.set(cand.name, Math.max(near.get(cand.name) ?? 0, p));
    }
    // Inside a facility-map cell its ceiling decides, even where a class polygon also covers the cell.
    if (facilityMap !== undefined) near.set('controlled_airspace', facilityMap);
    // The ground term is the population feature: 100 − G points lost at weight 1 (docs/ground-risk.md).
    let score = 100 - populationWeight * (100 - groundScore(c.popPerSqKm, opts.profile));
    const infrastructureTypes: NearFeatureName[] = [];
    const suitableFeatures: NearFeatureName[] = [];
    for (const [name, p] of near) {
      const w = weightOf(name);
      score -= 100 * w * p;
      if (SUITABILITY_RULES[name].infrastructure) infrastructureTypes.push(name);
      if (w < 0) suitableFeatures.push(name);
    }
    return { score: Math.round(Math.min(100, Math.max(0, score))), infrastructureTypes: infrastructureTypes.sort(), suitableFeatures: suitableFeatures.sort(), hasFeatures: near.size > 0 };
  });
}

/** Classification surface classes (our thresholds). */
export function suitabilityClass(score: number): 'SUITABLE' | 'CAUTION' | 'UNSUITABLE' {
  return score >= 70 ? 'SUITABLE' : score >= 40 ? 'CAUTION' : 'UNSUITABLE';
}
