/**
 * A cached vector tile from two service bundles side by side, in one sitting, on a shared machine
 * (docs/perf.md "Cached tiles before Hono"):
 *   npx tsx bench/tile-side-by-side.ts <bundle A> <bundle B>   (e.g. a base build and dist/server/index.js)
 * Both bundles run warm at once; per round: the hello-world, A, the hello-world, B, and an "ideal" bare
 * node:http that writes the same head and body as B from memory (the most any tile server can do);
 * once both services are quiet and after one round not counted, ROUNDS rounds of BENCH_SECONDS each (env, default 5 and 3); the medians. Besides requests per second, which
 * follow the machine's load, each server's own CPU time per request (from /proc) is printed: it holds
 * steady under load, and the hello-world's divided by a server's is what that server could reach.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './net';

const [bundleA, bundleB] = process.argv.slice(2);
if (!bundleA || !bundleB) throw new Error('usage: npx tsx bench/tile-side-by-side.ts <bundle A> <bundle B>');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const TILE = '/tiles/airspace/12/656/1430.pbf';
const HELLO = `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); s.end('hello'); }).listen(Number(process.argv[1]), '127.0.0.1');`;

/** CPU time (user + system) of a process so far, in ms; /proc counts in ticks of 10 ms. */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? NaN;

interface Target {
  name: string;
  url: string;
  pid: number;
  rps: number[];
  /** Server CPU µs per request, per round. */
  cpu: number[];
}

function load(t: Target): Promise<number> {
  const c0 = cpuMs(t.pid);
  return new Promise((resolve, reject) =>
    autocannon({ url: t.url, connections: 50, duration: SECONDS }, (err, r) => {
      if (err) return reject(err);
      if (r.requests.total > 0) t.cpu.push(((cpuMs(t.pid) - c0) * 1000) / r.requests.total);
      t.rps.push(r.requests.average);
      resolve(r.requests.average);
    }),
  );
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
const run = (args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const c = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(c);
  return c;
};

async function service(bundle: string): Promise<{ pid: number; base: string }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-tile-sbs-'));
  dirs.push(dir);
  // As bench/http.ts runs the service.
  const c = run([bundle], {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, PROFILE: 'sandbox', NODE_ENV: 'production', MALLOC_ARENA_MAX: '2',
    DATASET_POLL_SECONDS: '0', MAX_CONNECTIONS_PER_ADDRESS: '100000', PORTAL_DIR: path.join(path.dirname(bundle), '..', 'portal'),
  });
  return { pid: c.pid!, base: `http://127.0.0.1:${port}` };
}

try {
  const helloPort = await freePort();
  const hello = run(['-e', HELLO, String(helloPort)]);
  const [a, b] = await Promise.all([service(bundleA), service(bundleB)]);
  for (const s of [a, b]) {
    await waitFor(`${s.base}/v1/status`, 300_000);
    await fetch(s.base + TILE); // into the tile cache
  }
  const got = await fetch(b.base + TILE);
  const head = Object.fromEntries([...got.headers].filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)));
  const body = Buffer.from(await got.arrayBuffer()).toString('base64');
  const idealPort = await freePort();
  const ideal = run(['-e', `const h = ${JSON.stringify(head)}; const b = Buffer.from('${body}', 'base64'); require('node:http').createServer((q, s) => { s.writeHead(200, h); s.end(b); }).listen(${idealPort}, '127.0.0.1');`]);
  await waitFor(`http://127.0.0.1:${helloPort}/`, 10_000);
  await waitFor(`http://127.0.0.1:${idealPort}/`, 10_000);
  const target = (name: string, url: string, pid: number): Target => ({ name, url, pid, rps: [], cpu: [] });
  const helloA = target('hello-world', `http://127.0.0.1:${helloPort}/`, hello.pid!);
  const helloB: Target = { ...helloA, rps: [], cpu: [] };
  const tA = target(`A ${bundleA}`, a.base + TILE, a.pid);
  const tB = target(`B ${bundleB}`, b.base + TILE, b.pid);
  const tI = target('ideal: bare node:http, the same head and body', `http://127.0.0.1:${idealPort}${TILE}`, ideal.pid!);
  // After its start a service builds its tile layers (server/index.ts), seconds of CPU on a loaded
  // machine that would be counted against its first rounds: wait until both are quiet (under 5 % of a
  // core over a second), then one round not counted.
  for (const t of [tA, tB]) {
    for (const until = Date.now() + 180_000; Date.now() < until; ) {
      const c0 = cpuMs(t.pid);
      await new Promise((r) => setTimeout(r, 1000));
      if (cpuMs(t.pid) - c0 < 50) break;
    }
  }
  for (const t of [tA, tB, tI]) await load({ ...t, rps: [], cpu: [] });
  const loadBefore = os.loadavg()[0]!;
  for (let i = 0; i < ROUNDS; i++) {
    for (const t of [helloA, tA, helloB, tB, tI]) await load(t);
    console.log(`round ${i + 1}: hello ${helloA.rps[i]!.toFixed(0)}, A ${tA.rps[i]!.toFixed(0)}, hello ${helloB.rps[i]!.toFixed(0)}, B ${tB.rps[i]!.toFixed(0)}, ideal ${tI.rps[i]!.toFixed(0)} req/s; load ${os.loadavg()[0]!.toFixed(1)}`);
  }
  const helloRps = helloA.rps.map((v, i) => (v + helloB.rps[i]!) / 2);
  const helloCpu = median([...helloA.cpu, ...helloB.cpu]);
  console.log(`\n${ROUNDS} rounds of ${SECONDS} s, load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}; medians:`);
  console.log(`hello-world: ${median(helloRps).toFixed(0)} req/s, ${helloCpu.toFixed(1)} µs CPU per request`);
  for (const t of [tA, tB, tI]) {
    const ratio = median(t.rps.map((v, i) => v / helloRps[i]!));
    console.log(`${t.name}: ${median(t.rps).toFixed(0)} req/s (${ratio.toFixed(3)}× the hello-world), ${median(t.cpu).toFixed(1)} µs CPU per request (hello-world's ÷ this: ${(helloCpu / median(t.cpu)).toFixed(3)})`);
  }
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
