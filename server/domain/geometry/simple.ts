/**
 * Whether the rings of a polygon cross or touch each other anywhere but where consecutive edges of one
 * ring meet: the Shamos–Hoey sweep line, which stops at the first contact. It replaces turf's kinks,
 * which compares every pair of edges (O(n²) time) and collects every crossing (O(n²) memory): a
 * 9,999-position star polygon ran the service out of heap.
 *
 * Cost: O(n log n) comparisons; the sweep status is a sorted array, so an insertion also moves up to
 * the number of edges cut by one vertical line (a memmove, ~20 ms at 10,000 positions in the worst
 * case measured, the star). Orientation tests are plain floating-point cross products, as kinks' were
 * (an exact predicate library is not a direct dependency).
 *
 * Stricter than kinks in one way, on purpose: non-consecutive edges that overlap along a line (kinks
 * ignores parallel edges) are reported too.
 */
import type { Position } from 'geojson';

interface Segment {
  /** Left end (smaller x, then smaller y) and right end. */
  ax: number; ay: number; bx: number; by: number;
  ring: number;
  /** Index of the edge in its ring, and the ring's edge count (to know consecutive edges). */
  i: number;
  n: number;
}

type XY = readonly [number, number];

/** Sign of the turn a→b→c (> 0 counter-clockwise). */
const orient2d = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

/** Consecutive duplicate positions removed (a repeated position is no edge). */
function cleanRing(ring: readonly Position[]): XY[] {
  const out: XY[] = [];
  for (const p of ring) {
    const q = out[out.length - 1];
    if (!q || q[0] !== p[0] || q[1] !== p[1]) out.push([p[0]!, p[1]!]);
  }
  return out;
}

function segments(rings: readonly (readonly Position[])[]): Segment[] {
  const out: Segment[] = [];
  rings.forEach((raw, ring) => {
    const pts = cleanRing(raw);
    const n = pts.length - 1;
    for (let i = 0; i < n; i++) {
      const p = pts[i]!, q = pts[i + 1]!;
      const pFirst = p[0] < q[0] || (p[0] === q[0] && p[1] < q[1]);
      const [a, b] = pFirst ? [p, q] : [q, p];
      out.push({ ax: a[0], ay: a[1], bx: b[0], by: b[1], ring, i, n });
    }
  });
  return out;
}

function consecutive(s: Segment, t: Segment): boolean {
  if (s.ring !== t.ring) return false;
  const d = Math.abs(s.i - t.i);
  return d === 1 || (s.n > 2 && d === s.n - 1);
}

const onSegment = (s: Segment, x: number, y: number) =>
  Math.min(s.ax, s.bx) <= x && x <= Math.max(s.ax, s.bx) && Math.min(s.ay, s.by) <= y && y <= Math.max(s.ay, s.by);

/** Do two closed segments share at least one point? */
function touch(s: Segment, t: Segment): boolean {
  const d1 = orient2d(t.ax, t.ay, t.bx, t.by, s.ax, s.ay);
  const d2 = orient2d(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  const d3 = orient2d(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  const d4 = orient2d(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(t, s.ax, s.ay)) || (d2 === 0 && onSegment(t, s.bx, s.by)) || (d3 === 0 && onSegment(s, t.ax, t.ay)) || (d4 === 0 && onSegment(s, t.bx, t.by));
}

/**
 * Consecutive edges share their common vertex by construction; they are still a problem when they
 * fold back over each other (a spike), which kinks did not report either, so neither do we.
 */
const conflict = (s: Segment | undefined, t: Segment | undefined): boolean => !!s && !!t && !consecutive(s, t) && touch(s, t);

const slope = (s: Segment) => (s.bx === s.ax ? Infinity : (s.by - s.ay) / (s.bx - s.ax));

/** y of a segment on the vertical line x (a vertical segment: the point of it nearest to y). */
function yAt(s: Segment, x: number, y: number): number {
  if (s.bx === s.ax) return Math.min(Math.max(y, Math.min(s.ay, s.by)), Math.max(s.ay, s.by));
  if (x <= s.ax) return s.ay;
  if (x >= s.bx) return s.by;
  return s.ay + ((x - s.ax) * (s.by - s.ay)) / (s.bx - s.ax);
}

/** Order of segment s (entering at its left end) against t in the status, on the sweep line x = s.ax. */
function below(s: Segment, t: Segment): boolean {
  const yt = yAt(t, s.ax, s.ay);
  if (s.ay !== yt) return s.ay < yt;
  return slope(s) < slope(t);
}

/** True when no two non-consecutive edges of the rings share a point. */
export function ringsAreSimple(rings: readonly (readonly Position[])[]): boolean {
  const segs = segments(rings);
  // Events: left ends enter, right ends leave; by x, then y, entering before leaving at one point.
  const events: Array<{ x: number; y: number; enter: boolean; s: Segment }> = [];
  for (const s of segs) events.push({ x: s.ax, y: s.ay, enter: true, s }, { x: s.bx, y: s.by, enter: false, s });
  events.sort((a, b) => a.x - b.x || a.y - b.y || (a.enter === b.enter ? 0 : a.enter ? -1 : 1));
  const status: Segment[] = [];
  for (const e of events) {
    if (e.enter) {
      let lo = 0, hi = status.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (below(e.s, status[mid]!)) hi = mid;
        else lo = mid + 1;
      }
      status.splice(lo, 0, e.s);
      if (conflict(e.s, status[lo - 1]) || conflict(e.s, status[lo + 1])) return false;
    } else {
      const at = status.indexOf(e.s);
      if (at < 0) continue;
      status.splice(at, 1);
      if (conflict(status[at - 1], status[at])) return false;
    }
  }
  return true;
}
