// Load for scripts/cluster-bench.mjs: a closed loop (N workers, each sending its next request when the last
// one is answered: it finds the cluster's saturated throughput) and an open loop at a fixed rate (what a
// real deployment sees: the clients do not slow down when the service does, and there is headroom).
// Every request is recorded with its start, end, status and the instance that answered (HAProxy's
// X-Served-By header, `<NOSRV>` when the balancer had none), so that failures can be counted by cause.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Sends one request and records it; `request` answers a Response. */
async function once(request, stats) {
  const start = Date.now();
  let status = 'network';
  let server = null;
  try {
    const r = await request();
    await r.arrayBuffer();
    status = r.status;
    server = r.headers.get('x-served-by');
  } catch (e) {
    // Refused, cut or timed out on the client: no status, no server; the cause's code says which.
    status = `network ${e?.cause?.code ?? e?.name ?? 'error'}`;
  }
  const end = Date.now();
  if (typeof status === 'string' || status >= 400) stats.failures.push({ start, end, status, server });
  else stats.ok++;
}

function newStats() {
  return { ok: 0, failures: [], sent: 0, skipped: 0, startedAt: Date.now(), stoppedAt: null };
}

/** `concurrency` workers until stop(). */
export function closedLoop(request, concurrency) {
  const stats = newStats();
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      stats.sent++;
      await once(request, stats);
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker));
  return { stats, stop: async () => { stopped = true; await done; stats.stoppedAt = Date.now(); return stats; } };
}

/**
 * `rate` requests a second, evenly spaced, whatever the answers do, until stop(). At most `maxInFlight`
 * at once: a request due while that many are unanswered is not sent but counted as skipped (the run's
 * rate was then more than the cluster could take, which the report shows).
 */
export function fixedRate(request, rate, maxInFlight = 64) {
  const stats = newStats();
  const inFlight = new Set();
  let stopped = false;
  const done = (async () => {
    const t0 = Date.now();
    while (!stopped) {
      const due = Math.floor(((Date.now() - t0) / 1000) * rate);
      while (stats.sent + stats.skipped < due) {
        if (inFlight.size >= maxInFlight) {
          stats.skipped++;
          continue;
        }
        stats.sent++;
        const p = once(request, stats).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await sleep(Math.max(1, Math.min(50, 1000 / rate / 2)));
    }
    await Promise.all(inFlight);
  })();
  return { stats, stop: async () => { stopped = true; await done; stats.stoppedAt = Date.now(); return stats; } };
}

/** Successful requests a second over the run. */
export const perSecond = (stats) => stats.ok / (((stats.stoppedAt ?? Date.now()) - stats.startedAt) / 1000);

/**
 * Failures by cause:
 * - `killed`: answered by the balancer for the killed instance (its connection cut: 502) or cut on the
 *   client, sent before the process was seen gone and unanswered at the kill: in flight on the killed instance;
 * - `frozen`: sent to the frozen instance (or unanswered on the client) during the freeze: in flight on
 *   an instance that stopped answering, cut by the balancer's server time-out;
 * - `other`: every other failure, which the cluster should not have, by status and instance.
 */
export function failuresByCause(failures, { killed, killedAt, exitedAt = killedAt, frozen, frozenAt, thawedAt }) {
  const out = { killed: [], frozen: [], other: [] };
  for (const f of failures) {
    const unknown = f.server === null;
    // In flight: sent before the process was seen gone (the signal takes a moment), unanswered at the kill.
    if ((f.server === killed || unknown) && f.start <= exitedAt && f.end >= killedAt) out.killed.push(f);
    else if ((f.server === frozen || unknown) && f.start <= thawedAt && f.end >= frozenAt) out.frozen.push(f);
    else out.other.push(f);
  }
  return out;
}

/** `{"502 i3": 4, "network": 1}`: failures counted by status and instance. */
export function tally(failures) {
  const t = {};
  for (const f of failures) {
    const k = f.server ? `${f.status} ${f.server}` : String(f.status);
    t[k] = (t[k] ?? 0) + 1;
  }
  return JSON.stringify(t);
}
