/**
 * Small spherical-geometry helpers for the sandbox generator. Distances are in nautical miles because
 * every published airspace dimension is (AIM 3-2; FAA JO 7400.11). A sphere of the mean Earth radius is
 * accurate to about 0.5 % here, well inside the approximations the sandbox already makes.
 */
import type { Polygon, Position } from 'geojson';

/** Mean Earth radius in nautical miles (6,371,008.8 m / 1,852 m). */
const EARTH_RADIUS_NM = 3440.065;
const RAD = Math.PI / 180;

/** Coordinates keep 6 decimals (about 0.1 m): enough for airspace, and it keeps the file small. */
export function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export function pos(lon: number, lat: number): Position {
  return [round6(lon), round6(lat)];
}

export function distanceNm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial true bearing (degrees) of the great circle from the first point to the second. */
export function bearingDeg(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const p1 = lat1 * RAD, p2 = lat2 * RAD, dl = (lon2 - lon1) * RAD;
  return Math.atan2(Math.sin(dl) * Math.cos(p2), Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dl)) / RAD;
}

/** The point reached from (lon, lat) after distanceNm on an initial true bearing (degrees). */
export function destination(lon: number, lat: number, bearingDeg: number, distNm: number): [number, number] {
  const d = distNm / EARTH_RADIUS_NM;
  const b = bearingDeg * RAD;
  const p1 = lat * RAD;
  const l1 = lon * RAD;
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = l1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return [((l2 / RAD + 540) % 360) - 180, p2 / RAD];
}

/** Twice the signed area in degree units; positive when the ring runs counter-clockwise. */
function signedArea(ring: Position[]): number {
  let s = 0;
  for (let i = 0; i < ring.length - 1; i++) s += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return s;
}

/**
 * Rounds, closes and orients a ring: exterior rings counter-clockwise and holes clockwise, the winding
 * RFC 7946 section 3.1.6 asks writers to use.
 */
export function ring(points: readonly (readonly [number, number])[], hole = false): Position[] {
  const r = points.map(([lon, lat]) => pos(lon, lat));
  const first = r[0]!, last = r[r.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) r.push([first[0]!, first[1]!]);
  const ccw = signedArea(r) > 0;
  if (ccw === hole) r.reverse();
  return r;
}

/** A circle approximated by a 64-gon, as the sandbox draws every circular airspace. */
export function circleRing(lon: number, lat: number, radiusNm: number, hole = false, steps = 64): Position[] {
  const pts: [number, number][] = [];
  for (let i = 0; i < steps; i++) pts.push(destination(lon, lat, (i * 360) / steps, radiusNm));
  return ring(pts, hole);
}

export function disc(lon: number, lat: number, radiusNm: number): Polygon {
  return { type: 'Polygon', coordinates: [circleRing(lon, lat, radiusNm)] };
}

/** The ring between two radii: a polygon with one hole. */
export function annulus(lon: number, lat: number, innerNm: number, outerNm: number): Polygon {
  return { type: 'Polygon', coordinates: [circleRing(lon, lat, outerNm), circleRing(lon, lat, innerNm, true)] };
}

export function polygon(points: readonly (readonly [number, number])[]): Polygon {
  return { type: 'Polygon', coordinates: [ring(points)] };
}

/**
 * A local flat projection around a reference latitude, in nautical miles. Good to a few metres over
 * the 10 NM of a surface area, and cheap enough to run for every grid cell.
 */
export function localProjector(refLat: number): (lon: number, lat: number) => [number, number] {
  const k = Math.cos(refLat * RAD) * 60;
  return (lon, lat) => [lon * k, lat * 60];
}

/** Distance from point p to segment ab in a flat plane, plus how far beyond either end p lies along it. */
export function segmentDistance(p: [number, number], a: [number, number], b: [number, number]): { cross: number; beyond: number; dist: number } {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  if (len === 0) {
    const d = Math.hypot(p[0] - a[0], p[1] - a[1]);
    return { cross: d, beyond: d, dist: d };
  }
  const ux = dx / len, uy = dy / len;
  const along = (p[0] - a[0]) * ux + (p[1] - a[1]) * uy;
  const cross = Math.abs((p[0] - a[0]) * uy - (p[1] - a[1]) * ux);
  const beyond = along < 0 ? -along : along > len ? along - len : 0;
  return { cross, beyond, dist: Math.hypot(cross, beyond) };
}

/** The farthest t ≥ 0 at which o + t·d (d a unit vector) lies within halfWidth of segment ab, or -1. */
function farthestOnRay(o: [number, number], d: [number, number], a: [number, number], b: [number, number], halfWidth: number): number {
  let best = -1;
  for (const c of [a, b]) {
    const px = c[0] - o[0], py = c[1] - o[1];
    const along = px * d[0] + py * d[1];
    const disc = along * along - (px * px + py * py - halfWidth * halfWidth);
    if (disc >= 0) best = Math.max(best, along + Math.sqrt(disc));
  }
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len === 0) return best;
  const u = [(b[0] - a[0]) / len, (b[1] - a[1]) / len], n = [-u[1]!, u[0]!];
  let lo = 0, hi = Infinity;
  // Along the segment in [0, len] and across it in [-halfWidth, halfWidth]: each is linear in t.
  for (const [axis, min, max] of [[u, 0, len], [n, -halfWidth, halfWidth]] as const) {
    const at0 = (o[0] - a[0]) * axis[0]! + (o[1] - a[1]) * axis[1]!, slope = d[0] * axis[0]! + d[1] * axis[1]!;
    if (slope === 0) {
      if (at0 < min || at0 > max) return best;
      continue;
    }
    const t1 = (min - at0) / slope, t2 = (max - at0) / slope;
    lo = Math.max(lo, Math.min(t1, t2));
    hi = Math.min(hi, Math.max(t1, t2));
  }
  return lo <= hi ? Math.max(best, hi) : best;
}

/**
 * A circle of radiusNm about (lon, lat) merged with corridors (points within halfWidthNm of a segment
 * that starts inside the circle), traced as the farthest reach along each of `steps` bearings from the
 * centre. Computed in a local projection; corridors' corners are rounded by the sampling.
 */
export function circleWithCorridors(
  lon: number, lat: number, radiusNm: number,
  corridors: ReadonlyArray<{ from: readonly [number, number]; to: readonly [number, number]; halfWidthNm: number }>, steps = 180,
): Polygon {
  const project = localProjector(lat);
  const k = Math.cos(lat * RAD) * 60;
  const o = project(lon, lat);
  const segs = corridors.map((c) => ({ a: project(c.from[0], c.from[1]), b: project(c.to[0], c.to[1]), w: c.halfWidthNm }));
  const pts: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const t = (i * 2 * Math.PI) / steps;
    const d: [number, number] = [Math.cos(t), Math.sin(t)];
    const r = Math.max(radiusNm, ...segs.map((s) => farthestOnRay(o, d, s.a, s.b, s.w)));
    pts.push([(o[0] + r * d[0]) / k, (o[1] + r * d[1]) / 60]);
  }
  return polygon(pts);
}
