/**
 * What a schema cannot check about an input geometry (OGC simple features validity, the part that
 * matters for the engines): a ring whose edges cross, a polygon with no area, and an absurd number of
 * positions. Limits and their numbers: docs/security.md ("Hostile geometry").
 */
import { area } from '@turf/turf';
import type { Geometry, MultiPolygon, Polygon } from 'geojson';
import { antimeridianProblem, normaliseAtAntimeridian, unwrapPolygon } from './antimeridian';
import { ringsAreSimple } from './simple';

/**
 * Positions accepted in one input geometry. The crossing check is O(n log n) and stops at the first
 * crossing, so this does not protect the check: it bounds the engines, whose intersection and distance
 * tests cost positions × nearby features (a 9,999-point circle took seconds of briefing).
 */
export const MAX_INPUT_POSITIONS = 2_000;

export function positionCount(g: Geometry): number {
  switch (g.type) {
    case 'Point': return 1;
    case 'MultiPoint':
    case 'LineString': return g.coordinates.length;
    case 'MultiLineString':
    case 'Polygon': return g.coordinates.reduce((n, r) => n + r.length, 0);
    case 'MultiPolygon': return g.coordinates.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);
    case 'GeometryCollection': return g.geometries.reduce((n, x) => n + positionCount(x), 0);
  }
}

/**
 * Positions in a value not yet validated (anything JSON can hold), counted without trusting its shape:
 * a position is an array starting with a number; nesting deeper than a MultiPolygon's is not followed.
 * Runs before the schema, because validating 10,000 positions costs far more than counting them.
 */
export function looseGeometryPositions(g: unknown): number {
  return looseGeometryCounts(g).positions;
}

/**
 * Rings and parts (arrays below `coordinates` that are not positions) accepted in one input geometry. A
 * valid ring has at least 4 positions, so a valid geometry within MAX_INPUT_POSITIONS has at most 500
 * rings and 500 parts. Without this bound 19,990 empty rings (within the body's 20,000 values, and no
 * position to count) reached the schema, which made an issue of each: 60–250 ms of event loop.
 */
export const MAX_INPUT_RINGS = MAX_INPUT_POSITIONS / 2;

/** Positions and rings/parts of a value not yet validated, in one walk (see the two above). */
export function looseGeometryCounts(g: unknown): { positions: number; rings: number } {
  const coordinates = g && typeof g === 'object' && !Array.isArray(g) ? (g as { coordinates?: unknown }).coordinates : undefined;
  let positions = 0, rings = 0;
  const walk = (v: unknown, depth: number): void => {
    if (!Array.isArray(v)) return;
    if (typeof v[0] === 'number') {
      positions++;
      return;
    }
    if (depth > 0) rings++;
    if (depth >= 3) return;
    for (const x of v) walk(x, depth + 1);
  };
  walk(coordinates, 0);
  return { positions, rings };
}

/**
 * The rings as the sweep sees them: continuous across 180° (a box across it stays a box), each
 * polygon's holes in its outer ring's frame.
 */
const planarRings = (g: Polygon | MultiPolygon) => (g.type === 'Polygon' ? unwrapPolygon(g.coordinates) : g.coordinates.flatMap(unwrapPolygon));

/** The first problem of a geometry, in words, or null when it is fine. */
export function geometryProblem(g: Geometry, maxPositions = MAX_INPUT_POSITIONS): string | null {
  const n = positionCount(g);
  if (n > maxPositions) return `the geometry has ${n} positions; at most ${maxPositions} are accepted`;
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') {
    // All rings of a MultiPolygon together, as turf's kinks did: its polygons may not touch either.
    if (!ringsAreSimple(planarRings(g))) return 'the polygon is not valid: its edges cross each other';
    if (area(normaliseAtAntimeridian(g)) <= 0) return 'the polygon has no area';
  }
  return null;
}

/**
 * The one check of an input geometry at the edge: its problem in words, or the geometry the service
 * works with (itself, or cut at 180° into a MultiPolygon when it crosses the antimeridian).
 */
export function checkInputGeometry<G extends Geometry>(g: G): { problem: string } | { geometry: G | MultiPolygon } {
  const problem = geometryProblem(g) ?? antimeridianProblem(g);
  return problem ? { problem } : { geometry: normaliseAtAntimeridian(g) };
}

/**
 * The check of a geometry that a route keeps as sent and cuts at 180° itself (a stored operation): the
 * same validity, and where the route buffers lines itself (`linesAcross`) a line may cross 180° once.
 * The geometry handed back is the one sent.
 */
export function checkKeptGeometry<G extends Geometry>(g: G, linesAcross: boolean): { problem: string } | { geometry: G } {
  const problem = geometryProblem(g) ?? antimeridianProblem(g, linesAcross);
  return problem ? { problem } : { geometry: g };
}
