/**
 * Where an elevation query looks: evenly spaced points along a line (a profile), and a grid of points
 * inside a polygon plus its vertices (so the extremes at the edges are not missed between grid rows).
 */
import { along, length } from '@turf/turf';
import type { LineString, Polygon, Position } from 'geojson';
import { crossesAntimeridian, unwrapPolygon, wrapLongitude } from '../geometry/antimeridian';
import type { Budget } from '../budget';

export interface LineSample {
  distanceM: number;
  lon: number;
  lat: number;
}

/** `samples` points (>= 2) from the first position to the last, equally spaced along the line. */
export function sampleLine(line: LineString, samples: number): LineSample[] {
  const totalKm = length({ type: 'Feature', properties: {}, geometry: line }, { units: 'kilometers' });
  const out: LineSample[] = [];
  for (let i = 0; i < samples; i++) {
    const km = (totalKm * i) / (samples - 1);
    // along() from turf lands on the last vertex for the last sample, so the profile ends where the line ends.
    const [lon, lat] = along(line, km, { units: 'kilometers' }).geometry.coordinates as [number, number];
    out.push({ distanceM: Math.round(km * 10_000) / 10, lon, lat });
  }
  return out;
}

export function lineLengthKm(line: LineString): number {
  return length({ type: 'Feature', properties: {}, geometry: line }, { units: 'kilometers' });
}

/** Planar area in square degrees (outer ring minus holes): only to size the sampling grid. */
export function planarAreaDeg(poly: Polygon): number {
  const ringArea = (r: Position[]) => {
    let s = 0;
    for (let i = 0; i + 1 < r.length; i++) s += r[i]![0]! * r[i + 1]![1]! - r[i + 1]![0]! * r[i]![1]!;
    return Math.abs(s) / 2;
  };
  const [outer, ...holes] = poly.coordinates;
  return Math.max(0, ringArea(outer!) - holes.reduce((a, h) => a + ringArea(h), 0));
}

/**
 * About `samples` grid points inside the polygon (cell centres of a square grid in degrees), plus the
 * vertices of the outer ring (at most `samples` of them).
 */
export function samplePolygon(sent: Polygon, samples: number, budget?: Budget): Position[] {
  // A polygon across 180° is sampled on continuous longitudes, and its points brought back to -180..180.
  if (crossesAntimeridian(sent)) return samplePolygon({ type: 'Polygon', coordinates: unwrapPolygon(sent.coordinates) }, samples, budget).map(([x, y]) => [wrapLongitude(x!), y!]);
  const poly = sent;
  const outer = poly.coordinates[0]!;
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (const [x, y] of outer as Array<[number, number]>) {
    w = Math.min(w, x); e = Math.max(e, x); s = Math.min(s, y); n = Math.max(n, y);
  }
  const step = Math.sqrt(planarAreaDeg(poly) / samples);
  // At most `samples` vertices (every k-th): a 10,000-vertex ring must not double the work asked for.
  const vertices = outer.slice(0, -1);
  const stride = Math.ceil(vertices.length / samples);
  const out: Position[] = vertices.filter((_, i) => i % stride === 0).map((p) => [p[0]!, p[1]!]);
  if (!(step > 0)) return out;
  for (let y = s + step / 2; y < n; y += step) {
    budget?.check();
    // Where the row crosses the rings, once per row (even-odd over all rings: inside the outer ring and
    // outside its holes). Testing each grid point against every edge cost 160 ms for 5,000 samples in a
    // 2,000-vertex ring (docs/security.md, "Resource exhaustion, probed 2026-11-24").
    const crossings = rowCrossings(poly, y);
    let k = 0;
    for (let x = w + step / 2; x < e; x += step) {
      while (k < crossings.length && crossings[k]! <= x) k++;
      if (k % 2 === 1) out.push([x, y]);
    }
  }
  return out;
}

/** Longitudes, ascending, where the horizontal line at `y` crosses an edge of the polygon's rings. */
function rowCrossings(poly: Polygon, y: number): number[] {
  const xs: number[] = [];
  for (const ring of poly.coordinates) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [x1, y1] = ring[i] as [number, number];
      const [x2, y2] = ring[i + 1] as [number, number];
      // Half-open in y, so a vertex on the line counts once for the two edges that meet there.
      if (y1 > y !== y2 > y) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
    }
  }
  return xs.sort((a, b) => a - b);
}
