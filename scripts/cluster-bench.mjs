// npm run bench:cluster [-- <seconds> <concurrency>]: starts `npm run cluster` (3 instances behind HAProxy
// on a throwaway PostgreSQL), puts area briefings through the balancer, and meanwhile
//   1. activates a new dataset (npm run data:import with DATABASE_URL) and measures, per instance, the time
//      from the import's end until that instance serves it (GET /v1/status on the instance itself);
//   2. keeps creating operations with LAANC submissions whose callbacks go to a receiver on loopback
//      (scripts/cluster-callbacks.mjs), while it
//   3. kills one instance with SIGKILL and restarts it (same DATA_DIR: it loads its cached dataset), and
//   4. freezes another with SIGSTOP for CLUSTER_FREEZE_SECONDS (default 60), then SIGCONT;
//   5. then waits for every callback the store holds for those operations, counting distinct delivery ids
//      and duplicates, and
//   6. measures location briefings per second through the balancer with 3 instances and with 1 (a second
//      HAProxy frontend that sends everything to the first instance), BENCH_THROUGHPUT_SECONDS (20) each,
//      in rounds 3, 1, 1, 3 after warming every instance up.
// Ports: CLUSTER_PG_PORT, CLUSTER_LB_PORT, CLUSTER_BASE_PORT (scripts/cluster.mjs), CLUSTER_RECEIVER_PORT (any).
// Figures of a run: docs/deploy.md.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { awaitDeliveries, expectedDeliveries, startCreator, startReceiver } from './cluster-callbacks.mjs';
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

/** Requests from `concurrency` workers until stop(); `request` makes one and answers the Response. */
function load(request, concurrency) {
  const stats = { ok: 0, failed: 0, statuses: {}, failedAt: [] };
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      try {
        const r = await request();
        await r.arrayBuffer();
        if (r.ok) stats.ok++;
        else {
          stats.failed++;
          stats.statuses[r.status] = (stats.statuses[r.status] ?? 0) + 1;
          stats.failedAt.push(Date.now());
        }
      } catch {
        stats.failed++;
        stats.statuses.network = (stats.statuses.network ?? 0) + 1;
        stats.failedAt.push(Date.now());
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker));
  return { stats, stop: async () => { stopped = true; await done; return stats; } };
}

const post = (url, bearer, body) => fetch(url, {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000),
});
const areaBriefing = (base, bearer) => () => post(`${base}/v1/briefing/preflight/area`, bearer, { boundary: box });
const locationBriefing = (base, bearer) => () => post(`${base}/v1/briefing/preflight/location`, bearer, { latitude: 47.535, longitude: -122.305 });

/** Location briefings per second through `base` for `seconds`. */
async function throughput(base, bearer, concurrency, seconds) {
  const run = load(locationBriefing(base, bearer), concurrency);
  const t0 = Date.now();
  await sleep(seconds * 1000);
  const stats = await run.stop();
  return { ...stats, perSecond: stats.ok / ((Date.now() - t0) / 1000) };
}

function importDataset(dbUrl, dataDir) {
  return new Promise((resolve, reject) => {
    // With the facility map and class airspace, so that the LAANC submissions after the swap have candidates.
    const files = ['airports', 'stadiums', 'uasfm', 'class_airspace'].map((f) => `data/faa/faa-seattle/${f}_seattle.geojson`);
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
  const freezeSeconds = Number(process.env.CLUSTER_FREEZE_SECONDS || 60);
  const throughputSeconds = Number(process.env.BENCH_THROUGHPUT_SECONDS || 20);
  console.log('Starting the cluster (the first start generates the sandbox dataset once)...');
  // The bench's own client makes far more than the default 1200 requests a minute.
  const c = await startCluster({ env: { RATE_LIMIT_API_PER_MINUTE: '1000000' } });
  const receiver = await startReceiver(Number(process.env.CLUSTER_RECEIVER_PORT || 0));
  try {
    const bearer = await token(c.url);
    const [first, second, third] = c.instances;
    const running = load(areaBriefing(c.url, bearer), concurrency);
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

    const creator = startCreator(c.url, bearer, receiver.url);
    await sleep(5000);
    third.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((r) => third.child.once('exit', r));
    startInstance(third, c.env);
    const restartMs = await waitReady(`http://127.0.0.1:${third.port}`);
    const restartedVersion = await versionOf(`http://127.0.0.1:${third.port}`);

    second.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    await sleep(freezeSeconds * 1000);
    second.child.kill('SIGCONT');
    const thawedAt = Date.now();
    await creator.stop();
    const rest = Math.max(0, seconds * 1000 - (Date.now() - t0));
    await sleep(rest);
    const stats = await running.stop();
    const elapsed = (Date.now() - t0) / 1000;

    const expected = await expectedDeliveries(c.url, bearer, creator.ids);
    const leaseSeconds = Number(c.env.LEASE_SECONDS || 20);
    const missing = await awaitDeliveries(receiver, expected, (leaseSeconds + 60) * 1000);
    const cb = receiver.stats();
    const delivered = [...expected].filter((id) => receiver.got.has(id)).length;
    const duplicated = [...expected].filter((id) => receiver.got.get(id) > 1).length;

    await Promise.all(c.instances.map((i) => waitReady(`http://127.0.0.1:${i.port}`)));
    await sleep(5000); // HAProxy's checks see the thawed instance again
    // Warm every instance up on its own port (the restarted one builds its tile layers after start), then
    // measure 3, 1, 1, 3 (ABBA), so that a steady change of the shared machine's load weighs on both alike.
    for (const i of c.instances) await throughput(`http://127.0.0.1:${i.port}`, bearer, concurrency, 5);
    await sleep(10_000);
    const rounds = [];
    for (const n of [3, 1, 1, 3]) rounds.push({ n, ...(await throughput(n === 3 ? c.url : c.singleUrl, bearer, concurrency, throughputSeconds / 2)) });
    const mean = (n) => rounds.filter((r) => r.n === n).reduce((a, r) => a + r.perSecond, 0) / 2;
    const failedOf = (n) => rounds.filter((r) => r.n === n).reduce((a, r) => a + r.failed, 0);

    const at = (ms) => `${((ms - t0) / 1000).toFixed(0)} s`;
    const near = (from, to) => stats.failedAt.filter((t) => t >= from && t <= to).length;
    console.log(`\nLoad: ${concurrency} concurrent area briefings through HAProxy for ${elapsed.toFixed(0)} s`);
    console.log(`  requests ok ${stats.ok}, failed ${stats.failed} ${JSON.stringify(stats.statuses)}; ${(stats.ok / elapsed).toFixed(1)} req/s`);
    console.log(`  failed within 10 s of the kill (${at(killedAt)}): ${near(killedAt - 1000, killedAt + 10_000)}; during the freeze (${at(frozenAt)}–${at(thawedAt)}): ${near(frozenAt, thawedAt + 5000)}`);
    console.log(`New dataset ${version} activated (data:import with DATABASE_URL); time until each instance served it:`);
    for (const s of swap) {
      // When the instance logged the swap, besides when its /v1/status first answered with it (a busy instance answers late).
      const logged = c.instances.find((i) => i.name === s.name).logs.find((l) => l.msg === 'dataset swapped' && l.at >= imported - 60_000);
      console.log(`  ${s.name}: ${s.ms === null ? 'NOT within 60 s' : `${s.ms} ms`} (swap logged ${logged ? `${logged.at - imported} ms` : 'not seen'} after the import's end)`);
    }
    console.log(`Killed ${third.name} (SIGKILL) at ${at(killedAt)}; restarted ready in ${restartMs} ms, serving ${restartedVersion}`);
    console.log(`Froze ${second.name} (SIGSTOP) for ${freezeSeconds} s; HAProxy took it out on failed /readyz checks`);
    console.log(`Callbacks: ${creator.ids.length} operations with LAANC submissions (${creator.errors.length} creations failed${creator.errors.length ? `: ${creator.errors[0]}` : ''}), receiver answering after 1 s`);
    console.log(`  expected ${expected.size} deliveries; delivered ${delivered} (distinct delivery ids), duplicated ${duplicated}, missing ${missing.length}; the receiver got ${cb.received} POSTs with ${cb.distinct} distinct ids in all (a creation cut off by the freeze still calls back)`);
    if (cb.received) console.log(`  last callback received ${((cb.lastAt - thawedAt) / 1000).toFixed(1)} s after the thaw`);
    console.log(`Throughput, location briefings, ${concurrency} concurrent, ${throughputSeconds} s each (in rounds of half that: 3, 1, 1, 3), through HAProxy:`);
    console.log(`  rounds: ${rounds.map((r) => `${r.n}→${r.perSecond.toFixed(1)}`).join(', ')} req/s`);
    console.log(`  3 instances: ${mean(3).toFixed(1)} req/s (${failedOf(3)} failed); 1 instance: ${mean(1).toFixed(1)} req/s (${failedOf(1)} failed); ratio ${(mean(3) / mean(1)).toFixed(2)}`);
    console.log(`  machine: ${os.availableParallelism()} cores, load average ${os.loadavg()[0].toFixed(1)}`);
    if (swap.some((s) => s.ms === null || s.ms > 5000) || missing.length) process.exitCode = 1;
  } finally {
    await receiver.close();
    await c.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
