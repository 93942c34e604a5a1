/** Crafted input geometries of the QA report, shared by the geometry tests. */
import type { Position } from 'geojson';
import { expect } from 'vitest';

/** A closed star: every edge crosses many others (the QA denial of service). */
export function star(n: number, [lon, lat] = [-122.3, 47.6], r = 0.05): Position[] {
  const k = Math.floor(n / 2) - 1;
  const ring: Position[] = [];
  for (let i = 0; i < n - 1; i++) {
    const t = (2 * Math.PI * ((i * k) % (n - 1))) / (n - 1);
    ring.push([lon + r * Math.cos(t), lat + r * Math.sin(t)]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** A closed circle of n positions (the last repeats the first) of radius r degrees of latitude. */
export function circle(n: number, [lon, lat]: number[], r: number): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n - 1; i++) ring.push([lon! + (r / Math.cos((lat! * Math.PI) / 180)) * Math.cos((2 * Math.PI * i) / (n - 1)), lat! + r * Math.sin((2 * Math.PI * i) / (n - 1))]);
  ring.push(ring[0]!);
  return ring;
}

export const polygon = (ring: Position[]) => ({ type: 'Polygon', coordinates: [ring] });
export const SEATTLE: [number, number] = [-122.3, 47.55];

/** The area routes, each with an otherwise valid body: briefings, airspace check, advisories, aviation, surface and risk. */
export const AREA_ROUTES: Array<[string, (g: unknown) => unknown]> = [
  ['/v1/briefing/preflight/area', (g) => ({ boundary: g })],
  ['/v2/briefing/preflight/area', (g) => ({ boundary: g })],
  ['/v1/check/airspace', (g) => ({ geometry: g, startTime: '2030-01-01T10:00:00Z', endTime: '2030-01-01T11:00:00Z' })],
  ['/v2/advisory', (g) => ({ geometry: g, category: 'faa_107' })],
  ['/v1/advisories/geojson', (g) => ({ geometry: g })],
  ['/v1/aviation', (g) => ({ geometry: g, type: [] })],
  ['/v2/groundType', (g) => ({ geometry: g, resolution: 8 })],
  ['/v2/surface/geojson', (g) => ({ geometry: g, layers: [{ code: 'uasfm_ceiling', fields: ['*'] }], resolution: 8 })],
  ['/v2/surface/hexbin', (g) => ({ geometry: g, layers: ['uasfm_ceiling'], resolution: 8 })],
  ['/v2/surface/classification', (g) => ({ geometry: g, resolution: 8 })],
  ['/v1/suitability', (g) => ({ geometry: g, resolution: 8 })],
  ['/v2/hazard', (g) => ({ geometry: g, resolution: 8 })],
  ['/v2/hazard/groundRisk', (g) => ({ geometry: g, resolution: 8 })],
  ['/v2/risk/classify', (g) => ({ geometry: g, resolution: 8 })],
];

/** Every longitude in a value, wherever it sits (coordinates of any depth). */
export function longitudes(v: unknown, out: number[] = []): number[] {
  if (Array.isArray(v)) {
    if (v.length >= 2 && v.length <= 3 && v.every((x) => typeof x === 'number')) out.push(v[0] as number);
    else for (const x of v) longitudes(x, out);
  } else if (v && typeof v === 'object') for (const x of Object.values(v)) longitudes(x, out);
  return out;
}

/** Asserts a value has coordinates, all of them within 0.1° of the antimeridian (none "the long way round"). */
export function onlyNear180(v: unknown, what = ''): void {
  const lons = longitudes(v);
  expect(lons.length, what).toBeGreaterThan(0);
  for (const lon of lons) expect(Math.abs(lon), what).toBeGreaterThanOrEqual(179.9);
}
