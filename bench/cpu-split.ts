/**
 * Where the CPU of an HTTP load goes, per request: the service's threads (main, V8's GC and compiler
 * helpers, libuv's pool, workers) and the load generator's own, from /proc/<pid>/task/<tid>/stat and
 * process.cpuUsage, over one autocannon run of each request, against a node:http hello-world measured the
 * same way. Answers whether the service or autocannon is the limit on a 2-core machine (docs/perf.md,
 * "Briefings over HTTP, sixth round"). Each bundle runs on a copy of one prepared data directory:
 *   npx tsx bench/cpu-split.ts <dataDir> <port> <bundle>[=node flags] [<bundle>[=flags] ...]
 * BENCH_SPLIT_SECONDS (default 4) and BENCH_SPLIT_ROUNDS (default 3); bundles alternate each round.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from './net';
import { MALLOC_ENV } from '../server/memory-policy';

const TICK_US = 1e6 / 100; // USER_HZ is 100 on Linux
const SECONDS = Number(process.env.BENCH_SPLIT_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_SPLIT_ROUNDS ?? 3);
const HELLO = `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); s.end('hello'); }).listen(Number(process.argv[1]), '127.0.0.1');`;

/** CPU µs of each thread of `pid`, keyed by `comm` (the main thread as "main"). */
function threads(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // a thread that ended between the listing and the read
    }
    const close = stat.lastIndexOf(')');
    const comm = Number(tid) === pid ? 'main' : stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    out.set(comm, (out.get(comm) ?? 0) + (Number(f[11]) + Number(f[12])) * TICK_US);
    // The main thread's system time apart (the socket reads and writes of its answers), and how long it
    // stood runnable without a core (schedstat's second figure, ns) and how often it was preempted.
    if (comm === 'main') {
      out.set('main.sys', Number(f[12]) * TICK_US);
      const sched = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ');
      out.set('main.wait', Number(sched[1]) / 1000);
      const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      out.set('main.preempt', Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1]) * 1000);
    }
  }
  return out;
}

/** Process-wide CPU µs (ended threads included) from /proc/<pid>/stat. */
function processUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_US;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

interface Target {
  name: string;
  pid: number;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  token?: string;
}

async function measure(t: Target) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (t.token) headers.authorization = `Bearer ${t.token}`;
  const t0 = threads(t.pid);
  const p0 = processUs(t.pid);
  const me0 = process.cpuUsage();
  const w0 = threads(process.pid).get('main.wait') ?? 0;
  const r = await autocannon({ url: t.url, method: t.method, connections: 50, duration: SECONDS, headers, ...(t.body ? { body: t.body } : {}) });
  const me = process.cpuUsage(me0);
  const p1 = processUs(t.pid);
  const t1 = threads(t.pid);
  const genWaitUs = (threads(process.pid).get('main.wait') ?? 0) - w0;
  const n = r['2xx'] || 1;
  const perThread: Record<string, number> = {};
  for (const [k, v] of t1) perThread[k] = Math.round((v - (t0.get(k) ?? 0)) / n);
  return { rps: r['2xx'] / SECONDS, non2xx: r.non2xx, svcUs: (p1 - p0) / n, genUs: (me.user + me.system) / n, genWaitUs: genWaitUs / n, perThread, bytes: r.throughput.average * SECONDS / n };
}

const square = (lon: number, lat: number, dLon: number, dLat: number) => ({
  type: 'Polygon',
  coordinates: [[[lon, lat], [lon + dLon, lat], [lon + dLon, lat + dLat], [lon, lat + dLat], [lon, lat]]],
});
const LOCATION = JSON.stringify({ latitude: 47.53, longitude: -122.3, maxAltitude: 200 });
const AREA = JSON.stringify({ boundary: square(-77.08, 38.87, 0.05, 0.035), maxAltitude: 200 });

async function main() {
  const [dataDir, portArg, ...bundles] = process.argv.slice(2);
  if (!dataDir || !portArg || bundles.length === 0) throw new Error('usage: npx tsx bench/cpu-split.ts <dataDir> <port> <bundle>[=flags] ...');
  let port = Number(portArg);
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  try {
    const helloPort = port++;
    const hello = spawn(process.execPath, ['-e', HELLO, String(helloPort)], { stdio: 'ignore' });
    children.push(hello);
    const services: Array<{ label: string; pid: number; base: string; token: string }> = [];
    for (const spec of bundles) {
      const cut = spec.indexOf('=');
      const [bundle, flags] = cut < 0 ? [spec, ''] : [spec.slice(0, cut), spec.slice(cut + 1)];
      const dir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-split-'));
      dirs.push(dir);
      // Timestamps kept: the dataset's binary file names the JSON's mtime, and a copy without it is refused.
      cpSync(dataDir, dir, { recursive: true, preserveTimestamps: true });
      const p = port++;
      const env = { ...process.env, ...MALLOC_ENV, PORT: String(p), HOST: '127.0.0.1', DATA_DIR: dir, PROFILE: 'sandbox', NODE_ENV: 'production', DATASET_POLL_SECONDS: '0', RATE_LIMIT_API_PER_MINUTE: '100000000', RATE_LIMIT_TOKEN_PER_MINUTE: '100000000', MAX_CONNECTIONS_PER_ADDRESS: '100000', MAIN_THREAD_QUEUE: '100' };
      const child = spawn(process.execPath, [...flags.split(/\s+/).filter(Boolean), bundle], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      children.push(child);
      const base = `http://127.0.0.1:${p}`;
      await waitFor(`${base}/readyz`, 240_000);
      const tr = await fetch(`${base}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=sandbox-client&client_secret=sandbox-secret' });
      const token = ((await tr.json()) as { access_token: string }).access_token;
      services.push({ label: `${path.basename(path.dirname(path.dirname(path.dirname(bundle))))}${flags ? ` ${flags}` : ''}`, pid: child.pid!, base, token });
    }
    // Past the start's warm-up (the basemap), then each request warmed.
    await new Promise((r) => setTimeout(r, 20_000));
    await waitFor(`http://127.0.0.1:${helloPort}/`, 10_000);
    for (const s of services) {
      for (const [route, body] of [['/v2/briefing/preflight/location', LOCATION], ['/v2/briefing/preflight/area', AREA]] as const) {
        await autocannon({ url: s.base + route, method: 'POST', connections: 10, duration: 2, body, headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` } });
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? services : [...services].reverse();
      const h = await measure({ name: 'hello', pid: hello.pid!, url: `http://127.0.0.1:${helloPort}/`, method: 'GET' });
      console.log(JSON.stringify({ round, load: os.loadavg()[0]!.toFixed(1), what: 'hello', ...h }));
      for (const s of order) {
        for (const [what, route, body] of [['location', '/v2/briefing/preflight/location', LOCATION], ['area', '/v2/briefing/preflight/area', AREA]] as const) {
          const m = await measure({ name: what, pid: s.pid, url: s.base + route, method: 'POST', body, token: s.token });
          console.log(JSON.stringify({ round, load: os.loadavg()[0]!.toFixed(1), what, bundle: s.label, ratio: +(m.rps / h.rps).toFixed(4), rssMb: Math.round(rssMb(s.pid)), ...m }));
        }
      }
    }
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

await main();
