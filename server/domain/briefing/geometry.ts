/**
 * Geometry of the briefing: does an input touch a feature, and how far apart are they, in nautical
 * miles (every published airspace dimension is in NM: AIM 3-2, FAA JO 7400.11).
 * Intersection is turf's; distance is measured on a local equirectangular plane around the input,
 * which stays within about 0.5 % over the few NM a briefing looks at.
 */
import { booleanIntersects } from '@turf/turf';
import type { Polygon, Position } from 'geojson';
import { geometryBBox, type BBox } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';

/** Spec 8: stadium points are buffered by 3 NM (also the radius of the standing stadium TFR, FDC 4/3621). */
export const STADIUM_RADIUS_NM = 3;
/** Our choice when an MTR carries no width: 4 NM either side of the centre line, the common IR/VR corridor. */
export const DEFAULT_MTR_HALF_WIDTH_NM = 4;

const EARTH_RADIUS_NM = 3440.065;
const RAD = Math.PI / 180;

/** How far beyond its drawn geometry a feature reaches: stadium radius, MTR corridor half-width. */
export function reachNm(f: AirspaceFeature): number {
  if (f.layer === 'stadium') return STADIUM_RADIUS_NM;
  if (f.layer === 'mtr') {
    const w = f.props?.widthNm;
    return typeof w === 'number' && w > 0 ? w / 2 : DEFAULT_MTR_HALF_WIDTH_NM;
  }
  return 0;
}

function bboxesOverlap(a: BBox, b: BBox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

export function intersects(a: FeatureGeometry, b: FeatureGeometry): boolean {
  if (!bboxesOverlap(geometryBBox(a), geometryBBox(b))) return false;
  return booleanIntersects(a, b);
}

type XY = readonly [number, number];

interface Parts {
  vertices: XY[];
  segments: Array<readonly [XY, XY]>;
}

function project(p: Position, cosLat: number): XY {
  return [p[0]! * 60 * cosLat, p[1]! * 60];
}

function parts(g: FeatureGeometry, cosLat: number): Parts {
  const vertices: XY[] = [];
  const segments: Array<readonly [XY, XY]> = [];
  const line = (coords: Position[]) => {
    const pts = coords.map((c) => project(c, cosLat));
    vertices.push(...pts);
    for (let i = 1; i < pts.length; i++) segments.push([pts[i - 1]!, pts[i]!]);
  };
  switch (g.type) {
    case 'Point': vertices.push(project(g.coordinates, cosLat)); break;
    case 'LineString': line(g.coordinates); break;
    case 'Polygon': g.coordinates.forEach(line); break;
    case 'MultiPolygon': g.coordinates.forEach((poly) => poly.forEach(line)); break;
  }
  return { vertices, segments };
}

function pointSegment(p: XY, [a, b]: readonly [XY, XY]): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

function nearest(from: XY[], to: Parts): number {
  let best = Infinity;
  for (const p of from) {
    if (to.segments.length === 0) {
      for (const q of to.vertices) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
    }
    for (const s of to.segments) best = Math.min(best, pointSegment(p, s));
  }
  return best;
}

/** Shortest distance between two geometries that do not intersect (boundary to boundary), in NM. */
export function gapNm(a: FeatureGeometry, b: FeatureGeometry): number {
  const [, s, , n] = geometryBBox(a);
  const cosLat = Math.cos(((s + n) / 2) * RAD);
  const pa = parts(a, cosLat), pb = parts(b, cosLat);
  return Math.min(nearest(pa.vertices, pb), nearest(pb.vertices, pa));
}

/**
 * Distance in NM from the input to the area a feature governs: 0 when they intersect (a stadium's
 * 3 NM circle and an MTR's corridor count as the feature's area).
 */
export function separationNm(input: FeatureGeometry, f: AirspaceFeature): number {
  const reach = reachNm(f);
  if (reach === 0) return intersects(input, f.geometry) ? 0 : gapNm(input, f.geometry);
  if (intersects(input, f.geometry)) return 0;
  return Math.max(0, gapNm(input, f.geometry) - reach);
}

/** Rounds a distance for display: hundredths of a NM, and never 0 for something that does not touch. */
export function roundNm(d: number): number {
  if (d <= 0) return 0;
  return Math.max(0.01, Math.round(d * 100) / 100);
}

/** A circle as a closed 64-gon, counter-clockwise (decreasing bearings; RFC 7946 3.1.6), e.g. a stadium's 3 NM boundary. */
export function circlePolygon(center: Position, radiusNm: number, steps = 64): Polygon {
  const [lon, lat] = [center[0]!, center[1]!];
  const ring: Position[] = [];
  const d = radiusNm / EARTH_RADIUS_NM;
  for (let i = 0; i < steps; i++) {
    const b = (-i * 2 * Math.PI) / steps;
    const p1 = lat * RAD;
    const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
    const l2 = lon * RAD + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
    ring.push([Math.round((l2 / RAD) * 1e6) / 1e6, Math.round((p2 / RAD) * 1e6) / 1e6]);
  }
  ring.push([ring[0]![0]!, ring[0]![1]!]);
  return { type: 'Polygon', coordinates: [ring] };
}
