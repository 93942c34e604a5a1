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

/**
 * The path with every position dropped that lies within `toleranceM` of the line kept (Douglas–Peucker).
 * Half the tolerance is applied in degrees of latitude (along longitudes it is tighter still); the other
 * half covers the bow between a segment straight in degrees and the same segment on the earth, which
 * grows with its length squared (L² tan φ / 8R: 0.5 m for a 4.8 km segment at 47.5°; with the whole
 * tolerance in degrees a dropped position lay 1.014 m from a 1.6 km kept segment, found by the property
 * test). So every dropped position is within `toleranceM` of the result, and a buffer of radius
 * r + toleranceM of the result holds the buffer of radius r of the path (the caller widens it).
 */
export function thinPath(coordinates: Position[], toleranceM: number): Position[] {
  if (coordinates.length <= 2) return coordinates;
  return simplify(lineString(coordinates), { tolerance: toleranceM / 2 / M_PER_DEG_LAT, highQuality: true }).geometry.coordinates;
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
