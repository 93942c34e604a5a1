// npm run bench:cluster [-- <seconds> <concurrency>]: starts `npm run cluster` (3 instances behind HAProxy
// on a throwaway PostgreSQL), puts briefing requests through the balancer, and meanwhile
//   1. activates a new dataset (npm run data:import with DATABASE_URL) and measures, per instance, the time
//      from the import's end until that instance serves it (GET /v1/status on the instance itself);
//   2. kills one instance with SIGKILL and restarts it (same DATA_DIR: it loads its cached dataset);
//   3. freezes another with SIGSTOP for 20 s, then SIGCONT.
// Reports requests ok and failed, throughput, and the swap times. Figures of a run: docs/deploy.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startCluster, startInstance, waitReady } from './cluster.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const box = { type: 'Polygon', coordinates: [[[-122.336, 47.59], [-122.326, 47.59], [-122.326, 47.6], [-122.336, 47.6], [-122.336, 47.59]]] };

async function token(url) {
  const r = await fetch(`${url}/v1/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' }) });
  return (await r.json()).data.accessToken;
}

async function versionOf(base) {
  try {
    const r = await fetch(`${base}/v1/status`, { signal: AbortSignal.timeout(2000) });
    return r.ok ? (await r.json()).dataset.version : null;
  } catch {
    return null;
  }
}

function load(url, bearer, concurrency, until) {
  const stats = { ok: 0, failed: 0, statuses: {} };
  const worker = async () => {
    while (Date.now() < until) {
      try {
        const r = await fetch(`${url}/v1/briefing/preflight/area`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify({ boundary: box }), signal: AbortSignal.timeout(10_000),
        });
        await r.arrayBuffer();
        if (r.ok) stats.ok++;
        else {
          stats.failed++;
          stats.statuses[r.status] = (stats.statuses[r.status] ?? 0) + 1;
        }
      } catch {
        stats.failed++;
        stats.statuses.network = (stats.statuses.network ?? 0) + 1;
      }
    }
  };
  return Promise.all(Array.from({ length: concurrency }, worker)).then(() => stats);
}

function importDataset(dbUrl, dataDir) {
  return new Promise((resolve, reject) => {
    const files = ['data/faa/faa-seattle/airports_seattle.geojson', 'data/faa/faa-seattle/stadiums_seattle.geojson'];
    const c = spawn(process.execPath, ['--import', 'tsx', 'server/data/import/cli.ts', ...files], { env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.on('close', (code) => {
      const v = /Dataset (\S+) written to the database/.exec(out)?.[1];
      if (code === 0 && v) resolve(v);
      else reject(new Error(`data:import failed (${code}): ${out}`));
    });
  });
}

async function main() {
  const seconds = Number(process.argv[2] ?? 60);
  const concurrency = Number(process.argv[3] ?? 16);
  console.log('Starting the cluster (the first start generates the sandbox dataset once)...');
  const c = await startCluster();
  try {
    const bearer = await token(c.url);
    const [first, second, third] = c.instances;
    const until = Date.now() + seconds * 1000;
    const running = load(c.url, bearer, concurrency, until);
    const t0 = Date.now();

    await sleep(5000);
    const version = await importDataset(c.pgUrl, first.dataDir);
    const imported = Date.now();
    const swap = await Promise.all(c.instances.map(async (i) => {
      while (Date.now() - imported < 60_000) {
        if ((await versionOf(`http://127.0.0.1:${i.port}`)) === version) return { name: i.name, ms: Date.now() - imported };
        await sleep(50);
      }
      return { name: i.name, ms: null };
    }));

    await sleep(3000);
    third.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((r) => third.child.once('exit', r));
    startInstance(third, c.env);
    const restartMs = await waitReady(`http://127.0.0.1:${third.port}`);
    const restartedVersion = await versionOf(`http://127.0.0.1:${third.port}`);

    second.child.kill('SIGSTOP');
    await sleep(20_000);
    second.child.kill('SIGCONT');

    const stats = await running;
    const elapsed = (Date.now() - t0) / 1000;
    console.log(`\nLoad: ${concurrency} concurrent briefing requests through HAProxy for ${elapsed.toFixed(0)} s`);
    console.log(`  requests ok ${stats.ok}, failed ${stats.failed} ${JSON.stringify(stats.statuses)}; ${(stats.ok / elapsed).toFixed(0)} req/s`);
    console.log(`New dataset ${version} activated (data:import with DATABASE_URL); time until each instance served it:`);
    for (const s of swap) console.log(`  ${s.name}: ${s.ms === null ? 'NOT within 60 s' : `${s.ms} ms`}`);
    console.log(`Killed ${third.name} (SIGKILL) ${((killedAt - t0) / 1000).toFixed(0)} s in; restarted ready in ${restartMs} ms, serving ${restartedVersion}`);
    console.log(`Froze ${second.name} (SIGSTOP) for 20 s; HAProxy took it out on failed /readyz checks`);
    console.log('Not measured here: callbacks delivered and duplicated, throughput of 3 instances against 1.');
    if (swap.some((s) => s.ms === null || s.ms > 5000)) process.exitCode = 1;
  } finally {
    await c.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
