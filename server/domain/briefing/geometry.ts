/**
 * Geometry of the briefing: does an input touch a feature, and how far apart are they, in nautical
 * miles (every published airspace dimension is in NM: AIM 3-2, FAA JO 7400.11).
 * Intersection is turf's; distance is measured on a local equirectangular plane around the input,
 * which stays within about 0.5 % over the few NM a briefing looks at (kernel: flat-geometry.ts).
 */
import { booleanIntersects } from '@turf/turf';
import type { Polygon, Position } from 'geojson';
import type { BBox } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { boxGapNm, flat, flatGapNm, pointBoundaryNm, pointInFlatPolygon, type Flat } from './flat-geometry';

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
  if (!bboxesOverlap(flat(a).bbox, flat(b).bbox)) return false;
  return booleanIntersects(a, b);
}

/** The plane's longitude scale: the cosine of the first geometry's mid latitude. */
function planeOf(a: Flat): number {
  // Indexed, not destructured: destructuring runs the array iterator (an allocation per call, per candidate).
  return Math.cos(((a.bbox[1] + a.bbox[3]) / 2) * RAD);
}

/**
 * Shortest distance between two geometries that do not intersect (boundary to boundary), in NM.
 * Exact up to `limit`; above it, some figure above `limit` (the search stops looking).
 */
export function gapNm(a: FeatureGeometry, b: FeatureGeometry, limit = Infinity): number {
  const fa = flat(a);
  return flatGapNm(fa, flat(b), planeOf(fa), limit);
}

/**
 * Distance in NM from the input to the area a feature governs: 0 when they intersect (a stadium's
 * 3 NM circle and an MTR's corridor count as the feature's area). Exact up to `limit`; above it some
 * figure above `limit`: features whose boxes are already farther apart cost one box test.
 */
export function separationNm(input: FeatureGeometry, f: AirspaceFeature, limit = Infinity): number {
  return separationFrom(inputPlane(input), f, limit);
}

/** An input with its flat form and its plane, made once for all the features a briefing measures it against. */
export interface InputPlane {
  input: FeatureGeometry;
  fi: Flat;
  cosLat: number;
}

export function inputPlane(input: FeatureGeometry): InputPlane {
  const fi = flat(input);
  return { input, fi, cosLat: planeOf(fi) };
}

/**
 * Whether a feature is surely farther than `limit` from the input by its box in the dataset (`boxes` at `at`:
 * Dataset.boxArray, which holds the geometry's own box, an MTR's widened by its corridor), before its geometry
 * is read: the lower bound separationFrom starts with, from a box at least as large, so it drops nothing
 * separationFrom would keep.
 */
export function farByBox(plane: InputPlane, boxes: Float64Array, at: number, f: AirspaceFeature, limit: number): boolean {
  const lb = boxGapNm(plane.fi.bbox, 0, boxes, at, plane.cosLat) - reachNm(f);
  return lb > limit && lb > ON_BOUNDARY_NM;
}

/** separationNm from an input's plane (inputPlane): the flat form and the cosine once per briefing, not per candidate. */
export function separationFrom(plane: InputPlane, f: AirspaceFeature, limit = Infinity): number {
  const { input, fi, cosLat } = plane;
  const reach = reachNm(f);
  const ff = flat(f.geometry);
  const lb = boxGapNm(fi.bbox, 0, ff.bbox, 0, cosLat) - reach;
  // Within ON_BOUNDARY_NM of the box, turf may still call a point on the boundary touching (a point 1e-14° west
  // of a vertex did): those go on to pointSeparation, which asks turf there, as the engine always did.
  if (lb > limit && lb > ON_BOUNDARY_NM) return lb;
  if (input.type === 'Point') return pointSeparation(input.coordinates, f.geometry, fi, ff, cosLat, limit, reach);
  if (surelyIntersects(fi, ff, cosLat) || intersects(input, f.geometry)) return 0;
  const gap = flatGapNm(fi, ff, cosLat, limit + reach);
  return reach === 0 ? gap : Math.max(0, gap - reach);
}

/** Whether vertex v of `from` lies inside the polygons of `to` and farther than ON_BOUNDARY_NM from their boundary. */
function vertexWellInside(from: Flat, v: number, to: Flat, cosLat: number): boolean {
  const x = from.coords[2 * v]!, y = from.coords[2 * v + 1]!;
  return pointInFlatPolygon(x, y, to) && pointBoundaryNm(x, y, to, cosLat, ON_BOUNDARY_NM) > ON_BOUNDARY_NM;
}

/**
 * A sufficient test of contact between an area input and a feature, without turf: the first vertex of one of
 * the input's polygons well inside the feature's polygons, or the feature's first vertex (a point feature's
 * point, a line's first point, a polygon's first outer vertex) well inside the input. turf's booleanIntersects
 * finds contact in both cases (its disjoint test looks for any such vertex inside, by booleanPointInPolygon,
 * which the even-odd test matches away from the boundary: point-separation.test.ts), and is asked only when
 * this test finds none: the same decision, without turf's vertex-by-vertex walk of a long boundary around
 * the input (the DC SFRA, the FRZ, a Class B's surface area; ~20 % of the DC area briefing's CPU).
 */
function surelyIntersects(fi: Flat, ff: Flat, cosLat: number): boolean {
  const polys = fi.polygons;
  if (!polys) return false;
  if (ff.polygons) for (let p = 0; p + 1 < polys.length; p++) if (vertexWellInside(fi, fi.rings[polys[p]!]!, ff, cosLat)) return true;
  return ff.coords.length > 0 && vertexWellInside(ff, 0, fi, cosLat);
}

/**
 * Below this distance from a boundary (about 2 mm) a point counts as on it, and turf decides whether it
 * touches, as it always did: the even-odd test is exact only away from the boundary.
 */
const ON_BOUNDARY_NM = 1e-6;

/**
 * separationNm for a point input (every location briefing) without turf: an even-odd test on the flat
 * arrays, then the distance to the boundary (only as far as ON_BOUNDARY_NM when the point is inside);
 * within ON_BOUNDARY_NM of the boundary turf decides, as it always did. Same answers as turf's
 * booleanIntersects followed by the gap (point-separation.test.ts).
 */
function pointSeparation(p: Position, g: FeatureGeometry, fi: Flat, ff: Flat, cosLat: number, limit: number, reach: number): number {
  const inside = pointInFlatPolygon(p[0]!, p[1]!, ff);
  const gap = flatGapNm(fi, ff, cosLat, inside ? ON_BOUNDARY_NM : Math.max(limit + reach, ON_BOUNDARY_NM));
  if (gap <= ON_BOUNDARY_NM) {
    if (booleanIntersects({ type: 'Point', coordinates: p }, g)) return 0;
  } else if (inside) {
    return 0;
  }
  return reach === 0 ? gap : Math.max(0, gap - reach);
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
