/**
 * Altitude awareness. A drone flies from the ground up to maxAltitude ft AGL, so only an airspace's
 * floor matters: airspace whose floor lies at or above the top of the flight does not concern it
 * (a Class B shelf, a Class E floor at 700 ft AGL).
 */
import type { Altitude } from '../../contract/briefing';
import type { AirspaceFeature, AltitudeLimit } from '../../data/model';

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

/** The floor of a feature in ft AGL, estimated as above for MSL floors. */
export function floorAglFt(f: AirspaceFeature): number {
  const lower = f.lower;
  if (!lower || lower.reference === 'SFC' || lower.value <= 0) return 0;
  if (lower.reference === 'AGL') return lower.value;
  const ground = elevationFt(f) ?? ASSUMED_GROUND_MSL_FT;
  return Math.max(0, lower.value - ground);
}

/** True when the whole flight stays below the feature's floor. */
export function isOverhead(f: AirspaceFeature, maxAltitudeFt: number): boolean {
  return floorAglFt(f) >= Math.max(maxAltitudeFt, 1);
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

export function describeLimit(limit: AltitudeLimit | undefined): string {
  if (!limit || limit.reference === 'SFC' || limit.value === 0) return 'the surface';
  return `${limit.value.toLocaleString('en-US')} ft ${limit.reference}`;
}
