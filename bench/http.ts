/**
 * The service over HTTP, against a bare node:http hello-world measured in the same run (autocannon,
 * 50 connections, each server in its own process so the load generator does not share its event
 * loop): requests per second of each endpoint as a ratio to the hello-world, and the service's
 * resident memory after a warm start and after the load. Run `npm run build` first to measure the
 * bundle `npm start` runs; otherwise the TypeScript entry runs under tsx.
 * BENCH_HTTP_ONLY=tile (any part of a row's name, case-insensitive) loads only the matching endpoints
 * (and their ceiling rows); the hello-world, the starts and the memory readings are as in a full run.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { row } from './stats';
import { freePort, waitFor } from './net';
import { MALLOC_ENV, QUIET_COLLECTION_DELAY_MS } from '../server/memory-policy';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * Resident size once the warm-up after start is done (tile parts, the basemap's sources): read every
 * second until three readings agree within 1 % (at most 60 s). A fixed 3 s read a loaded machine's
 * service halfway through its warm-up, so a slower start looked lighter.
 */
async function settledRssMb(pid: number): Promise<number> {
  const readings = [rssMb(pid)];
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 1_000));
    readings.push(rssMb(pid));
    const last = readings.slice(-3);
    if (last.length === 3 && Math.max(...last) - Math.min(...last) <= 0.01 * Math.max(...last)) break;
  }
  return readings[readings.length - 1]!;
}

/** Warm starts timed; their median is the first-answer figure. */
const WARM_STARTS = 3;

const HELLO = `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); s.end('hello'); }).listen(Number(process.argv[1]), '127.0.0.1');`;

/**
 * The ceiling of an answer: a bare node:http server that reads the request's body and writes a briefing's
 * answer as the service sent it (its bytes read from a file once), computing nothing. No design that
 * builds each answer can beat it, so a briefing's target above this row's ratio is out of reach by the
 * answer's size alone (issue 13: the reading of what is left).
 */
const REPLAY = `const b = require('node:fs').readFileSync(process.argv[2]); require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => { s.writeHead(200, {'content-type': 'application/json', 'content-length': b.length}); s.end(b); }); }).listen(Number(process.argv[1]), '127.0.0.1');`;

/**
 * The cached tile's ceiling: a bare node:http server writing the tile's answer as the service sent it
 * (status, every header but those node adds itself, the body), read from a file once, computing nothing
 * (issue 13: how close the fast path is to what node:http can do with the same bytes).
 */
const TILE_REPLAY = `const f = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8')); const b = Buffer.from(f.body, 'base64'); require('node:http').createServer((q, s) => { s.writeHead(f.status, f.headers); s.end(b); }).listen(Number(process.argv[1]), '127.0.0.1');`;

/** Headers node:http writes itself (a replay would send them twice). */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The answer to a GET as autocannon asks it (the same request headers), with its raw header lines. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: string[]; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const flat: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (!NODE_OWN_HEADERS.has(res.rawHeaders[i]!.toLowerCase())) flat.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        resolve({ status: res.statusCode!, headers: flat, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  auth: boolean;
  /** Each request gets a fresh body (a create must not repeat an id). */
  fresh?: () => unknown;
  /** More request headers (a revalidation's If-None-Match). */
  headers?: Record<string, string>;
  /** The answer that did the work, when it is not a 2xx (a revalidation's 304). */
  expect?: 304;
}

async function load(base: string, s: Scenario, token: string | null): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...s.headers };
  if (s.auth && token) headers.authorization = `Bearer ${token}`;
  const r = await autocannon({
    url: base + s.path,
    method: s.method,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    ...(s.body !== undefined ? { body: JSON.stringify(s.body) } : {}),
    ...(s.fresh ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(s.fresh!()) }) }] } : {}),
  });
  // Throughput counts answers that did the work (2xx): a 503 "busy" or 408 is quick and would flatter it.
  // A revalidation counts its 304s (and its non-2xx column the answers that were not 304).
  if (s.expect === 304) return { rps: r['3xx'] / SECONDS, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx - r['3xx'] };
  return { rps: r['2xx'] / SECONDS, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

async function warmUp(base: string, s: Scenario, token: string | null): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...s.headers };
  if (s.auth && token) headers.authorization = `Bearer ${token}`;
  // A first answer at a cold place can outrun the 250 ms main-thread budget on a loaded machine (a 408 at
  // load 35, the flat forms and indexes of its features being built): the warm-up asks again, up to three times.
  for (let attempt = 1; ; attempt++) {
    const body = s.fresh ? s.fresh() : s.body;
    const r = await fetch(base + s.path, { method: s.method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}), signal: AbortSignal.timeout(120_000) });
    if (s.expect ? r.status === s.expect : r.ok) return void (await r.arrayBuffer());
    const text = await r.text();
    if (r.status !== 408 || attempt >= 3) throw new Error(`${s.name}: the warm-up request answered ${r.status} ${text}`);
  }
}

const square = (lon: number, lat: number, dLon: number, dLat: number) => ({
  type: 'Polygon',
  coordinates: [[[lon, lat], [lon + dLon, lat], [lon + dLon, lat + dLat], [lon, lat + dLat], [lon, lat]]],
});

function operation(i: number) {
  const start = new Date(Date.now() + 86_400_000 + i * 60_000);
  return {
    name: `Bench ${i}`,
    boundary: square(-122.31 + (i % 50) * 0.0005, 47.53, 0.002, 0.002),
    minAltitude: 0,
    maxAltitude: 100,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    timezone: 'America/Los_Angeles',
    altitudeUnit: 'ALTITUDE_UNIT_FEET',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL',
    authorizationProviders: [],
    desc: 'bench',
  };
}

export async function benchHttp(): Promise<string[]> {
  const out: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-bench-http-'));
  // BENCH_HTTP_PORT_BASE: the hello-world on it and the service on the next (a developer's own range on a shared machine); else free ports.
  const portBase = Number(process.env.BENCH_HTTP_PORT_BASE ?? 0);
  const helloPort = portBase > 0 ? portBase : await freePort();
  const port = portBase > 0 ? portBase + 1 : await freePort();
  const children: ChildProcess[] = [];
  try {
    const hello = spawn(process.execPath, ['-e', HELLO, String(helloPort)], { stdio: 'ignore' });
    children.push(hello);
    // BENCH_HTTP_SERVER names another bundle, e.g. an older build, to compare in one sitting.
    const bundle = process.env.BENCH_HTTP_SERVER ?? 'dist/server/index.js';
    const built = existsSync(bundle);
    // The service is this process's child itself (not a tsx wrapper), so its memory is what is read.
    // BENCH_HTTP_NODE_ARGS: node flags for the service alone (e.g. a V8 heap setting to try), not for the load generator.
    const nodeArgs = (process.env.BENCH_HTTP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const entry = [process.execPath, [...nodeArgs, ...(built ? [bundle] : ['--import', 'tsx', 'server/index.ts'])]] as const;
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PROFILE: 'sandbox',
      NODE_ENV: 'production',
      // As `npm start` runs it: two malloc arenas and fixed mmap/trim thresholds (server/memory-policy.ts).
      // BENCH_HTTP_MALLOC=arenas-only runs it as npm start did before the thresholds (to compare an older bundle as it ran).
      ...(process.env.BENCH_HTTP_MALLOC === 'arenas-only' ? { MALLOC_ARENA_MAX: '2' } : MALLOC_ENV),
      DATASET_POLL_SECONDS: '0',
      // The bench is one client hammering the API: lift the per-client and per-address limits.
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_TOKEN_PER_MINUTE: '100000000',
      MAX_CONNECTIONS_PER_ADDRESS: '100000',
      // 50 connections at once: the main-thread gate's queue (32 by default, then 503) holds them all, so
      // the figure is the engine's throughput, not how fast the service says "busy".
      MAIN_THREAD_QUEUE: String(CONNECTIONS * 2),
    };
    const service = spawn(entry[0], [...entry[1]], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(service);
    const base = `http://127.0.0.1:${port}`;
    // First start generates the sandbox dataset; then a warm start is what is measured.
    await waitFor(`${base}/v1/status`, 240_000);
    // Let the first start finish its warm-up (it builds the basemap's overview file in the data
    // directory): a warm start is one after a first start that went to the end.
    await settledRssMb(service.pid!);
    service.kill('SIGTERM');
    await new Promise((r) => service.once('exit', r));
    // Three warm starts, polled every 20 ms (200 ms polls added up to 0.2 s to a start of ~1.4 s); the
    // median is the figure, the last start stays up for the loads.
    const starts: number[] = [];
    let warm!: ChildProcess;
    for (let k = 0; k < WARM_STARTS; k++) {
      if (k > 0) {
        warm.kill('SIGTERM');
        await new Promise((r) => warm.once('exit', r));
      }
      const t0 = performance.now();
      warm = spawn(entry[0], [...entry[1]], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      children.push(warm);
      await waitFor(`${base}/v1/status`, 120_000, 20);
      starts.push(performance.now() - t0);
      // Ready (the store open too) before the next stop: a stop while the store opens waits for it anyway.
      await waitFor(`${base}/readyz`, 120_000);
    }
    const firstAnswerMs = [...starts].sort((a, b) => a - b)[Math.floor(starts.length / 2)]!;
    await waitFor(`${base}/v1/status`, 1_000);
    // Past the start's last collection, made once allocation has been quiet after the warm-up (memory-policy.ts).
    await new Promise((r) => setTimeout(r, 3_000 + QUIET_COLLECTION_DELAY_MS));
    const rssWarm = await settledRssMb(warm.pid!);
    await waitFor(`http://127.0.0.1:${helloPort}/`, 10_000);

    const tokenRes = await fetch(`${base}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=sandbox-client&client_secret=sandbox-secret',
    });
    const tokenBody = (await tokenRes.json()) as { data?: { accessToken?: string }; access_token?: string };
    const token = tokenBody.access_token ?? tokenBody.data?.accessToken ?? null;
    if (!token) throw new Error(`no token: ${tokenRes.status}`);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // 500 operations to page through.
    // A keep-alive connection the service closed just as the next create went out (seen twice on a machine
    // at load 20, "other side closed") is tried again on a new one: a duplicate here is only one more row.
    const post = (body: string) => fetch(`${base}/v1/operations`, { method: 'POST', headers: auth, body }).catch(() => fetch(`${base}/v1/operations`, { method: 'POST', headers: auth, body }));
    for (let i = 0; i < 500; i++) {
      const r = await post(JSON.stringify(operation(i)));
      if (r.status !== 201) throw new Error(`create operation: ${r.status} ${await r.text()}`);
    }
    let created = 1000;
    let moved = 0;
    const kbfiTile = '/tiles/airspace/12/656/1430.pbf';
    const kbfiTag = (await fetch(base + kbfiTile).then(async (r) => (await r.arrayBuffer(), r.headers.get('etag')))) ?? '';

    const allScenarios: Scenario[] = [
      { name: 'location briefing (KBFI)', method: 'POST', path: '/v2/briefing/preflight/location', body: { latitude: 47.53, longitude: -122.3, maxAltitude: 200 }, auth: true },
      { name: 'area briefing 9.5 sq mi, DC', method: 'POST', path: '/v2/briefing/preflight/area', body: { boundary: square(-77.08, 38.87, 0.05, 0.035), maxAltitude: 200 }, auth: true },
      // The same briefings at a new place each request (a step of 1e-5°, ~1 m): no answer can be given again
      // (server/services/briefing/answer-cache.ts), so these rows are the engine's own throughput.
      { name: '  at a new place each request (computed)', method: 'POST', path: '/v2/briefing/preflight/location', auth: true, fresh: () => ({ latitude: 47.53 + 1e-5 * (moved++ % 2000), longitude: -122.3, maxAltitude: 200 }) },
      { name: '  DC, a new square each request (computed)', method: 'POST', path: '/v2/briefing/preflight/area', auth: true, fresh: () => ({ boundary: square(-77.08 + 1e-5 * (moved++ % 2000), 38.87, 0.05, 0.035), maxAltitude: 200 }) },
      { name: 'cached vector tile', method: 'GET', path: kbfiTile, auth: false },
      // A map revalidates its airspace tiles every minute (max-age 60): the 304 of the same tile.
      { name: 'cached vector tile, revalidated (304)', method: 'GET', path: kbfiTile, auth: false, headers: { 'if-none-match': kbfiTag }, expect: 304 },
      { name: 'groundType, resolution 8', method: 'POST', path: '/v2/groundType', body: { geometry: square(-122.35, 47.58, 0.05, 0.035), resolution: 8 }, auth: true },
      // A new square each request (a step of 1e-5°): never an answer given again, so the worker pool's own throughput.
      { name: '  groundType, a new square each request (computed)', method: 'POST', path: '/v2/groundType', auth: true, fresh: () => ({ geometry: square(-122.35 + 1e-5 * (moved++ % 2000), 47.58, 0.05, 0.035), resolution: 8 }) },
      { name: 'GET /v1/operations, 100 of 500', method: 'GET', path: '/v1/operations?limit=100', auth: true },
      { name: 'create operation', method: 'POST', path: '/v1/operations', auth: true, fresh: () => operation(created++) },
    ];
    const only = process.env.BENCH_HTTP_ONLY?.toLowerCase();
    const scenarios = only ? allScenarios.filter((x) => x.name.toLowerCase().includes(only)) : allScenarios;
    const baseline = await load(`http://127.0.0.1:${helloPort}`, { name: 'hello', method: 'GET', path: '/', auth: false }, null);
    out.push(`HTTP (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each; ${built ? bundle : 'tsx'}${nodeArgs.length ? ` ${nodeArgs.join(' ')}` : ''}; malloc ${process.env.BENCH_HTTP_MALLOC === 'arenas-only' ? 'arenas only' : 'MALLOC_ENV'}; load average ${os.loadavg()[0]!.toFixed(1)}), ratio to a bare node:http hello-world:`);
    out.push(row(['request', 'req/s', 'ratio', 'p99 ms', 'errors/non-2xx']));
    out.push(row(['node:http hello-world (baseline)', baseline.rps.toFixed(0), '1.000', baseline.p99.toFixed(1), `${baseline.errors}/${baseline.non2xx}`]));
    for (const s of scenarios) {
      // One answer first, not counted: a worker thread starts at its first task (the population model
      // takes seconds on a loaded machine), and a 5 s load behind a cold start measured 0 req/s.
      await warmUp(base, s, token);
      const r = await load(base, s, token);
      out.push(row([s.name, r.rps.toFixed(0), (r.rps / baseline.rps).toFixed(3), r.p99.toFixed(1), `${r.errors}/${r.non2xx}`]));
    }
    // The briefings' ceilings (REPLAY): each answer's bytes from a bare server, under the same load.
    for (const s of scenarios.filter((x) => x.path.startsWith('/v2/briefing/') && x.body !== undefined)) {
      const answer = await fetch(base + s.path, { method: 'POST', headers: auth, body: JSON.stringify(s.body) });
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (!answer.ok) throw new Error(`${s.name}: ${answer.status} ${bytes.toString()}`);
      const file = path.join(dataDir, `answer-${children.length}.json`);
      writeFileSync(file, bytes);
      const replayPort = await freePort();
      const replay = spawn(process.execPath, ['-e', REPLAY, String(replayPort), file], { stdio: 'ignore' });
      children.push(replay);
      await waitFor(`http://127.0.0.1:${replayPort}/`, 10_000);
      const r = await load(`http://127.0.0.1:${replayPort}`, s, null);
      replay.kill('SIGKILL');
      out.push(row([`  its ${(bytes.length / 1024).toFixed(1)} KB answer replayed by node:http (ceiling)`, r.rps.toFixed(0), (r.rps / baseline.rps).toFixed(3), r.p99.toFixed(1), `${r.errors}/${r.non2xx}`]));
    }
    // The tile's ceiling (TILE_REPLAY): its status, headers and bytes from a bare server, under the same load.
    for (const s of scenarios.filter((x) => x.path === kbfiTile && !x.expect)) {
      const answer = await rawGet(base + s.path, { 'content-type': 'application/json' });
      if (answer.status !== 200) throw new Error(`${s.name}: ${answer.status} ${answer.body.toString()}`);
      const file = path.join(dataDir, `tile-${children.length}.json`);
      writeFileSync(file, JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString('base64') }));
      const replayPort = await freePort();
      const replay = spawn(process.execPath, ['-e', TILE_REPLAY, String(replayPort), file], { stdio: 'ignore' });
      children.push(replay);
      await waitFor(`http://127.0.0.1:${replayPort}/`, 10_000);
      const r = await load(`http://127.0.0.1:${replayPort}`, s, null);
      replay.kill('SIGKILL');
      out.push(row([`  the tile's ${(answer.body.length / 1024).toFixed(1)} KB answer replayed by node:http (ceiling)`, r.rps.toFixed(0), (r.rps / baseline.rps).toFixed(3), r.p99.toFixed(1), `${r.errors}/${r.non2xx}`]));
    }
    const rssLoaded = rssMb(warm.pid!);
    out.push(`Service memory (resident): ${rssWarm.toFixed(0)} MB after a warm start, ${rssLoaded.toFixed(0)} MB after the load; first answer ${firstAnswerMs.toFixed(0)} ms after a warm start (median of ${starts.map((t) => t.toFixed(0)).join(', ')} ms)`);
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}
