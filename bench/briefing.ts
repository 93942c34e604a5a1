/**
 * Briefings over the whole US sandbox dataset: point and 10 sq mi polygon, p50 and p99, against a
 * brute-force scan of the same data with turf (booleanIntersects over every feature), in the same run.
 */
import * as turf from '@turf/turf';
import type { Polygon } from 'geojson';
import type { Dataset } from '../server/data/dataset';
import { briefArea, briefLocation } from '../server/domain/briefing';
import { ms, percentile, row, sample } from './stats';

/** A square of the given area in sq mi centred on a point. */
function square(lon: number, lat: number, sqMi: number): Polygon {
  const halfKm = Math.sqrt(sqMi * 2.589988) / 2;
  const dLat = halfKm / 111.32;
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  return { type: 'Polygon', coordinates: [[[lon - dLon, lat - dLat], [lon + dLon, lat - dLat], [lon + dLon, lat + dLat], [lon - dLon, lat + dLat], [lon - dLon, lat - dLat]]] };
}

function bruteForce(ds: Dataset, g: Polygon | { type: 'Point'; coordinates: number[] }): number {
  let n = 0;
  for (const f of ds.features) if (turf.booleanIntersects(g, f.geometry)) n++;
  return n;
}

export function benchBriefing(ds: Dataset, now: Date): string[] {
  // Places spread over the country: every 150th towered-or-large airport, deterministic.
  const airports = ds.features.filter((f) => f.layer === 'airport' && f.subtype === 'AIRPORT');
  const places = airports.filter((_, i) => i % 150 === 0).map((f) => f.geometry.coordinates as number[]);
  const points = places.map(([lon, lat]) => [lon! + 0.01, lat! + 0.01] as const);
  const polys = places.map(([lon, lat]) => square(lon!, lat!, 10));
  const opts = { now, start: now, end: new Date(now.getTime() + 3600_000), maxAltitudeFt: 200 };
  // Warm-up so the first call's lazy work does not count.
  briefLocation(ds, points[0]![1], points[0]![0], opts);
  briefArea(ds, polys[0]!, opts);
  const pt = sample(points, ([lon, lat]) => briefLocation(ds, lat, lon, opts));
  const pg = sample(polys, (p) => briefArea(ds, p, opts));
  // The HTTP bench's two requests (bench/http.ts) in process: a dense place (Seattle's facility map and
  // Class B near KBFI: ~350 candidate features, ~110 within 2 NM), unlike the country-wide sample above.
  const kbfi = sample(Array.from({ length: 200 }, () => 0), () => JSON.stringify(briefLocation(ds, 47.53, -122.3, { ...opts, includeGeometry: false })));
  const dc = { type: 'Polygon' as const, coordinates: [[[-77.08, 38.87], [-77.03, 38.87], [-77.03, 38.905], [-77.08, 38.905], [-77.08, 38.87]]] };
  const dcArea = sample(Array.from({ length: 200 }, () => 0), () => JSON.stringify(briefArea(ds, dc, opts)));
  const few = 8;
  const bfPt = sample(points.slice(0, few), ([lon, lat]) => bruteForce(ds, { type: 'Point', coordinates: [lon, lat] }));
  const bfPg = sample(polys.slice(0, few), (p) => bruteForce(ds, p));
  const lines = [
    `Briefings over ${ds.features.length} features (${places.length} places; brute force on ${few})`,
    row(['', 'p50 ms', 'p99 ms', 'scan p50 ms', 'speed-up (p50)']),
    row(['point (location v2)', ms(percentile(pt, 50)), ms(percentile(pt, 99)), ms(percentile(bfPt, 50)), `${(percentile(bfPt, 50) / percentile(pt, 50)).toFixed(0)}x`]),
    row(['10 sq mi polygon (area v1)', ms(percentile(pg, 50)), ms(percentile(pg, 99)), ms(percentile(bfPg, 50)), `${(percentile(bfPg, 50) / percentile(pg, 50)).toFixed(0)}x`]),
    row(['KBFI point + JSON (HTTP bench)', ms(percentile(kbfi, 50)), ms(percentile(kbfi, 99)), '', '']),
    row(['DC area + JSON (HTTP bench)', ms(percentile(dcArea, 50)), ms(percentile(dcArea, 99)), '', '']),
  ];
  return lines;
}

/** The JSON of one dense area briefing (the DC box of benchBriefing): a large answer for the compression bench. */
export function sampleBriefingJson(ds: Dataset, now: Date): string {
  const dc = { type: 'Polygon' as const, coordinates: [[[-77.08, 38.87], [-77.03, 38.87], [-77.03, 38.905], [-77.08, 38.905], [-77.08, 38.87]]] };
  return JSON.stringify(briefArea(ds, dc, { now, start: now, end: new Date(now.getTime() + 3600_000), maxAltitudeFt: 200 }));
}
