/**
 * Coordinates and geometry as the FAA publishes them: decimal degrees, hemisphere-suffixed decimals
 * ("38.95383304N", tfr.faa.gov), dash-separated DMS ("47-35-29.29N", ADDS point layers), packed DMS
 * ("385134N" in NOTAM text), and GeoJSON with 3-D positions (ArcGIS Hub exports).
 * Everything is checked: a bad coordinate is an error naming what is wrong, never a silent NaN.
 */
import { bearing, circle, destination, distance } from '@turf/turf';
import type { MultiPolygon, Point, Polygon, Position } from 'geojson';

export class GeometryError extends Error {
  override name = 'GeometryError';
}

type Axis = 'lat' | 'lon';

function checkRange(value: number, axis: Axis, text: string): number {
  const max = axis === 'lat' ? 90 : 180;
  if (!Number.isFinite(value) || Math.abs(value) > max) {
    throw new GeometryError(`${axis === 'lat' ? 'latitude' : 'longitude'} ${text} is out of range (±${max})`);
  }
  return value;
}

function fromDms(deg: number, min: number, sec: number, text: string): number {
  if (min >= 60 || sec >= 60) throw new GeometryError(`"${text}" has minutes or seconds of 60 or more`);
  return deg + min / 60 + sec / 3600;
}

/** Parses one latitude or longitude in any of the FAA's notations. */
export function parseCoordinate(input: unknown, axis: Axis): number {
  if (typeof input === 'number') return checkRange(input, axis, String(input));
  if (typeof input !== 'string' || input.trim() === '') throw new GeometryError(`missing ${axis === 'lat' ? 'latitude' : 'longitude'}`);
  const text = input.trim();
  let body = text.toUpperCase().replace(/\s+/g, ' ');
  let hemi: string | undefined;
  const hemiMatch = /^([NSEW])\s*(.+)$/.exec(body) ?? /^(.+?)\s*([NSEW])$/.exec(body);
  if (hemiMatch) {
    const leading = /^[NSEW]/.test(body);
    hemi = leading ? hemiMatch[1] : hemiMatch[2];
    body = (leading ? hemiMatch[2] : hemiMatch[1])!.trim();
  }
  if (hemi && (axis === 'lat') !== (hemi === 'N' || hemi === 'S')) {
    throw new GeometryError(`"${text}" has hemisphere ${hemi}, not valid for a ${axis === 'lat' ? 'latitude' : 'longitude'}`);
  }
  let sign = 1;
  if (!hemi && /^[-+]/.test(body)) {
    if (body.startsWith('-')) sign = -1;
    body = body.slice(1);
  }
  let value: number;
  const packed = /^(\d+)(\.\d+)?$/.exec(body);
  if (packed) {
    const int = packed[1]!;
    const frac = packed[2] ?? '';
    const degDigits = axis === 'lat' ? 2 : 3;
    if (int.length <= degDigits) value = Number(int + frac);
    else if (hemi && int.length === degDigits + 4) {
      // DDMMSS(.ss) / DDDMMSS(.ss), as in NOTAM text ("385134N0770211W").
      const d = Number(int.slice(0, degDigits)), m = Number(int.slice(degDigits, degDigits + 2));
      value = fromDms(d, m, Number(int.slice(degDigits + 2) + frac), text);
    } else if (hemi && int.length === degDigits + 2) {
      value = fromDms(Number(int.slice(0, degDigits)), Number(int.slice(degDigits) + frac), 0, text);
    } else throw new GeometryError(`cannot read "${text}" as a ${axis === 'lat' ? 'latitude' : 'longitude'}`);
  } else {
    const parts = body.split(/[\s:°º'\u2019"\u201d-]+/).filter((p) => p !== '');
    if (parts.length < 2 || parts.length > 3 || !parts.every((p) => /^\d+(\.\d+)?$/.test(p))) {
      throw new GeometryError(`cannot read "${text}" as a ${axis === 'lat' ? 'latitude' : 'longitude'}`);
    }
    const [d, m, s] = parts.map(Number) as [number, number, number | undefined];
    value = fromDms(d, m, s ?? 0, text);
  }
  if (hemi === 'S' || hemi === 'W') sign = -1;
  return checkRange(sign * value, axis, text);
}

/** A 2-D position from a GeoJSON position, dropping any z (ArcGIS Hub writes [lon, lat, 0.0]). */
export function position(p: unknown): [number, number] {
  if (!Array.isArray(p) || p.length < 2) throw new GeometryError('a position is not an array of at least two numbers');
  const [x, y] = p as unknown[];
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
    throw new GeometryError(`position ${JSON.stringify(p).slice(0, 60)} is not numeric`);
  }
  checkRange(x, 'lon', String(x));
  checkRange(y, 'lat', String(y));
  return [x, y];
}

function ring(r: unknown, where: string): Position[] {
  if (!Array.isArray(r)) throw new GeometryError(`${where} is not an array of positions`);
  const pts = r.map(position);
  if (pts.length < 4) throw new GeometryError(`${where} has ${pts.length} positions; a closed ring needs at least 4`);
  const [a, b] = [pts[0]!, pts[pts.length - 1]!];
  if (a[0] !== b[0] || a[1] !== b[1]) {
    throw new GeometryError(`${where} is not closed (first position ${a.join(',')} differs from last ${b.join(',')})`);
  }
  if (new Set(pts.map((p) => `${p[0]},${p[1]}`)).size < 3) throw new GeometryError(`${where} has fewer than 3 distinct positions`);
  return pts;
}

function polygonRings(c: unknown, where: string): Position[][] {
  if (!Array.isArray(c) || c.length === 0) throw new GeometryError(`${where} has no rings`);
  return c.map((r, i) => ring(r, i === 0 ? `${where} outer ring` : `${where} hole ${i}`));
}

export type AreaOrPoint = Polygon | MultiPolygon | Point;

/** Validates a GeoJSON geometry of an allowed type and returns a clean 2-D copy. */
export function normalizeGeometry(g: unknown, allowed: ReadonlyArray<AreaOrPoint['type']>): AreaOrPoint {
  if (typeof g !== 'object' || g === null) throw new GeometryError('geometry is missing');
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  if (typeof type !== 'string' || !allowed.includes(type as AreaOrPoint['type'])) {
    throw new GeometryError(`geometry type ${String(type)} is not one of ${allowed.join(', ')}`);
  }
  switch (type) {
    case 'Point':
      return { type: 'Point', coordinates: position(coordinates) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: polygonRings(coordinates, 'polygon') };
    default: {
      if (!Array.isArray(coordinates) || coordinates.length === 0) throw new GeometryError('multipolygon has no polygons');
      return { type: 'MultiPolygon', coordinates: coordinates.map((p, i) => polygonRings(p, `polygon ${i + 1}`)) };
    }
  }
}

/** Closes a vertex list into a ring (tfr.faa.gov lists usually repeat the first vertex; some may not). */
export function closeRing(points: Position[], where: string): Position[] {
  const pts = points.map((p) => [p[0]!, p[1]!]);
  const a = pts[0], b = pts[pts.length - 1];
  if (a && b && (a[0] !== b[0] || a[1] !== b[1])) pts.push([a[0]!, a[1]!]);
  return ring(pts, where);
}

/** A circle as a polygon of `steps` vertices; radius in nautical miles, centre [lon, lat]. */
export function circlePolygon(center: [number, number], radiusNm: number, steps = 72): Polygon {
  if (!(radiusNm > 0) || radiusNm > 1000) throw new GeometryError(`circle radius ${radiusNm} NM is not plausible`);
  return circle(center, radiusNm, { steps, units: 'nauticalmiles' }).geometry;
}

/**
 * The vertices of an arc around `center` from `from` to `to` (both excluded), no more than 5° apart.
 * AIXM CWA/CCA boundary segments: the radius is the distance from the centre to the start vertex.
 */
export function arcVertices(center: [number, number], from: [number, number], to: [number, number], clockwise: boolean): Position[] {
  const r = distance(center, from, { units: 'nauticalmiles' });
  const b0 = bearing(center, from);
  let sweep = bearing(center, to) - b0;
  if (clockwise) sweep = ((sweep % 360) + 360) % 360;
  else sweep = -((((-sweep) % 360) + 360) % 360);
  const steps = Math.max(1, Math.ceil(Math.abs(sweep) / 5));
  const out: Position[] = [];
  for (let i = 1; i < steps; i++) {
    out.push(destination(center, r, b0 + (sweep * i) / steps, { units: 'nauticalmiles' }).geometry.coordinates);
  }
  return out;
}
