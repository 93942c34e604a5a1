/**
 * Altitude awareness. A drone flies from the ground up to maxAltitude ft AGL, so only an airspace's
 * floor matters: airspace whose floor lies at or above the top of the flight does not concern it
 * (a Class B shelf, a Class E floor at 700 ft AGL).
 */
import type { Altitude } from '../../contract/briefing';
import type { AirspaceFeature, AltitudeLimit, FeatureGeometry } from '../../data/model';
import { TERRAIN_MARGIN_FT, TERRAIN_RADIUS_NM, type TerrainBound } from './terrain';
import type { Evaluated } from './types';

/** 14 CFR 107.51(b) and 49 U.S.C. 44809(a)(6): 400 ft AGL is the default top of a small-UAS flight. */
export const DEFAULT_MAX_ALTITUDE_FT = 400;

/**
 * Our choice where a feature states an MSL floor but no ground or field elevation: assume the ground
 * may lie as high as 800 ft MSL, so the floor is at least (floor - 800) ft AGL. For a 400 ft flight that
 * treats MSL floors at or above 1,200 ft as overhead, and keeps lower ones (conservative near the coast,
 * where most Class B shelves with low floors are).
 */
export const ASSUMED_GROUND_MSL_FT = 800;

/** Property names under which the generator or the importers may carry the ground or field elevation (ft MSL). */
const ELEVATION_PROPS = ['groundElevationFt', 'fieldElevationFt', 'elevationFt', 'elevation', 'ELEVATION'];

export function elevationFt(f: AirspaceFeature): number | undefined {
  for (const k of ELEVATION_PROPS) {
    const v = f.props?.[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  }
  return undefined;
}

/**
 * Added to the highest DEM ground under the flight (docs/elevation.md "AGL in briefings"): covers the
 * DEM's own vertical error (3DEP about 3 ft RMSE, SRTM about 30 ft at 90% confidence) and trees or
 * buildings a drone climbs over, so a floor is never placed higher above the drone than it may be.
 */
export const DEM_MARGIN_FT = 50;

/** The highest ground an imported DEM reports under the flight's area (ft MSL). */
export interface GroundMax {
  maxFt: number;
  /** dem:<name> of the DEMs that answered. */
  source: string;
  /** True when the DEMs cover the whole area with data; otherwise the fixed assumption still bounds it below. */
  complete: boolean;
}

/** Given by the route layer (which reads the DEM): the ground under an area, or undefined where no DEM reaches. No I/O here. */
export type GroundProvider = (area: FeatureGeometry) => GroundMax | undefined;

/**
 * The ground (ft MSL) a drone may stand on when a floor is stated in MSL: the DEM maximum plus the
 * margin where a DEM covers the whole area; where one covers part of it, the higher of that and the
 * fallback; without a DEM, the fallback: the feature's own elevation or the fixed assumption, raised to
 * the airports' terrain bound (terrain.ts) where the dataset's airports near the flight lie higher.
 */
export function groundFt(f: AirspaceFeature, ground?: GroundMax, terrainFt?: number): number {
  const own = elevationFt(f) ?? ASSUMED_GROUND_MSL_FT;
  const fallback = terrainFt !== undefined && terrainFt > own ? terrainFt : own;
  if (!ground) return fallback;
  const dem = ground.maxFt + DEM_MARGIN_FT;
  return ground.complete ? dem : Math.max(fallback, dem);
}

/** The floor of a feature in ft AGL, estimated as above for MSL floors. */
export function floorAglFt(f: AirspaceFeature, ground?: GroundMax, terrainFt?: number): number {
  const lower = f.lower;
  if (!lower || lower.reference === 'SFC' || lower.value <= 0) return 0;
  if (lower.reference === 'AGL') return lower.value;
  return Math.max(0, lower.value - groundFt(f, ground, terrainFt));
}

/** True when the whole flight stays below the feature's floor. */
export function isOverhead(f: AirspaceFeature, maxAltitudeFt: number, ground?: GroundMax, terrainFt?: number): boolean {
  return floorAglFt(f, ground, terrainFt) >= Math.max(maxAltitudeFt, 1);
}

export const hasMslFloor = (f: AirspaceFeature): boolean => f.lower?.reference === 'MSL' && f.lower.value > 0;

/**
 * Says on each notice with an MSL floor which ground turned it into AGL when it was not the fixed
 * assumption: the DEM, the DEM and the fallback, or the airports' terrain bound (terrain.ts).
 */
export function noteGround(evaluated: Evaluated[], ground: GroundMax | undefined, terrainOf?: () => TerrainBound | undefined, maxAltitudeFt = DEFAULT_MAX_ALTITUDE_FT): void {
  for (const e of evaluated) {
    // Facility-map cells start at the surface: a folded notice of hundreds of them is not searched.
    const f = e.features[0]?.layer === 'uasfm' ? undefined : e.features.find(hasMslFloor);
    // Without a DEM the airports' bound is said only where it brought the floor into reach (the fixed
    // assumption alone left it overhead): elsewhere the answer is as before, word for word.
    if (!f || (!ground && !isOverhead(f, maxAltitudeFt))) continue;
    const terrain = terrainOf?.();
    const terrainFt = terrain?.groundFt;
    const own = elevationFt(f) ?? ASSUMED_GROUND_MSL_FT;
    const byTerrain = terrain !== undefined && terrain.groundFt > own;
    const fallbackText = byTerrain ? terrainText(terrain) : `${feetText(own)} ft MSL`;
    let how: string;
    if (ground?.complete) how = `the highest ground under the flight in ${ground.source} is ${ground.maxFt.toLocaleString('en-US')} ft MSL, plus a ${DEM_MARGIN_FT} ft margin`;
    else if (ground) how = `${ground.source} covers only part of the flight (highest ground ${ground.maxFt.toLocaleString('en-US')} ft MSL plus a ${DEM_MARGIN_FT} ft margin), so the higher of that and ${fallbackText} is assumed`;
    else if (byTerrain) how = `no terrain model covers the flight, so the ground is taken as ${fallbackText}`;
    else continue;
    const g = groundFt(f, ground, terrainFt);
    const note = `Floor ${describeLimit(f.lower)} is taken as ${feetText(floorAglFt(f, ground, terrainFt))} ft above the ground: ${how} (${feetText(g)} ft MSL).`;
    e.notice.description = e.notice.description ? `${e.notice.description} ${note}` : note;
  }
}

function terrainText(t: TerrainBound): string {
  return `up to the highest airport within ${TERRAIN_RADIUS_NM} NM (${t.ident}, ${feetText(t.airportFt)} ft MSL) plus a ${TERRAIN_MARGIN_FT} ft margin`;
}

export function toAltitude(limit: AltitudeLimit | undefined): Altitude | undefined {
  if (!limit) return undefined;
  // FAA data writes "unlimited" tops as large negative sentinels (-9998): say nothing rather than mislead.
  if (limit.value < 0) return undefined;
  const reference = limit.reference === 'MSL' ? 'ALTITUDE_REFERENCE_AMSL' : 'ALTITUDE_REFERENCE_AGL';
  return { value: limit.reference === 'SFC' ? 0 : limit.value, reference, unit: 'ALTITUDE_UNIT_FEET' };
}

export function feetAgl(value: number): Altitude {
  return { value, reference: 'ALTITUDE_REFERENCE_AGL', unit: 'ALTITUDE_UNIT_FEET' };
}

/** Feet as en-US text, by value: toLocaleString costs ~1 µs, and a briefing writes the same few dozen altitudes again and again. */
const feetTexts = new Map<number, string>();

function feetText(v: number): string {
  let t = feetTexts.get(v);
  if (t === undefined) {
    t = v.toLocaleString('en-US');
    // Bounded: the dataset's altitudes are a few hundred values; anything beyond is written each time.
    if (feetTexts.size < 4096 && !Object.is(v, -0)) feetTexts.set(v, t);
  }
  return t;
}

export function describeLimit(limit: AltitudeLimit | undefined): string {
  if (!limit || limit.reference === 'SFC' || limit.value === 0) return 'the surface';
  return `${feetText(limit.value)} ft ${limit.reference}`;
}
