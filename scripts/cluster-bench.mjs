// npm run bench:cluster [-- <seconds> <concurrency>]: starts `npm run cluster` (3 instances behind HAProxy
// on a throwaway PostgreSQL), measures the cluster's saturated throughput of area briefings (`concurrency`
// workers, BENCH_SATURATION_SECONDS, default 10), then puts area briefings through the balancer at a fixed
// BENCH_LOAD_SHARE (default 0.35; docs/deploy.md says why) of that rate, and meanwhile
//   1. activates a new dataset (npm run data:import with DATABASE_URL) and measures, per instance, the time
//      from the import's end until that instance serves it (GET /v1/status on the instance itself);
//   2. keeps creating operations with LAANC submissions whose callbacks go to a receiver on loopback
//      (scripts/cluster-callbacks.mjs), while it
//   3. kills one instance with SIGKILL and restarts it (same DATA_DIR: it loads its cached dataset), and
//   4. BENCH_SETTLE_SECONDS (20) after the restart, freezes another with SIGSTOP for CLUSTER_FREEZE_SECONDS
//      (default 60), then SIGCONT;
//   5. then waits for every callback the store holds for those operations, counting distinct delivery ids
//      and duplicates, and counts failed requests by cause (in flight on the killed instance, on the frozen
//      one, other: scripts/cluster-load.mjs), and
//   6. measures location briefings per second through the balancer with 3 instances and with 1 (a second
//      HAProxy frontend that sends everything to the first instance), BENCH_THROUGHPUT_SECONDS (20) each,
//      in rounds 3, 1, 1, 3 after warming every instance up.
// Ports: CLUSTER_PG_PORT, CLUSTER_LB_PORT, CLUSTER_BASE_PORT (scripts/cluster.mjs), CLUSTER_RECEIVER_PORT (any).
// Figures of a run: docs/deploy.md.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { awaitDeliveries, expectedDeliveries, startCreator, startReceiver } from './cluster-callbacks.mjs';
import { startCluster, startInstance, waitReady } from './cluster.mjs';
import { closedLoop, failuresByCause, fixedRate, perSecond, tally } from './cluster-load.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The goal for an instance's resident memory after the bench's load (docs/deploy.md). */
const RSS_GOAL_MB = 400;

/** VmRSS of a process in MB (worker threads included: they are threads of it), or null off Linux. */
function residentMb(pid) {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}
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

/** The version an instance serves, asked until it answers (just after start it may be busy building tiles). */
async function versionWithin(base, ms) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await versionOf(base);
    if (v !== null || Date.now() > end) return v;
    await sleep(250);
  }
}

const post = (url, bearer, body) => fetch(url, {
  method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(body), signal: AbortSignal.timeout(35_000), // past HAProxy's 30 s server time-out, so that it answers naming the instance
});
const areaBriefing = (base, bearer) => () => post(`${base}/v1/briefing/preflight/area`, bearer, { boundary: box });
const locationBriefing = (base, bearer) => () => post(`${base}/v1/briefing/preflight/location`, bearer, { latitude: 47.535, longitude: -122.305 });

/** Requests per second through `base` for `seconds` from `concurrency` workers (saturated). */
async function throughput(request, concurrency, seconds) {
  const run = closedLoop(request, concurrency);
  await sleep(seconds * 1000);
  const stats = await run.stop();
  return { ok: stats.ok, failed: stats.failures.length, perSecond: perSecond(stats) };
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
  const saturationSeconds = Number(process.env.BENCH_SATURATION_SECONDS || 10);
  const loadShare = Number(process.env.BENCH_LOAD_SHARE || 0.35);
  const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS || 20);
  console.log('Starting the cluster (the first start generates the sandbox dataset once)...');
  // The bench's own client makes far more than the default 1200 requests a minute.
  const c = await startCluster({ env: { RATE_LIMIT_API_PER_MINUTE: '1000000' } });
  const receiver = await startReceiver(Number(process.env.CLUSTER_RECEIVER_PORT || 0));
  try {
    const bearer = await token(c.url);
    const [first, second, third] = c.instances;
    const area = areaBriefing(c.url, bearer);
    // The rate the cluster takes when saturated; the disruptions run at a share of it, leaving headroom
    // (a deployment is not run at 100% CPU, and a starved instance swaps datasets late).
    // Measured warm (every instance has built its tiles and compiled its hot code), as the rest of the run is.
    for (const i of c.instances) await throughput(areaBriefing(`http://127.0.0.1:${i.port}`, bearer), concurrency, 3);
    const saturated = await throughput(area, concurrency, saturationSeconds);
    const rate = Math.max(1, saturated.perSecond * loadShare);
    const loadBefore = os.loadavg()[0];
    const running = fixedRate(area, rate);
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
    const exited = new Promise((r) => third.child.once('exit', () => r(Date.now())));
    third.child.kill('SIGKILL');
    const killedAt = Date.now();
    const exitedAt = await exited;
    startInstance(third, c.env);
    const restartMs = await waitReady(`http://127.0.0.1:${third.port}`);
    const restartedAt = Date.now();
    const restartedVersion = await versionWithin(`http://127.0.0.1:${third.port}`, 30_000);

    // The freeze begins once the restarted instance has its share of the load again (HAProxy's slowstart),
    // so that it tests the freeze, not the loss of two instances out of three at once.
    await sleep(settleSeconds * 1000);
    second.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    await sleep(freezeSeconds * 1000);
    second.child.kill('SIGCONT');
    const thawedAt = Date.now();
    await creator.stop();
    const rest = Math.max(0, seconds * 1000 - (Date.now() - t0));
    await sleep(rest);
    const stats = await running.stop();
    const loadAfter = os.loadavg()[0];
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
    for (const i of c.instances) await throughput(locationBriefing(`http://127.0.0.1:${i.port}`, bearer), concurrency, 5);
    await sleep(10_000);
    const rounds = [];
    for (const n of [3, 1, 1, 3]) rounds.push({ n, ...(await throughput(locationBriefing(n === 3 ? c.url : c.singleUrl, bearer), concurrency, throughputSeconds / 2)) });
    const mean = (n) => rounds.filter((r) => r.n === n).reduce((a, r) => a + r.perSecond, 0) / 2;
    const failedOf = (n) => rounds.filter((r) => r.n === n).reduce((a, r) => a + r.failed, 0);

    const at = (ms) => `${((ms - t0) / 1000).toFixed(0)} s`;
    const events = { killed: third.name, killedAt, exitedAt, frozen: second.name, frozenAt, thawedAt };
    const causes = failuresByCause(stats.failures, events);
    const creatorCauses = failuresByCause(creator.errors, events);
    console.log(`\nSaturated: ${saturated.perSecond.toFixed(1)} area briefings/s through HAProxy (${concurrency} concurrent, ${saturationSeconds} s, ${saturated.failed} failed)`);
    console.log(`Load: a fixed ${rate.toFixed(1)} area briefings/s (${Math.round(loadShare * 100)}% of that) for ${elapsed.toFixed(0)} s; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`);
    console.log(`  sent ${stats.sent}, ok ${stats.ok}, failed ${stats.failures.length}, not sent (64 in flight) ${stats.skipped}; ${perSecond(stats).toFixed(1)} ok/s`);
    console.log(`  failed, in flight on the killed ${third.name} at ${at(killedAt)}: ${causes.killed.length} ${tally(causes.killed)}`);
    console.log(`  failed, sent to the frozen ${second.name} (${at(frozenAt)}–${at(thawedAt)}): ${causes.frozen.length} ${tally(causes.frozen)}`);
    console.log(`  failed, other causes: ${causes.other.length} ${tally(causes.other)}${causes.other.length ? `, at ${causes.other.slice(0, 20).map((f) => `${at(f.start)}→${at(f.end)}`).join(', ')} (sent→failed)` : ''}`);
    console.log(`  events: import ended ${at(imported)}, kill ${at(killedAt)}, restarted ready ${at(restartedAt)}, freeze ${at(frozenAt)}–${at(thawedAt)}, load stopped ${at(t0 + elapsed * 1000)}`);
    console.log(`New dataset ${version} activated (data:import with DATABASE_URL); time until each instance served it:`);
    for (const s of swap) {
      // When the instance logged the swap, besides when its /v1/status first answered with it (a busy instance answers late).
      const logged = c.instances.find((i) => i.name === s.name).logs.find((l) => l.msg === 'dataset swapped' && l.at >= imported - 60_000);
      const loaded = c.instances.find((i) => i.name === s.name).logs.find((l) => l.msg === 'dataset loaded from the store' && l.at >= imported - 60_000);
      const steps = loaded ? `; fetch ${loaded.fetchMs} ms (from the ${loaded.cached ? 'cache' : 'database'}), re-anchor ${loaded.refreshMs} ms, index and swap ${loaded.swapMs} ms` : '';
      console.log(`  ${s.name}: ${s.ms === null ? 'NOT within 60 s' : `${s.ms} ms`} (swap logged ${logged ? `${logged.at - imported} ms` : 'not seen'} after the import's end${steps})`);
    }
    console.log(`Killed ${third.name} (SIGKILL) at ${at(killedAt)}; restarted ready in ${restartMs} ms, serving ${restartedVersion}`);
    console.log(`Froze ${second.name} (SIGSTOP) for ${freezeSeconds} s`);
    console.log(`Callbacks: ${creator.ids.length} operations with LAANC submissions, receiver answering after 1 s; ${creator.errors.length} creations failed: killed ${creatorCauses.killed.length}, frozen ${creatorCauses.frozen.length}, other ${creatorCauses.other.length}${creator.errors.length ? ` (${creator.errors.map((e) => `${at(e.start)}: ${e.message.slice(0, 100)}`).join("; ")})` : ''}`);
    console.log(`  expected ${expected.size} deliveries; delivered ${delivered} (distinct delivery ids), duplicated ${duplicated}, missing ${missing.length}; the receiver got ${cb.received} POSTs with ${cb.distinct} distinct ids in all (a creation cut off by the freeze still calls back)`);
    if (cb.received) console.log(`  last callback received ${((cb.lastAt - thawedAt) / 1000).toFixed(1)} s after the thaw`);
    console.log(`Throughput, location briefings, ${concurrency} concurrent, ${throughputSeconds} s each (in rounds of half that: 3, 1, 1, 3), through HAProxy:`);
    console.log(`  rounds: ${rounds.map((r) => `${r.n}→${r.perSecond.toFixed(1)}`).join(', ')} req/s`);
    console.log(`  3 instances: ${mean(3).toFixed(1)} req/s (${failedOf(3)} failed); 1 instance: ${mean(1).toFixed(1)} req/s (${failedOf(1)} failed); ratio ${(mean(3) / mean(1)).toFixed(2)}`);
    console.log(`  machine: ${os.availableParallelism()} cores, load average ${os.loadavg()[0].toFixed(1)}`);
    // Resident memory of each instance after the load (issue 29: at most 400 MB each), from /proc.
    const rss = c.instances.map((i) => ({ name: i.name, mb: residentMb(i.child?.pid) }));
    console.log(`Resident memory after the load (goal: at most ${RSS_GOAL_MB} MB an instance): ${rss.map((r) => `${r.name} ${r.mb === null ? 'unknown' : `${r.mb} MB`}`).join(', ')}`);
    const failedRun = swap.some((s) => s.ms === null || s.ms > 5000) || missing.length > 0 || causes.other.length > 0 || creatorCauses.other.length > 0;
    if (failedRun) process.exitCode = 1;
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
