/**
 * References for the briefing's geometry tests: the plain brute force the flat kernel replaced (every
 * vertex to every segment, both ways, on the same plane) and the separation the engine computed before
 * its point fast path (turf's booleanIntersects, then that gap).
 */
import { booleanIntersects } from '@turf/turf';
import type { Position } from 'geojson';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { reachNm } from './geometry';

type XY = [number, number];

export function bruteGap(a: FeatureGeometry, b: FeatureGeometry): number {
  const lines = (g: FeatureGeometry): Position[][] =>
    g.type === 'Point' ? [[g.coordinates]] : g.type === 'LineString' ? [g.coordinates] : g.type === 'Polygon' ? g.coordinates : g.coordinates.flat();
  const lats = lines(a).flat().map((p) => p[1]!);
  const cos = Math.cos(((Math.min(...lats) + Math.max(...lats)) / 2) * (Math.PI / 180));
  const proj = (g: FeatureGeometry) => lines(g).map((l) => l.map((p): XY => [p[0]! * 60 * cos, p[1]! * 60]));
  const seg = (p: XY, a: XY, b: XY) => {
    const dx = b[0] - a[0], dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
    return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
  };
  const nearest = (from: XY[][], to: XY[][]) => {
    let best = Infinity;
    const segs = to.flatMap((l) => l.slice(1).map((q, i): [XY, XY] => [l[i]!, q]));
    for (const p of from.flat()) {
      if (segs.length === 0) for (const q of to.flat()) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
      for (const [s, e] of segs) best = Math.min(best, seg(p, s, e));
    }
    return best;
  };
  const pa = proj(a), pb = proj(b);
  return Math.min(nearest(pa, pb), nearest(pb, pa));
}

/** The separation as it was computed before the point fast path: turf decides contact, then the brute-force gap. */
export function referenceSeparation(input: FeatureGeometry, f: AirspaceFeature): number {
  if (booleanIntersects(input, f.geometry)) return 0;
  const reach = reachNm(f);
  const gap = bruteGap(input, f.geometry);
  return reach === 0 ? gap : Math.max(0, gap - reach);
}
