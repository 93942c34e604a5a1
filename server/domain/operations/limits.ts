/**
 * Geometry limits of operation creation (spec 4.3 and section 8), as pure functions with no service
 * imports so the portal (src/geo) can mirror or import them and show the same errors before sending.
 *
 * - A LineString is buffered into a Polygon (spec 4.3). The buffer radius is not in the spec: ours is
 *   LINESTRING_BUFFER_METERS each side of the line (a 100 m corridor).
 * - The Polygon must be closed and have no interior rings, an area of at most 10 square miles, and no
 *   side longer than 10 NM. "Side" is read as an edge of the polygon's ring (docs/operations-laanc.md).
 * - Self-intersecting rings are refused too (not in the spec; they have no meaningful area).
 */
import { area, buffer, distance, lineString } from '@turf/turf';
import type { LineString, Polygon, Position } from 'geojson';
import { MAX_AREA_SQ_MI, MAX_SIDE_NM } from '../../contract/operation-limits';
import { SQ_METERS_PER_SQ_MI } from '../../contract/units';
import { bufferAcross, normaliseAtAntimeridian, unwrapRing } from '../geometry/antimeridian';
import { nearSegmentPairs, thinPath } from '../geometry/path-buffer';
import { ringsAreSimple } from '../geometry/simple';

export { MAX_AREA_SQ_MI, MAX_SIDE_NM } from '../../contract/operation-limits';
export const LINESTRING_BUFFER_METERS = 50;
/**
 * A path's positions within this of the line kept are dropped before it is buffered, and the buffer is
 * widened by as much (only when a position was dropped): a GPS track or a dense line costs what its shape
 * costs, and the corridor still holds every position sent (docs/security.md, third pass).
 */
export const PATH_THIN_METERS = 1;
/**
 * Pairs of a path's segments (not next to each other) within two buffer radii of each other, after
 * thinning, above which the path is refused rather than buffered: about 0.25–0.5 ms of turf's buffer
 * each on the shared machine (600 pairs ≈ 150–300 ms). A survey pattern of 100 lines 30 m apart has
 * 518; lines 100 m apart, 2 per line.
 */
export const MAX_PATH_NEAR_PAIRS = 600;

export type LimitRule = 'min_positions' | 'closed_ring' | 'interior_rings' | 'self_intersection' | 'max_area' | 'max_side' | 'buffer_failed' | 'path_overlap';

export interface LimitViolation {
  rule: LimitRule;
  message: string;
  limit?: number;
  actual?: number;
}

/** Geodesic area of a polygon in square statute miles (a polygon across 180° is the small one, cut there). */
export function areaSqMi(p: Polygon): number {
  return area(normaliseAtAntimeridian(p)) / SQ_METERS_PER_SQ_MI;
}

/** Length in nautical miles of every edge of every ring. */
export function sideLengthsNm(p: Polygon): number[] {
  const out: number[] = [];
  for (const ring of p.coordinates) {
    for (let i = 1; i < ring.length; i++) out.push(distance(ring[i - 1]!, ring[i]!, { units: 'nauticalmiles' }));
  }
  return out;
}

export function longestSideNm(p: Polygon): number {
  return Math.max(0, ...sideLengthsNm(p));
}

/** turf's default: arcs drawn as 8 segments a quarter circle. */
const BUFFER_STEPS = 8;
/**
 * The arcs of caps and bends are chords between points at the radius, so they cut up to
 * r(1 - cos(π/32)) inside it: 0.24 m of a 50 m corridor, measured 49.72 m (audit 2026-11-25). Widened by
 * 1/cos(π/32) and 0.1 % for turf's projection, the corridor is at least as wide as said everywhere.
 */
export const CHORD_WIDENING = 1.001 / Math.cos(Math.PI / (4 * BUFFER_STEPS));

/**
 * Spec 4.3: "a LineString is buffered into a Polygon". Returns null when turf cannot buffer it. A path
 * across (or within the radius of) 180° is buffered on continuous longitudes, and the polygon comes back
 * within -180..180, crossing 180° the short way like any input polygon.
 */
export function bufferLineString(line: LineString, radiusMeters = LINESTRING_BUFFER_METERS): Polygon | null {
  return bufferAcross(line, (continuous): Polygon | null => {
    const g = buffer(lineString(continuous.coordinates), radiusMeters * CHORD_WIDENING, { units: 'meters', steps: BUFFER_STEPS })?.geometry;
    return g && g.type === 'Polygon' ? { type: 'Polygon', coordinates: g.coordinates } : null;
  });
}

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** Every limit a polygon breaks (empty when it is acceptable), in a fixed order. */
export function checkPolygonLimits(p: Polygon, limits: { maxAreaSqMi?: number; maxSideNm?: number } = {}): LimitViolation[] {
  const maxArea = limits.maxAreaSqMi ?? MAX_AREA_SQ_MI;
  const maxSide = limits.maxSideNm ?? MAX_SIDE_NM;
  const out: LimitViolation[] = [];
  const outer = p.coordinates[0];
  if (!outer || outer.length < 4) {
    return [{ rule: 'min_positions', message: 'the polygon ring needs at least 4 positions' }];
  }
  if (!samePosition(outer[0]!, outer[outer.length - 1]!)) {
    out.push({ rule: 'closed_ring', message: 'the polygon must be closed: its first and last positions must be equal (spec 4.3)' });
    return out;
  }
  if (p.coordinates.length > 1) {
    out.push({ rule: 'interior_rings', message: 'the polygon must have no interior rings (holes) (spec 4.3)', limit: 0, actual: p.coordinates.length - 1 });
  }
  const outerOnly: Polygon = { type: 'Polygon', coordinates: [outer] };
  if (!ringsAreSimple([unwrapRing(outer)])) {
    out.push({ rule: 'self_intersection', message: 'the polygon ring crosses itself' });
  }
  const a = areaSqMi(outerOnly);
  if (a > maxArea) {
    out.push({ rule: 'max_area', message: `the area is ${round(a)} square miles; at most ${maxArea} square miles are allowed (spec 4.3)`, limit: maxArea, actual: round(a) });
  }
  const side = longestSideNm(outerOnly);
  if (side > maxSide) {
    out.push({ rule: 'max_side', message: `a side is ${round(side)} NM long; no side may exceed ${maxSide} nautical miles (spec 4.3)`, limit: maxSide, actual: round(side) });
  }
  return out;
}

/** 4.3 geometry → the operation's Polygon, or the limits it breaks. */
export function operationPolygon(g: Polygon | LineString, radiusMeters = LINESTRING_BUFFER_METERS): { polygon: Polygon | null; violations: LimitViolation[] } {
  if (g.type === 'LineString') {
    if (g.coordinates.length < 2) return { polygon: null, violations: [{ rule: 'min_positions', message: 'a LineString needs at least 2 positions' }] };
    // Thinned and counted on continuous longitudes (a path across 180° has no jump there); bufferAcross
    // takes such a line as it is and brings the polygon back into -180..180.
    const continuous = unwrapRing(g.coordinates);
    const thin = thinPath(continuous, PATH_THIN_METERS);
    const radius = radiusMeters + (thin.length < continuous.length ? PATH_THIN_METERS : 0);
    const near = nearSegmentPairs(thin, 2 * radius, MAX_PATH_NEAR_PAIRS);
    if (near > MAX_PATH_NEAR_PAIRS) {
      const message = `the path runs back along itself too often to be buffered (more than ${MAX_PATH_NEAR_PAIRS} pairs of its segments lie within ${2 * radius} m of each other); send the area as a Polygon`;
      return { polygon: null, violations: [{ rule: 'path_overlap', message, limit: MAX_PATH_NEAR_PAIRS }] };
    }
    const buffered = bufferLineString({ type: 'LineString', coordinates: thin }, radius);
    if (!buffered) return { polygon: null, violations: [{ rule: 'buffer_failed', message: 'the LineString could not be buffered into a polygon' }] };
    const violations = checkPolygonLimits(buffered);
    return { polygon: violations.length ? null : buffered, violations };
  }
  const violations = checkPolygonLimits(g);
  return { polygon: violations.length ? null : g, violations };
}
