/**
 * Input geometries that cross the antimeridian (docs/security.md ("Hostile geometry"), "Antimeridian").
 *
 * Recognised by RFC 7946's own convention: positions stay within -180..180 (the contract refuses
 * others) and an edge whose longitudes differ by more than 180° is taken the short way, across 180°.
 * So a box from 179.99° to -179.99° is the 1.5 km box, never the band around the globe. Such a
 * polygon is cut at ±180 into a MultiPolygon (RFC 7946 §3.1.9) with the tiles' helper, once, at the
 * edge; area, bounding-box queries and the engines then see the small parts.
 */
import type { Geometry, MultiPolygon, Position } from 'geojson';
import { jumps, splitPolygonAtAntimeridian, unwrap } from '../../tiles/antimeridian';

/** A ring with continuous longitudes (may leave -180..180): what planar checks such as crossing edges use. */
export const unwrapRing = (ring: readonly Position[]): Position[] => (jumps(ring) === 0 ? (ring as Position[]) : unwrap(ring));

/** Whether any ring or line of the geometry crosses 180°. */
export function crossesAntimeridian(g: Geometry): boolean {
  switch (g.type) {
    case 'Point': return false;
    case 'MultiPoint': return false;
    case 'LineString': return jumps(g.coordinates) > 0;
    case 'MultiLineString':
    case 'Polygon': return g.coordinates.some((r) => jumps(r) > 0);
    case 'MultiPolygon': return g.coordinates.some((p) => p.some((r) => jumps(r) > 0));
    case 'GeometryCollection': return g.geometries.some(crossesAntimeridian);
  }
}

/**
 * The geometry with every polygon that crosses 180° cut there: a Polygon stays a Polygon when it does
 * not cross, and becomes a MultiPolygon when it does. Other geometries are returned as they are (a
 * line across 180° is refused by antimeridianProblem before it gets here).
 */
export function normaliseAtAntimeridian<G extends Geometry>(g: G): G | MultiPolygon {
  if (g.type !== 'Polygon' && g.type !== 'MultiPolygon') return g;
  if (!crossesAntimeridian(g)) return g;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  const parts = polygons.flatMap((rings) => splitPolygonAtAntimeridian(rings));
  return { type: 'MultiPolygon', coordinates: parts };
}

/** Our one refusal: a LineString across 180° (the contract has no MultiLineString to cut it into). */
export function antimeridianProblem(g: Geometry): string | null {
  if (g.type === 'LineString' && crossesAntimeridian(g)) {
    return 'the line crosses the antimeridian (180°); send the part on each side as its own request';
  }
  return null;
}

