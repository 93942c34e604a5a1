/**
 * What a path costs to buffer, before it is buffered (docs/security.md, "Resource exhaustion, third
 * pass"). turf's buffer (JSTS) nodes the offset curves of every segment against each other: its work
 * grows with the pairs of segments that lie within a buffer's width of each other, and it cannot be
 * interrupted. A 1,999-position zigzag of 5 m steps held the event loop 33 s and grew the process by
 * 1.4 GB; 2,000 strokes back and forth over one 4 km line ran it past 3 GB. Both are within the
 * position limit, so the position count does not bound this: these two functions do.
 */
import { lineString, simplify } from '@turf/turf';
import type { Position } from 'geojson';

const M_PER_DEG_LAT = 111_320;

/** Mean earth radius (m), for the bow of a segment. */
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * The path with every position dropped that lies within `toleranceM` of the line kept, so a buffer of
 * radius r + toleranceM of the result holds the buffer of radius r of the path (the caller widens it).
 * Douglas–Peucker (turf's simplify) with half the tolerance in degrees of latitude, then each dropped
 * position is checked against its kept segment as the buffer draws it: its distance in local metres plus
 * the bow between a segment straight in degrees and the same segment on the earth (L² tan φ / 8R: 0.5 m
 * for 4.8 km at 47.5°, 7 m for 18 km). Where the sum passes the tolerance, the farthest position of that
 * segment is kept and its halves are checked again. (With the tolerance alone, a 1.6 km kept segment left
 * a position 1.014 m from it, found by the property test; a straight track of 18 km along a parallel
 * became its two ends, 5.7 m inside the 50 m corridor asked for, found in review 2026-11-25.)
 */
export function thinPath(coordinates: Position[], toleranceM: number): Position[] {
  if (coordinates.length <= 2) return coordinates;
  const simple = simplify(lineString(coordinates), { tolerance: toleranceM / 2 / M_PER_DEG_LAT, highQuality: true }).geometry.coordinates;
  // The kept positions are a subsequence of the path: their indices, in order.
  const kept: number[] = [];
  for (let i = 0, k = 0; i < coordinates.length && k < simple.length; i++) {
    if (coordinates[i]![0] === simple[k]![0] && coordinates[i]![1] === simple[k]![1]) {
      kept.push(i);
      k++;
    }
  }
  if (kept.length !== simple.length) return coordinates; // not a subsequence (never seen): keep every position
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = kept.length - 2; k >= 0; k--) {
      const far = farthestBeyond(coordinates, kept[k]!, kept[k + 1]!, toleranceM);
      if (far >= 0) {
        kept.splice(k + 1, 0, far);
        changed = true;
      }
    }
  }
  return kept.length === coordinates.length ? coordinates : kept.map((i) => coordinates[i]!);
}

/**
 * Of the positions strictly between a and b, the one farthest from the segment a–b as the buffer draws it
 * (local metres plus the segment's bow), if that is beyond the tolerance; else -1.
 */
function farthestBeyond(c: readonly Position[], a: number, b: number, toleranceM: number): number {
  if (b - a < 2) return -1;
  const [x0, y0] = c[a]!, [x1, y1] = c[b]!;
  const kx = M_PER_DEG_LAT * Math.cos((((y0! + y1!) / 2) * Math.PI) / 180);
  const ax = 0, ay = 0, bx = (x1! - x0!) * kx, by = (y1! - y0!) * M_PER_DEG_LAT;
  const len2 = bx * bx + by * by;
  const phi = (Math.min(Math.max(Math.abs(y0!), Math.abs(y1!)), 89.9) * Math.PI) / 180;
  const bow = (len2 * Math.tan(phi)) / (8 * EARTH_RADIUS_M);
  let worst = -1, worstD = toleranceM;
  for (let i = a + 1; i < b; i++) {
    const px = (c[i]![0]! - x0!) * kx, py = (c[i]![1]! - y0!) * M_PER_DEG_LAT;
    const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * bx + (py - ay) * by) / len2)) : 0;
    const d = Math.hypot(px - t * bx, py - t * by) + bow;
    if (d > worstD) {
      worstD = d;
      worst = i;
    }
  }
  return worst;
}

/**
 * Pairs of segments of the path, not next to each other, whose bounding boxes come within `distanceM`
 * (twice the buffer's radius: where their offset curves can meet). Counting stops past `cap`, so the cost
 * is O(n log n + cap) whatever the path. Longitudes must be continuous (no jump across 180°).
 */
export function nearSegmentPairs(coordinates: readonly Position[], distanceM: number, cap: number): number {
  let maxLat = 0;
  for (const p of coordinates) maxLat = Math.max(maxLat, Math.abs(p[1]!));
  // The widest degree of longitude the path reaches (nearest a pole) counts the most pairs: errs high.
  const dy = distanceM / M_PER_DEG_LAT;
  const dx = dy / Math.max(Math.cos((Math.min(maxLat, 89.9) * Math.PI) / 180), 1e-3);
  const segs: { x0: number; x1: number; y0: number; y1: number; i: number }[] = [];
  for (let i = 1; i < coordinates.length; i++) {
    const a = coordinates[i - 1]!, b = coordinates[i]!;
    segs.push({ x0: Math.min(a[0]!, b[0]!), x1: Math.max(a[0]!, b[0]!), y0: Math.min(a[1]!, b[1]!), y1: Math.max(a[1]!, b[1]!), i });
  }
  // Sweep along x: a box meets only the boxes that start before its east edge plus the distance.
  segs.sort((a, b) => a.x0 - b.x0);
  let n = 0;
  for (let a = 0; a < segs.length; a++) {
    const s = segs[a]!;
    for (let b = a + 1; b < segs.length && segs[b]!.x0 <= s.x1 + dx; b++) {
      const t = segs[b]!;
      if (Math.abs(t.i - s.i) > 1 && t.y0 <= s.y1 + dy && s.y0 <= t.y1 + dy && ++n > cap) return n;
    }
  }
  return n;
}
