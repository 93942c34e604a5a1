import { unionOutline } from './path-union';
import type { PolygonGeometry, Position } from './types';

/** Mean earth radius (m), turf's, so widths agree with the area and distance checks. */
const EARTH_M = 6371008.8;
/** Points on each quarter of a circle, as turf's buffer (`steps: 8`) gave before. */
const QUARTER_STEPS = 8;

/**
 * A flight path as the area it sweeps: the line widened by `widthM` (half on each side), as the
 * spec turns a LineString into a Polygon before applying the area and side limits.
 * Returns null for a line too short to buffer or a width that is not positive, and 'loading' while the
 * union's code loads (path-union.ts).
 *
 * The sweep is the union of a disc at every vertex and a rectangle along every segment, built in a
 * local metric projection (equirectangular about the line's middle: paths are at most a few tens of km,
 * where its scale error is far under a metre of width). The union is turf's (polyclip-ts): turf's own
 * buffer pulled in jsts, a quarter of a megabyte, for this one shape (docs/portal-delivery.md).
 */
export function bufferLine(line: Position[], widthM: number): PolygonGeometry | null | 'loading' {
  if (line.length < 2 || !(widthM > 0) || !line.every(finitePosition)) return null;
  const r = widthM / 2;
  const proj = localProjection(line);
  const pts = line.map(proj.toMetres);
  const pieces: Position[][] = pts.map((c) => disc(c, r));
  for (let i = 1; i < pts.length; i++) {
    const rect = segmentRectangle(pts[i - 1]!, pts[i]!, r);
    if (rect) pieces.push(rect);
  }
  // A connected line sweeps one piece; anything else is not the flight, so refuse (null).
  const outline = unionOutline(pieces.map((ring) => ring.map(proj.toDegrees)));
  return outline === null || outline === 'loading' ? outline : { type: 'Polygon', coordinates: [outline] };
}

function finitePosition(p: Position): boolean {
  return Number.isFinite(p[0]) && Number.isFinite(p[1]);
}

function localProjection(line: Position[]) {
  const lons = line.map((p) => p[0]);
  const lats = line.map((p) => p[1]);
  const lon0 = (Math.min(...lons) + Math.max(...lons)) / 2;
  const lat0 = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = (Math.PI / 180) * EARTH_M;
  const kx = k * Math.cos((lat0 * Math.PI) / 180);
  return {
    toMetres: ([lon, lat]: Position): Position => [(lon - lon0) * kx, (lat - lat0) * k],
    toDegrees: ([x, y]: Position): Position => [lon0 + x / kx, lat0 + y / k],
  };
}

/**
 * A closed counter-clockwise ring of 4 × QUARTER_STEPS points at fixed angles (so discs share points),
 * drawn around the circle rather than inside it: the chords of an inscribed ring came 0.5 % inside the
 * width the pilot asked for, a corridor narrower than the flight (the service's buffer does the same).
 */
function disc([cx, cy]: Position, r: number): Position[] {
  const n = 4 * QUARTER_STEPS;
  const R = r / Math.cos(Math.PI / n);
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    ring.push([cx + R * Math.cos(a), cy + R * Math.sin(a)]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** The band of half-width r along a segment; null for a segment of no length. */
function segmentRectangle(a: Position, b: Position, r: number): Position[] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len === 0) return null;
  const nx = (-dy / len) * r;
  const ny = (dx / len) * r;
  const p0: Position = [a[0] - nx, a[1] - ny];
  return [p0, [b[0] - nx, b[1] - ny], [b[0] + nx, b[1] + ny], [a[0] + nx, a[1] + ny], p0];
}
