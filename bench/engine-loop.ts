/**
 * The engine's own CPU in process, and a digest of its answers to compare two trees byte for byte
 * (docs/perf.md, "Briefings, seventh round"). Run from a tree's root with tsx (or bundled with esbuild):
 *
 *   npx tsx bench/engine-loop.ts cpu <dataDir> [calls=4000] [rounds=3]
 *     The HTTP bench's two requests (KBFI location without geometry, the 9.5 sq mi DC area with it), each
 *     with its answer's text (briefingText), as the service runs them: CPU µs a call (process.cpuUsage).
 *   npx tsx bench/engine-loop.ts digest <dataDir|real> <count> <seed> <outFile>
 *     <count> seeded random location and area briefings across the US and at dense places (on vertices
 *     and edges too, four times of day, altitudes 0–400 ft, with and without geometry), over the sandbox
 *     dataset in <dataDir> or over the real Seattle/DC FAA files ("real": REALDATA_DIR, default /work/shared/realdata as the tests find it); writes every answer's text, one
 *     a line, to <outFile>. Two trees' files are compared with `cmp`.
 *   npx tsx bench/engine-loop.ts count <dataDir> <kbfi|dc> <calls>
 *     A fixed number of calls after a warm-up, nothing else: for instruction counts (callgrind, perf stat).
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Polygon, Position } from 'geojson';
import { Dataset } from '../server/data/dataset';
import { readActiveDataset } from '../server/data/dataset-files';
import { ensureSandboxDataset } from '../server/data/generate';
import type { AirspaceFeature, FeatureGeometry } from '../server/data/model';
import { briefArea, briefingText, briefLocation, type BriefingOptions } from '../server/domain/briefing';
import { Budget } from '../server/domain/budget';

const [mode, dataDir, a3, a4, a5] = process.argv.slice(2);
if (!mode || !dataDir) throw new Error('usage: engine-loop.ts cpu|digest|count <dataDir> …');

/** The sandbox's clock: fixed, so that two trees (and two days) answer the same requests about the same data. */
const NOW = new Date('2025-11-20T18:00:00Z');
const HOUR = 3_600_000;

async function sandbox(dir: string): Promise<Dataset> {
  await ensureSandboxDataset(dir, NOW);
  return new Dataset((await readActiveDataset(dir))!);
}

async function real(): Promise<Dataset> {
  const { importFiles } = await import('../server/data/import/import-files');
  // The real FAA samples: REALDATA_DIR, else where the tests look for them (server/data/import/realdata.ts).
  const { realdataDir } = await import('../server/data/import/realdata');
  const dir = process.env.REALDATA_DIR ?? realdataDir;
  if (!existsSync(dir)) throw new Error(`no real FAA data at ${dir} (set REALDATA_DIR)`);
  const realPath = (rel: string) => path.join(dir, rel);
  const files = [
    'faa-seattle/uasfm_seattle.geojson', 'faa-seattle/class_airspace_seattle.geojson', 'faa-seattle/special_use_airspace_wa.geojson',
    'faa-seattle/stadiums_seattle.geojson', 'faa-seattle/airports_seattle.geojson', 'faa-adds/Prohibited_Areas.geojson',
    'faa-tfr-xml/detail_4_2565.xml', 'faa-tfr-xml/detail_4_9433.xml',
  ];
  return new Dataset(await importFiles(files.map(realPath), { now: NOW }));
}

// The HTTP bench's two requests (bench/http.ts): as the routes ask (v2 location without geometry, area with it).
const http = { now: NOW, start: NOW, end: new Date(NOW.getTime() + HOUR), maxAltitudeFt: 200 };
const DC: Polygon = { type: 'Polygon', coordinates: [[[-77.08, 38.87], [-77.03, 38.87], [-77.03, 38.905], [-77.08, 38.905], [-77.08, 38.87]]] };
// With a budget checked as the service checks its main thread's (server/http/main-thread.ts), long enough never to stop a call on a loaded machine.
const kbfi = (ds: Dataset) => briefingText(briefLocation(ds, 47.53, -122.3, { ...http, includeGeometry: false, budget: new Budget('main-thread', 10_000) }));
const dc = (ds: Dataset) => briefingText(briefArea(ds, DC, { ...http, includeGeometry: true, budget: new Budget('main-thread', 10_000) }));

function cpuPerCall(fn: () => unknown, calls: number): number {
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / calls;
}

/** mulberry32: a small seeded generator, so both trees see the same requests. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vertices(g: FeatureGeometry): Position[] {
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'LineString') return g.coordinates;
  if (g.type === 'Polygon') return g.coordinates.flat();
  return g.coordinates.flat(2);
}

/** Dense and restricted places: Seattle (KBFI, SEA, Lumen Field, P-51), the DC SFRA, FRZ and P-56, LAX, O'Hare, New York. */
const PLACES: Array<[number, number]> = [
  [-122.3, 47.53], [-122.3016, 47.4435], [-122.3316, 47.5952], [-122.73, 47.73], [-77.0365, 38.8977], [-77.04, 38.89],
  [-77.45, 38.95], [-76.9, 38.7], [-118.4085, 33.9416], [-87.9073, 41.9742], [-73.7781, 40.6413], [-73.98, 40.75],
];

function digest(ds: Dataset, count: number, seed: number, realData: boolean): string[] {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const places = realData ? PLACES.slice(0, 8) : PLACES;
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    // A third at random across the lower 48 (the sandbox covers the country; the real files Seattle and DC), the rest near a dense place.
    let lon: number, lat: number;
    if (!realData && r() < 0.33) [lon, lat] = [-124 + r() * 57, 25 + r() * 24];
    else {
      const [plon, plat] = pick(places);
      [lon, lat] = [plon + (r() - 0.5) * 0.12, plat + (r() - 0.5) * 0.12];
    }
    // One in four exactly on a vertex or an edge's middle of a nearby feature.
    if (r() < 0.25) {
      const near: AirspaceFeature[] = ds.searchNear({ type: 'Point', coordinates: [lon, lat] }, 2);
      if (near.length) {
        const vs = vertices(pick(near).geometry);
        const j = Math.floor(r() * vs.length);
        const p = vs[j]!, q = vs[Math.min(j + 1, vs.length - 1)]!;
        [lon, lat] = r() < 0.5 ? [p[0]!, p[1]!] : [(p[0]! + q[0]!) / 2, (p[1]! + q[1]!) / 2];
      }
    }
    const start = new Date(NOW.getTime() + Math.round((r() * 90 - 30) * 4) * (HOUR / 4));
    const opts: BriefingOptions = {
      now: NOW,
      start,
      end: new Date(start.getTime() + (1 + Math.floor(r() * 6)) * HOUR),
      maxAltitudeFt: Math.round(r() * 400),
      includeGeometry: r() < 0.5,
    };
    let text: string;
    if (r() < 0.5) text = briefingText(briefLocation(ds, lat, lon, opts));
    else {
      const hx = 0.002 + r() * 0.04, hy = 0.002 + r() * 0.03;
      // A rectangle or a triangle (a concave-free shape with slanted edges).
      const ring: Position[] = r() < 0.7
        ? [[lon - hx, lat - hy], [lon + hx, lat - hy], [lon + hx, lat + hy], [lon - hx, lat + hy], [lon - hx, lat - hy]]
        : [[lon - hx, lat - hy], [lon + hx, lat - hy / 2], [lon, lat + hy], [lon - hx, lat - hy]];
      text = briefingText(briefArea(ds, { type: 'Polygon', coordinates: [ring] }, opts));
    }
    lines.push(text);
  }
  return lines;
}

const realData = dataDir === 'real';
const ds = realData ? await real() : await sandbox(dataDir);
if (mode === 'cpu') {
  const calls = Number(a3 ?? 4000), rounds = Number(a4 ?? 3);
  for (let i = 0; i < 1000; i++) {
    kbfi(ds);
    dc(ds);
  }
  console.log(`answers: KBFI ${kbfi(ds).length} bytes, DC ${dc(ds).length} bytes`);
  for (let k = 0; k < rounds; k++) {
    console.log(`KBFI location + text ${cpuPerCall(() => kbfi(ds), calls).toFixed(1)} µs a call; DC area + text ${cpuPerCall(() => dc(ds), calls).toFixed(1)} µs a call`);
  }
} else if (mode === 'digest') {
  const lines = digest(ds, Number(a3 ?? 2000), Number(a4 ?? 1), realData);
  writeFileSync(a5 ?? '/dev/stdout', lines.join('\n') + '\n');
  const restricted = lines.filter((l) => l.includes('"AUTHORIZATION_TYPE_RESTRICTED"')).length;
  console.error(`${lines.length} answers, ${lines.reduce((n, l) => n + l.length, 0)} bytes, ${restricted} restricted`);
} else if (mode === 'count') {
  const fn = a3 === 'dc' ? dc : kbfi;
  for (let i = 0; i < 1000; i++) fn(ds);
  for (let i = 0, n = Number(a4 ?? 2000); i < n; i++) fn(ds);
}
