/**
 * The briefing's distance kernel over compact geometry. Each geometry (a dataset feature's, or the input's)
 * is flattened once into typed arrays: its vertices as [lon, lat, …] in a Float64Array, its rings (lines),
 * a box per ring and, for long boundaries, a flatbush index of its segments. Distances are measured on
 * the same local equirectangular plane as before (x = lon·60·cos φ, y = lat·60, φ the input's mid
 * latitude), projecting each coordinate on the fly with the very same arithmetic, so the figures are
 * identical to the nested-array version; what changed is that nothing is allocated per call and that
 * rings, segments and vertices farther than the distance that matters are never looked at.
 */
import Flatbush from 'flatbush';
import type { Position } from 'geojson';
import type { BBox } from '../../data/dataset';
import type { FeatureGeometry } from '../../data/model';
import { BoxSearch, packTree, type PackedTree } from './box-search';
import { hypot } from './hypot';

/** Boundaries with more segments than this get a segment index (a facility-map cell has 4, a circle 64). */
const INDEXED_SEGMENTS = 64;
/**
 * A boundary is indexed once plain scans have gone over its segments this many times: the first briefing
 * at a place scans (building a Class B's indexes took ~40 % of a cold KBFI briefing, and one took 282 ms
 * under load against the 250 ms budget); a boundary asked about again and again gets its index by its third
 * or so briefing. Both ways give the same figure within the limit asked for (flat-geometry.test.ts).
 */
const INDEX_AFTER_SCANS = 4;
/** The first radius of an indexed nearest-segment search (grown fourfold up to the limit). */
const FIRST_RADIUS_NM = 0.25;
/** Lower bounds are shrunk by this much so that rounding never prunes a candidate that matters. */
const SLACK = 1 - 1e-9;

export interface Flat {
  /** Vertices as lon, lat pairs. */
  coords: Float64Array;
  /** Vertex index where each ring (or line) starts, then the vertex count. */
  rings: Int32Array;
  /** Per ring: west, south, east, north. */
  ringBoxes: Float64Array;
  bbox: BBox;
  segments: number;
  /** For polygons: ring index where each polygon starts (its outer ring; holes follow), then the ring count. Null for points and lines. */
  polygons: Int32Array | null;
  /** Segment index (built once scanned enough; only its packed arrays are kept), item i → the segment starting at vertex segStart[i]. */
  index?: { tree: PackedTree; segStart: Int32Array } | null;
  /** Segments gone over by plain scans while there was no index (INDEX_AFTER_SCANS). */
  scanned: number;
}

const flats = new WeakMap<FeatureGeometry, Flat>();

/** The geometry's rings (or line, or point) in order, without copying a MultiPolygon's (the first briefing at a place flattens hundreds). */
function eachLine(g: FeatureGeometry, visit: (l: Position[]) => void): void {
  switch (g.type) {
    case 'Point': return visit([g.coordinates]);
    case 'LineString': return visit(g.coordinates);
    case 'Polygon': for (const l of g.coordinates) visit(l); return;
    case 'MultiPolygon': for (const p of g.coordinates) for (const l of p) visit(l); return;
  }
}

function polygonStarts(g: FeatureGeometry): Int32Array | null {
  if (g.type === 'Polygon') return Int32Array.of(0, g.coordinates.length);
  if (g.type !== 'MultiPolygon') return null;
  const starts = new Int32Array(g.coordinates.length + 1);
  for (let i = 0; i < g.coordinates.length; i++) starts[i + 1] = starts[i]! + g.coordinates[i]!.length;
  return starts;
}

/** The flat form of a geometry, built once per geometry object. */
let last: { g: FeatureGeometry; f: Flat } | null = null;

export function flat(g: FeatureGeometry): Flat {
  // A briefing's input is asked for once per candidate feature (hundreds of times) and is the last geometry
  // flattened (the dataset's were built earlier): one compare instead of a WeakMap lookup.
  if (last?.g === g) return last.f;
  // The building is a function of its own: its closure's variables made this lookup allocate a context
  // on every call (~80 bytes, hundreds of times per briefing).
  const f = flats.get(g) ?? build(g);
  return f;
}

function build(g: FeatureGeometry): Flat {
  let n = 0, count = 0;
  eachLine(g, (l) => {
    n += l.length;
    count++;
  });
  const coords = new Float64Array(n * 2);
  const rings = new Int32Array(count + 1);
  const ringBoxes = new Float64Array(count * 4);
  const bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  let v = 0, segments = 0, r = 0;
  eachLine(g, (l) => {
    rings[r] = v;
    let w = Infinity, s = Infinity, e = -Infinity, no = -Infinity;
    for (const p of l) {
      const x = p[0]!, y = p[1]!;
      coords[2 * v] = x;
      coords[2 * v + 1] = y;
      v++;
      if (x < w) w = x;
      if (x > e) e = x;
      if (y < s) s = y;
      if (y > no) no = y;
    }
    if (l.length > 1) segments += l.length - 1;
    ringBoxes[4 * r] = w;
    ringBoxes[4 * r + 1] = s;
    ringBoxes[4 * r + 2] = e;
    ringBoxes[4 * r + 3] = no;
    r++;
    if (w < bbox[0]) bbox[0] = w;
    if (s < bbox[1]) bbox[1] = s;
    if (e > bbox[2]) bbox[2] = e;
    if (no > bbox[3]) bbox[3] = no;
  });
  rings[count] = v;
  const f: Flat = { coords, rings, ringBoxes, bbox, segments, polygons: polygonStarts(g), scanned: 0 };
  flats.set(g, f);
  return (last = { g, f }).f;
}

/** The segment index, or null while plain scans are to be used (short boundaries always; long ones until INDEX_AFTER_SCANS). */
function segmentIndex(f: Flat): Flat['index'] {
  if (f.index !== undefined) return f.index;
  if (f.segments <= INDEXED_SEGMENTS) return (f.index = null);
  if (f.scanned < INDEX_AFTER_SCANS * f.segments) {
    // The caller scans instead; counted as a whole scan, an upper bound of what it looks at.
    f.scanned += f.segments;
    return null;
  }
  const tree = new Flatbush(f.segments);
  const segStart = new Int32Array(f.segments);
  const c = f.coords;
  let k = 0;
  for (let r = 0; r + 1 < f.rings.length; r++) {
    for (let i = f.rings[r]!; i + 1 < f.rings[r + 1]!; i++) {
      const x0 = c[2 * i]!, y0 = c[2 * i + 1]!, x1 = c[2 * i + 2]!, y1 = c[2 * i + 3]!;
      tree.add(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1));
      segStart[k++] = i;
    }
  }
  tree.finish();
  return (f.index = { tree: packTree(tree), segStart });
}

// Searches into reused buffers, one per call site: towards() reads its results while vertexTo() searches.
const nearSegments = new BoxSearch();
const nearVertices = new BoxSearch();
const raySegments = new BoxSearch();

/**
 * hypot of two sides of which one is often 0 (boxes that overlap in longitude or latitude): hypot(0, y) is y
 * to the bit (V8's algorithm scales by the larger side: sqrt(1) · y), so the square root is skipped there.
 */
function sideHypot(dx: number, dy: number): number {
  return dx === 0 ? dy : dy === 0 ? dx : hypot(dx, dy);
}

/** Distance on the plane between two boxes in degrees (0 when they overlap), shrunk by SLACK: a lower bound. */
export function boxGapNm(a: ArrayLike<number>, ai: number, b: ArrayLike<number>, bi: number, cosLat: number): number {
  const dx = Math.max(0, a[ai]! - b[bi + 2]!, b[bi]! - a[ai + 2]!) * 60 * cosLat;
  const dy = Math.max(0, a[ai + 1]! - b[bi + 3]!, b[bi + 1]! - a[ai + 3]!) * 60;
  return sideHypot(dx, dy) * SLACK;
}

export function pointBoxNm(px: number, py: number, b: ArrayLike<number>, bi: number, cosLat: number): number {
  const dx = Math.max(0, b[bi]! - px, px - b[bi + 2]!) * 60 * cosLat;
  const dy = Math.max(0, b[bi + 1]! - py, py - b[bi + 3]!) * 60;
  return sideHypot(dx, dy) * SLACK;
}

/** Point (projected) to the segment starting at vertex i of c (degrees, projected here as project() did). */
function pointSegment(px: number, py: number, c: Float64Array, i: number, k: number): number {
  const ax = c[2 * i]! * 60 * k, ay = c[2 * i + 1]! * 60;
  const bx = c[2 * i + 2]! * 60 * k, by = c[2 * i + 3]! * 60;
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Nearest distance from vertex v of `from` to `to`, or `best` when nothing in `to` is nearer than min(best, limit). */
function vertexTo(lon: number, lat: number, to: Flat, k: number, limit: number, best: number): number {
  const px = lon * 60 * k, py = lat * 60;
  const c = to.coords;
  if (to.segments === 0) {
    for (let j = 0; j < c.length; j += 2) best = Math.min(best, hypot(px - c[j]! * 60 * k, py - c[j + 1]! * 60));
    return best;
  }
  const r = Math.min(best, limit);
  const idx = Number.isFinite(r) ? segmentIndex(to) : null;
  if (idx) {
    // Every segment within r of the point has its box within r/60 degrees of latitude and r/(60 cos φ) of
    // longitude. The box grows from a small one: once a segment lies within the box's radius, none outside
    // it can be nearer, so a nearby boundary costs a few segments instead of every one within the limit.
    for (let q = Math.min(r, FIRST_RADIUS_NM); ; q = Math.min(r, q * 4)) {
      const dLat = q / 60 / SLACK + 1e-12, dLon = q / (60 * k) / SLACK + 1e-12;
      const n = nearSegments.run(idx.tree, lon - dLon, lat - dLat, lon + dLon, lat + dLat);
      const ids = nearSegments.ids;
      for (let j = 0; j < n; j++) best = Math.min(best, pointSegment(px, py, c, idx.segStart[ids[j]!]!, k));
      if (best <= q || q >= r) return best;
    }
  }
  for (let ring = 0; ring + 1 < to.rings.length; ring++) {
    if (pointBoxNm(lon, lat, to.ringBoxes, ring * 4, k) > Math.min(best, limit)) continue;
    for (let i = to.rings[ring]!; i + 1 < to.rings[ring + 1]!; i++) best = Math.min(best, pointSegment(px, py, c, i, k));
  }
  return best;
}

/** Distance on the plane of cosLat from (lon, lat) to the boundary of `to` (its segments), exact up to `limit`; above it some figure above `limit`. */
export function pointBoundaryNm(lon: number, lat: number, to: Flat, cosLat: number, limit: number): number {
  return vertexTo(lon, lat, to, cosLat, limit, Infinity);
}

/** Nearest distance from the vertices of `from` to `to`; vertices farther than min(best, limit) from to's box are skipped. */
function towards(from: Flat, to: Flat, k: number, limit: number, best: number): number {
  const c = from.coords;
  const idx = Number.isFinite(limit) ? segmentIndex(from) : null;
  if (idx) {
    // Vertices near `to` are ends of segments whose boxes come near to's box.
    const r = Math.min(best, limit);
    const dLat = r / 60 / SLACK + 1e-12, dLon = r / (60 * k) / SLACK + 1e-12;
    const b = to.bbox;
    const n = nearVertices.run(idx.tree, b[0] - dLon, b[1] - dLat, b[2] + dLon, b[3] + dLat);
    const ids = nearVertices.ids;
    for (let j = 0; j < n; j++) {
      const seg = ids[j]!;
      for (let v = idx.segStart[seg]!; v <= idx.segStart[seg]! + 1; v++) {
        if (pointBoxNm(c[2 * v]!, c[2 * v + 1]!, to.bbox, 0, k) > Math.min(best, limit)) continue;
        best = vertexTo(c[2 * v]!, c[2 * v + 1]!, to, k, limit, best);
      }
    }
    return best;
  }
  for (let v = 0; v < c.length / 2; v++) {
    if (pointBoxNm(c[2 * v]!, c[2 * v + 1]!, to.bbox, 0, k) > Math.min(best, limit)) continue;
    best = vertexTo(c[2 * v]!, c[2 * v + 1]!, to, k, limit, best);
  }
  return best;
}

/**
 * Shortest distance between two flattened geometries that do not intersect (vertex to boundary both
 * ways), in NM on the plane of cosLat. Exact when it is at most `limit`; otherwise some figure above
 * `limit` (possibly Infinity): the callers only keep what lies within their limit.
 */
export function flatGapNm(a: Flat, b: Flat, cosLat: number, limit = Infinity): number {
  const lb = boxGapNm(a.bbox, 0, b.bbox, 0, cosLat);
  if (lb > limit) return lb;
  // A point (no segments) against a boundary: the point-to-segment pass is the distance; the other pass,
  // the boundary's vertices to the point, can only find figures at least as large (each vertex ends a
  // segment already measured), so it is skipped: half the work of every location briefing.
  if (a.segments === 0 && b.segments > 0) return towards(a, b, cosLat, limit, Infinity);
  if (b.segments === 0 && a.segments > 0) return towards(b, a, cosLat, limit, Infinity);
  return towards(b, a, cosLat, limit, towards(a, b, cosLat, limit, Infinity));
}

/** Whether the ray from (x, y) eastwards crosses the segment starting at vertex i an odd number of times (the classic even-odd test, half-open in y). */
function crosses(x: number, y: number, c: Float64Array, i: number): boolean {
  const x0 = c[2 * i]!, y0 = c[2 * i + 1]!, x1 = c[2 * i + 2]!, y1 = c[2 * i + 3]!;
  if (y0 > y === y1 > y) return false;
  return x < ((x1 - x0) * (y - y0)) / (y1 - y0) + x0;
}

/** Whether (x, y) lies inside ring r (even-odd over its segments; long rings through the segment index). */
function inRing(x: number, y: number, f: Flat, r: number): boolean {
  const b = f.ringBoxes;
  if (x < b[4 * r]! || x > b[4 * r + 2]! || y < b[4 * r + 1]! || y > b[4 * r + 3]!) return false;
  const c = f.coords;
  const from = f.rings[r]!, to = f.rings[r + 1]!;
  let inside = false;
  const idx = to - from - 1 > INDEXED_SEGMENTS ? segmentIndex(f) : null;
  if (idx) {
    // Only segments whose box meets the ray can cross it; the index holds every ring's, so keep this ring's.
    const n = raySegments.run(idx.tree, x, y, b[4 * r + 2]!, y);
    const ids = raySegments.ids;
    for (let j = 0; j < n; j++) {
      const i = idx.segStart[ids[j]!]!;
      if (i >= from && i + 1 < to && crosses(x, y, c, i)) inside = !inside;
    }
    return inside;
  }
  for (let i = from; i + 1 < to; i++) if (crosses(x, y, c, i)) inside = !inside;
  return inside;
}

/**
 * Whether a point (lon, lat) lies inside a polygon or multipolygon: inside some polygon's outer ring and
 * inside none of its holes (turf's booleanPointInPolygon, away from the boundary). On or within rounding
 * of the boundary the figure is not to be trusted: callers decide those cases otherwise (geometry.ts).
 */
export function pointInFlatPolygon(lon: number, lat: number, f: Flat): boolean {
  const polys = f.polygons;
  if (!polys) return false;
  for (let p = 0; p + 1 < polys.length; p++) {
    if (!inRing(lon, lat, f, polys[p]!)) continue;
    let hole = false;
    for (let r = polys[p]! + 1; r < polys[p + 1]! && !hole; r++) hole = inRing(lon, lat, f, r);
    if (!hole) return true;
  }
  return false;
}
