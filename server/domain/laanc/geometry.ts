/** Polygon helpers of the LAANC module (turf), kept apart so candidates.ts reads as rules. */
import { area, booleanIntersects, convex, difference, feature, featureCollection, intersect, union } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { geometryBBox, type BBox } from '../../data/dataset';
import type { FeatureGeometry } from '../../data/model';

export type Areal = Polygon | MultiPolygon;

/** Overlaps smaller than this (square metres) are edge contact or rounding, not airspace shared. */
export const MIN_OVERLAP_M2 = 1;

export function isAreal(g: FeatureGeometry): g is Areal {
  return g.type === 'Polygon' || g.type === 'MultiPolygon';
}

function bboxesOverlap(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** Whether two polygons meet at all (boxes first; edge contact counts). */
export function touches(a: Areal, b: Areal): boolean {
  return bboxesOverlap(geometryBBox(a), geometryBBox(b)) && booleanIntersects(a, b);
}

/** The shared area of two polygons, or null when they only touch or miss. */
export function overlap(a: Areal, b: Areal): Areal | null {
  if (!bboxesOverlap(geometryBBox(a), geometryBBox(b))) return null;
  if (!booleanIntersects(a, b)) return null;
  const out = intersect(featureCollection([feature(a), feature(b)]));
  if (!out || area(out) < MIN_OVERLAP_M2) return null;
  return out.geometry;
}

/** The part of `a` outside `cover` (null when `cover` covers it, slivers under MIN_OVERLAP_M2 aside). */
export function outside(a: Areal, cover: Areal | null): Areal | null {
  if (!cover) return area(a) < MIN_OVERLAP_M2 ? null : a;
  const out = difference(featureCollection([feature(a), feature(cover)]));
  if (!out) return null;
  const parts = polygonsOf(out.geometry);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : { type: 'MultiPolygon', coordinates: parts.map((p) => p.coordinates) };
}

export function unionAll(parts: Areal[]): Areal | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  const out = union(featureCollection(parts.map((p) => feature(p))));
  return out ? out.geometry : null;
}

/** The polygons of an areal geometry, tiny slivers dropped. */
export function polygonsOf(g: Areal): Polygon[] {
  const list: Polygon[] = g.type === 'Polygon' ? [g] : g.coordinates.map((c) => ({ type: 'Polygon', coordinates: c }));
  return list.filter((p) => area(p) >= MIN_OVERLAP_M2);
}

/** One Polygon standing for an areal geometry (LAANC notices carry a Polygon, spec 2.5). */
export function largestPolygon(g: Areal): Polygon {
  const list: Polygon[] = g.type === 'Polygon' ? [g] : g.coordinates.map((c) => ({ type: 'Polygon', coordinates: c }));
  return list.reduce((best, p) => (area(p) > area(best) ? p : best), list[0]!);
}

/** Rounds coordinates (7 decimals ≈ 1 cm) so hashes and stored shapes do not carry float noise. */
export function roundPolygon(p: Polygon, decimals = 7): Polygon {
  const f = 10 ** decimals;
  return { type: 'Polygon', coordinates: p.coordinates.map((r) => r.map((pos) => [Math.round(pos[0]! * f) / f, Math.round(pos[1]! * f) / f])) };
}

/**
 * One polygon over every part: the parts themselves when there is one, else their convex hull (a LAANC
 * request has one polygon; several for one facility and window read as identical requests).
 */
export function onePolygon(parts: Polygon[]): Polygon {
  if (parts.length === 1) return parts[0]!;
  const hull = convex(featureCollection(parts.map((p) => feature(p))));
  return hull ? hull.geometry : largestPolygon({ type: 'MultiPolygon', coordinates: parts.map((p) => p.coordinates) });
}
