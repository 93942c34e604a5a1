/**
 * Conformance of one telemetry position to its operation (docs/positions.md "Conformance"): inside the
 * area (within a horizontal tolerance), not above the ceiling (within a vertical tolerance), inside the
 * time window (within a time tolerance). Pure: the caller gives the ground elevation it has.
 *
 * Where the altitude references differ (an MSL position for an AGL operation, or the reverse) the ground
 * comes from the terrain model, which is a model: the ground is assumed MODEL_GROUND_MARGIN_FT lower
 * (or higher) than modelled, whichever raises the event sooner, so the model's error errs restrictive.
 * Without coverage the altitude cannot be compared at all, which is an event of its own (ALTITUDE_UNKNOWN).
 */
import { booleanPointInPolygon, point, pointToPolygonDistance } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import type { ConformanceReason } from '../../contract/positions';
import { lengthUnitOf, toFeet } from '../../contract/units';
import { normaliseAtAntimeridian } from '../geometry/antimeridian';

/** A position this far outside the area (metres) is still conforming: GNSS error and the drawn edge. */
export const HORIZONTAL_TOLERANCE_M = 30;
/** Feet above maxAltitude still conforming: barometric and GNSS altitude error. */
export const VERTICAL_TOLERANCE_FT = 50;
/** Seconds before startTime or after endTime still conforming: clock differences. */
export const TIME_TOLERANCE_S = 30;
/** The terrain model's median error (docs/elevation.md), taken against the pilot when converting references. */
export const MODEL_GROUND_MARGIN_FT = 42;

export interface ConformanceOperation {
  boundary: Polygon;
  maxAltitude: number;
  altitudeUnit: string;
  altitudeReference: string;
  startTime: Date;
  endTime: Date;
}

export interface CheckedPosition {
  time: string;
  latitude: number;
  longitude: number;
  altitude: number;
  altitudeReference: 'AGL' | 'MSL';
}

export interface Nonconformance {
  reason: ConformanceReason;
  detail: string;
}

/** The operation's area once per operation: cut at 180° when it crosses it (RFC 7946 §3.1.9). */
export function conformanceArea(boundary: Polygon): Polygon | MultiPolygon {
  return normaliseAtAntimeridian(boundary);
}

/** The operation's ceiling in feet, and whether it is above the ground (AGL) or above sea level (MSL). */
export function operationCeiling(op: Pick<ConformanceOperation, 'maxAltitude' | 'altitudeUnit' | 'altitudeReference'>): { ft: number; reference: 'AGL' | 'MSL' } {
  const ft = toFeet(op.maxAltitude, lengthUnitOf(op.altitudeUnit));
  // WGS84 heights are taken as MSL: in the United States the geoid lies below the ellipsoid, so this
  // puts the ceiling lower than it is (restrictive). An unspecified reference is the platform's AGL.
  const reference = op.altitudeReference === 'ALTITUDE_REFERENCE_AMSL' || op.altitudeReference === 'ALTITUDE_REFERENCE_WGS84' ? 'MSL' : 'AGL';
  return { ft, reference };
}

export function checkPosition(
  op: ConformanceOperation,
  area: Polygon | MultiPolygon,
  p: CheckedPosition,
  groundFt: (lon: number, lat: number) => number | null,
): Nonconformance[] {
  const out: Nonconformance[] = [];
  const at = point([p.longitude, p.latitude]);
  if (!booleanPointInPolygon(at, area)) {
    const m = pointToPolygonDistance(at, area, { units: 'meters' });
    if (m > HORIZONTAL_TOLERANCE_M) out.push({ reason: 'OUTSIDE_AREA', detail: `${Math.round(m)} m outside the operation area (tolerance ${HORIZONTAL_TOLERANCE_M} m)` });
  }
  const altitude = altitudeProblem(op, p, groundFt);
  if (altitude) out.push(altitude);
  const t = Date.parse(p.time);
  const early = op.startTime.getTime() - t;
  const late = t - op.endTime.getTime();
  if (early > TIME_TOLERANCE_S * 1000) out.push({ reason: 'OUTSIDE_TIME_WINDOW', detail: `${Math.round(early / 1000)} s before the operation's start (tolerance ${TIME_TOLERANCE_S} s)` });
  else if (late > TIME_TOLERANCE_S * 1000) out.push({ reason: 'OUTSIDE_TIME_WINDOW', detail: `${Math.round(late / 1000)} s after the operation's end (tolerance ${TIME_TOLERANCE_S} s)` });
  return out;
}

function altitudeProblem(op: ConformanceOperation, p: CheckedPosition, groundFt: (lon: number, lat: number) => number | null): Nonconformance | null {
  const ceiling = operationCeiling(op);
  let altitude = p.altitude;
  let how = '';
  if (p.altitudeReference !== ceiling.reference) {
    const ground = groundFt(p.longitude, p.latitude);
    if (ground === null) {
      return { reason: 'ALTITUDE_UNKNOWN', detail: `the position is ${p.altitudeReference} and the operation ${ceiling.reference}, and the terrain model has no coverage here to convert` };
    }
    // MSL → AGL: ground assumed lower than modelled; AGL → MSL: ground assumed higher. Both raise the altitude.
    altitude = p.altitudeReference === 'MSL' ? p.altitude - (ground - MODEL_GROUND_MARGIN_FT) : p.altitude + ground + MODEL_GROUND_MARGIN_FT;
    how = ` (converted with the terrain model's ground of ${Math.round(ground)} ft MSL, less its ${MODEL_GROUND_MARGIN_FT} ft median error)`;
  }
  if (altitude <= ceiling.ft + VERTICAL_TOLERANCE_FT) return null;
  return {
    reason: 'ABOVE_ALTITUDE',
    detail: `${Math.round(altitude)} ft ${ceiling.reference}${how} is above the operation's ${Math.round(ceiling.ft)} ft ${ceiling.reference} (tolerance ${VERTICAL_TOLERANCE_FT} ft)`,
  };
}
