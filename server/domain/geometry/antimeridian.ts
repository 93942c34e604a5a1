/**
 * Input geometries that cross the antimeridian (docs/security.md ("Hostile geometry"), "Antimeridian").
 *
 * Recognised by RFC 7946's own convention: positions stay within -180..180 (the contract refuses
 * others) and an edge whose longitudes differ by more than 180° is taken the short way, across 180°.
 * So a box from 179.99° to -179.99° is the 1.5 km box, never the band around the globe. Such a
 * polygon is cut at ±180 into a MultiPolygon (RFC 7946 §3.1.9) with the tiles' helper, once, at the
 * edge; area, bounding-box queries and the engines then see the small parts.
 */
import type { Geometry, LineString, MultiPolygon, Polygon, Position } from 'geojson';
import { jumps, splitPolygonAtAntimeridian, unwrap } from '../../tiles/antimeridian';

/** A ring with continuous longitudes (may leave -180..180): what planar checks such as crossing edges use. */
export const unwrapRing = (ring: readonly Position[]): Position[] => (jumps(ring) === 0 ? (ring as Position[]) : unwrap(ring));

/**
 * The rings of a polygon with continuous longitudes in one frame: each hole is moved by 360° where it
 * starts on the other side of 180° from the outer ring, so it stays inside it.
 */
export function unwrapPolygon(rings: readonly Position[][]): Position[][] {
  const [outer, ...holes] = rings.map(unwrapRing);
  if (!outer) return [];
  const x0 = outer[0]?.[0] ?? 0;
  return [outer, ...holes.map((h) => {
    const d = (h[0]?.[0] ?? x0) - x0;
    const shift = d > 180 ? -360 : d < -180 ? 360 : 0;
    return shift === 0 ? h : h.map(([x, y]) => [x! + shift, y!]);
  })];
}

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

/**
 * What we refuse about the antimeridian: a ring that crosses 180° other than out and back (once each
 * way: a ring crossing it an odd number of times goes around a pole, and one crossing it four times or
 * more is cut into slivers joined along 180°, not into clean parts), and a line across it where the
 * route cannot buffer one (`linesAcross`: the contract has no MultiLineString to cut it into); where it
 * can, a line may cross once.
 */
export function antimeridianProblem(g: Geometry, linesAcross = false): string | null {
  const rings = g.type === 'Polygon' ? g.coordinates : g.type === 'MultiPolygon' ? g.coordinates.flat() : [];
  for (const ring of rings) {
    const n = jumps(ring);
    if (n !== 0 && n !== 2) return `a ring of the polygon crosses the antimeridian (180°) ${n} times; once out and once back is the most accepted`;
  }
  if (g.type === 'LineString') {
    const n = jumps(g.coordinates);
    if (n > 0 && !linesAcross) return 'the line crosses the antimeridian (180°); send the part on each side as its own request';
    if (n > 1) return `the line crosses the antimeridian (180°) ${n} times; at most once is accepted`;
  }
  return null;
}

/** A longitude brought back into -180..180 (180 itself stays 180). */
export const wrapLongitude = (x: number): number => (x >= -180 && x <= 180 ? x : ((((x + 180) % 360) + 360) % 360) - 180);

/**
 * The bounding box of a stored Polygon or LineString as RFC 7946 §5.2 writes it: west > east when the
 * shape crosses 180° (the box then runs east from west across 180° to east), never the band around
 * the globe. Read from the outer ring (holes lie inside it); a ring around a pole spans every longitude.
 */
export function shortWayBBox(g: Polygon | LineString): [west: number, south: number, east: number, north: number] {
  const line = g.type === 'Polygon' ? (g.coordinates[0] ?? []) : g.coordinates;
  const xs = unwrapRing(line).map((p) => p[0]!);
  let w = Infinity, e = -Infinity, s = Infinity, n = -Infinity;
  for (const x of xs) {
    if (x < w) w = x;
    if (x > e) e = x;
  }
  for (const p of line) {
    if (p[1]! < s) s = p[1]!;
    if (p[1]! > n) n = p[1]!;
  }
  if (e - w >= 360) return [-180, s, 180, n];
  return [wrapLongitude(w), s, wrapLongitude(e), n];
}

/** The middle of a (possibly crossing, west > east) bounding box. */
export function bboxCentre([w, s, e, n]: readonly number[]): [number, number] {
  const east = e! < w! ? e! + 360 : e!;
  return [wrapLongitude((w! + east) / 2), (s! + n!) / 2];
}

/**
 * Whether two longitude ranges overlap, either of which may cross 180° (west > east): the one rule the
 * store's bbox filter writes in SQL, kept here so a test can hold them to each other.
 */
export function longitudeRangesOverlap(a: readonly [number, number], b: readonly [number, number]): boolean {
  const parts = ([w, e]: readonly [number, number]): Array<[number, number]> => (w <= e ? [[w, e]] : [[w, 180], [-180, e]]);
  return parts(a).some(([aw, ae]) => parts(b).some(([bw, be]) => aw <= be && bw <= ae));
}

/**
 * A LineString whose edges may cross 180° buffered on continuous longitudes and brought back into
 * -180..180: the polygon that comes out follows the same short-way convention as an input polygon.
 */
export function bufferAcross<T extends Polygon | null>(line: LineString, buffer: (continuous: LineString) => T): T {
  const out = buffer(jumps(line.coordinates) === 0 ? line : { type: 'LineString', coordinates: unwrap(line.coordinates) });
  if (!out) return out;
  return { ...out, coordinates: out.coordinates.map((r) => r.map(([x, y]) => [wrapLongitude(x!), y!])) };
}
