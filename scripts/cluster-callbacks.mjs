// The callback half of npm run bench:cluster (scripts/cluster-bench.mjs): a receiver on loopback that
// records every X-Delivery-Id it gets, and a creator that keeps making operations with LAANC submissions
// whose callbacks go to it, through the balancer. The receiver answers each POST only after `delayMs`, so
// that at any moment some instance holds outbox leases in the middle of a POST: a SIGKILL or SIGSTOP then
// leaves leased rows behind, which another instance must take over once LEASE_SECONDS run out (the same
// delivery id; a duplicate when the first POST had reached the receiver). docs/deploy.md "A cluster on one
// machine" has the figures.
import { createServer } from 'node:http';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A Boeing Field (BFI) facility-map cell in West Seattle, in the FAA facility map the bench imports (400 ft
 * there). That map's cycle (effective 2025-10-30) ended 2025-12-25, so since 2026-11-28 LAANC no longer
 * auto-authorizes on it (docs/briefing-rules.md, "Audit 2026-11-28, third pass"): each submission goes to
 * further coordination (the justification below), a status change whose callback is sent all the same.
 */
const BFI_CELL = { type: 'Polygon', coordinates: [[[-122.414, 47.52], [-122.404, 47.52], [-122.404, 47.53], [-122.414, 47.53], [-122.414, 47.52]]] };
const POC = { firstName: 'Bench', lastName: 'Pilot', phoneNumber: '+1 206 555 0100', emailAddress: 'pilot@cascade.example' };

export async function startReceiver(port = 0, delayMs = 1000) {
  const got = new Map(); // delivery id → times received
  let total = 0;
  let lastAt = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['x-delivery-id'] ?? '');
      got.set(id, (got.get(id) ?? 0) + 1);
      total++;
      lastAt = Date.now();
      setTimeout(() => res.end('ok'), delayMs);
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    got,
    stats: () => ({ received: total, distinct: got.size, duplicated: [...got.values()].filter((n) => n > 1).length, lastAt }),
    close: () => new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

async function call(base, bearer, method, path, body) {
  const r = await fetch(`${base}${path}`, {
    method, headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(35_000), // past the balancer's 30 s server time-out, which then answers naming the instance
  });
  const text = await r.text();
  if (!r.ok) throw Object.assign(new Error(`${method} ${path}: ${r.status} ${text.slice(0, 200)}`), { status: r.status, server: r.headers.get('x-served-by') });
  return JSON.parse(text);
}

/** One operation with its LAANC operation, every candidate submitted; returns the operation id. */
async function oneOperation(base, bearer, callbackUrl, n) {
  const start = new Date(Date.now() + 86_400_000 + n * 120_000);
  const op = await call(base, bearer, 'POST', '/v1/operations', {
    name: `bench callback ${n}`, boundary: BFI_CELL, minAltitude: 0, maxAltitude: 100,
    startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    timezone: 'America/Los_Angeles', altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL', authorizationProviders: ['APPROVAL_PROVIDER_LAANC'], desc: 'cluster bench', callbackUrl,
  });
  const { id } = op;
  await call(base, bearer, 'POST', `/v1/operations/${id}/laanc`, { license: 'LICENSE_PART_107', fixedAltitude: false, pointOfContact: POC });
  await call(base, bearer, 'POST', `/v1/operations/${id}/laanc/authorizations`, { justification: 'cluster bench' });
  return id;
}

/**
 * Creates an operation about every `everyMs` until stop() is called; a failed one is kept as
 * { message, start, end, status, server } (status 'network' and server null when cut on the client).
 */
export function startCreator(base, bearer, callbackUrl, everyMs = 1000) {
  const ids = [];
  const errors = [];
  let stopped = false;
  const done = (async () => {
    for (let n = 0; !stopped; n++) {
      const t0 = Date.now();
      try {
        ids.push(await oneOperation(base, bearer, callbackUrl, n));
      } catch (e) {
        errors.push({ message: `${e.message ?? e}${e.cause ? ` (${e.cause.code ?? e.cause.message ?? e.cause})` : ''}`, start: t0, end: Date.now(), status: e.status ?? 'network', server: e.server ?? null });
      }
      await sleep(Math.max(0, everyMs - (Date.now() - t0)));
    }
  })();
  return { ids, errors, stop: async () => { stopped = true; await done; } };
}

/** Every delivery id the store holds for these operations (the callbacks that must arrive). */
export async function expectedDeliveries(base, bearer, opIds) {
  const ids = new Set();
  for (const id of opIds) {
    const list = await call(base, bearer, 'GET', `/v1/operations/${id}/callbacks`);
    for (const d of list.deliveries) ids.add(d.id);
  }
  return ids;
}

/** Waits until every expected id was received (or timeoutMs); returns the ids still missing. */
export async function awaitDeliveries(receiver, expected, timeoutMs) {
  const end = Date.now() + timeoutMs;
  let missing = [...expected].filter((id) => !receiver.got.has(id));
  while (missing.length && Date.now() < end) {
    await sleep(500);
    missing = missing.filter((id) => !receiver.got.has(id));
  }
  return missing;
}
