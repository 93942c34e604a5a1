/**
 * Shapes across 180° (the western Aleutians: Amchitka, Semisopochnoi). The portal keeps and sends
 * every position within -180..180, as the service and RFC 7946 do: an edge whose longitudes differ by
 * more than 180° goes the short way, across 180° (docs/security.md "The antimeridian"). MapLibre and
 * turf read the numbers literally, so a box from 179.99° to -179.99° would be drawn, framed and
 * measured as a band around the globe. Before drawing, framing or measuring, the longitudes are made
 * continuous here (179.99 → -179.99 becomes 179.99 → 180.01); before keeping or sending, they are
 * wrapped back.
 */
import type { FeatureCollection, Geometry, Position } from 'geojson';

/** The same meridian within -180..180 (a longitude already there is returned unchanged). */
export function wrapLongitude(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon;
  return lon - 360 * Math.round(lon / 360);
}

/** `lon` moved by a whole number of turns to lie within 180° of `ref`. */
function near(lon: number, ref: number): number {
  return lon + 360 * Math.round((ref - lon) / 360);
}

/**
 * The positions with their longitudes made continuous: each step between neighbours is at most 180°
 * (the short way), the first position is within 180° of `ref` (default: where it is). Anything after
 * longitude and latitude (an altitude) is kept.
 */
export function unwrapPositions<P extends Position>(ps: readonly P[], ref?: number): P[] {
  let prev = ref ?? ps[0]?.[0] ?? 0;
  return ps.map((p) => {
    const x = near(p[0]!, prev);
    prev = x;
    return (x === p[0] ? p : [x, ...p.slice(1)]) as P;
  });
}

/** The positions with every longitude back within -180..180 (what the URL and the service take). */
export function wrapPositions<P extends Position>(ps: readonly P[]): P[] {
  return ps.map((p) => {
    const x = wrapLongitude(p[0]!);
    return (x === p[0] ? p : [x, ...p.slice(1)]) as P;
  });
}

/** The first longitude of a geometry, the frame its parts are made continuous in. */
function firstLongitude(g: Geometry): number | undefined {
  switch (g.type) {
    case 'Point':
      return g.coordinates[0];
    case 'MultiPoint':
    case 'LineString':
      return g.coordinates[0]?.[0];
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates[0]?.[0]?.[0];
    case 'MultiPolygon':
      return g.coordinates[0]?.[0]?.[0]?.[0];
    case 'GeometryCollection':
      return g.geometries.length ? firstLongitude(g.geometries[0]!) : undefined;
  }
}

/**
 * The geometry as MapLibre and turf must be given it: every line and ring continuous, and all of them
 * in one frame (within 180° of `ref`, default the geometry's first longitude), so a hole stays inside
 * its ring and the two halves of a MultiPolygon cut at 180° sit side by side. A geometry that does
 * not cross 180° comes back with the same positions.
 */
export function continuousGeometry<G extends Geometry>(g: G, ref?: number): G {
  return continuous(g, ref ?? firstLongitude(g) ?? 0) as G;
}

function continuous(g: Geometry, r: number): Geometry {
  const lines = (ls: Position[][]) => ls.map((l) => unwrapPositions(l, r));
  switch (g.type) {
    case 'Point':
      return { ...g, coordinates: unwrapPositions([g.coordinates], r)[0]! };
    case 'MultiPoint':
      return { ...g, coordinates: g.coordinates.map((p) => unwrapPositions([p], r)[0]!) };
    case 'LineString':
      return { ...g, coordinates: unwrapPositions(g.coordinates, r) };
    case 'MultiLineString':
    case 'Polygon':
      return { ...g, coordinates: lines(g.coordinates) };
    case 'MultiPolygon':
      return { ...g, coordinates: g.coordinates.map(lines) };
    case 'GeometryCollection':
      return { ...g, geometries: g.geometries.map((x) => continuous(x, r)) };
  }
}

/** Each feature's geometry made continuous on its own (cells, outlines: each is small). */
export function continuousFeatures(fc: FeatureCollection): FeatureCollection {
  return { ...fc, features: fc.features.map((f) => (f.geometry ? { ...f, geometry: continuousGeometry(f.geometry) } : f)) };
}

/** Every position of a geometry, in order. */
function positionsOf(g: Geometry): Position[] {
  switch (g.type) {
    case 'Point':
      return [g.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return g.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.flat();
    case 'MultiPolygon':
      return g.coordinates.flat(2);
    case 'GeometryCollection':
      return g.geometries.flatMap(positionsOf);
  }
}

export type Bounds = [west: number, south: number, east: number, north: number];

/**
 * West, south, east, north of the geometries made continuous in one frame (the first one's), for
 * fitBounds: a shape across 180° gives east above 180 (or west below -180), which MapLibre frames
 * as the small box it is. Null when there are no positions.
 */
export function continuousBounds(geometries: readonly Geometry[]): Bounds | null {
  let ref: number | undefined;
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (const g of geometries) {
    ref ??= firstLongitude(g);
    for (const [x, y] of positionsOf(continuousGeometry(g, ref))) {
      if (x! < w) w = x!;
      if (x! > e) e = x!;
      if (y! < s) s = y!;
      if (y! > n) n = y!;
    }
  }
  return Number.isFinite(w) ? [w, s, e, n] : null;
}

/**
 * The box as the service's `bbox=` query takes it (RFC 7946 §5.2): within -180..180, west greater
 * than east when it crosses 180°. A box as wide as the world or wider is the whole world.
 */
export function shortWayBBox([w, s, e, n]: Bounds): Bounds {
  if (e - w >= 360) return [-180, s, 180, n];
  return [wrapLongitude(w), s, wrapLongitude(e), n];
}
