/**
 * Delivers the callback outbox (spec 6; docs/operations-laanc.md "Callbacks"):
 * at-least-once, one POST per row, 2xx = delivered; otherwise retried after BASE·2^(n-1) seconds,
 * capped at CAP, and given up (state FAILED, still listed) after MAX_ATTEMPTS. Redirects are not
 * followed (a 3xx is a failure) and the address is re-checked against the policy at connect time.
 * Every attempt is recorded and visible at GET /v1/operations/{id}/callbacks.
 * Rows are leased to one instance for config.leaseSeconds (docs/deploy.md "Leases"); the lease is renewed
 * just before each POST, so it must outlast one POST (DELIVERY_TIMEOUT_MS) with room to spare.
 */
import http from 'node:http';
import https from 'node:https';
import type { AppDeps } from '../../deps';
import { callbacksStore, type OutboxRecord } from '../../store/callbacks';
import { holderOf } from '../../background';
import { categoryAllowed, checkUrlShape, classifyAddress, policyFromConfig, safeLookup, type AddressPolicy } from '../../domain/callbacks/address';
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '../../domain/callbacks/signing';

export const BACKOFF_BASE_SECONDS = 10;
export const BACKOFF_CAP_SECONDS = 3600;
export const MAX_ATTEMPTS = 20;
export const DELIVERY_TIMEOUT_MS = 5000;

/** Seconds to wait after the n-th failed attempt (n from 1). */
export function backoffSeconds(attempt: number): number {
  return Math.min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempt - 1));
}

export interface PostResult {
  statusCode: number | null;
  error: string | null;
}

/** At most this much of a receiver's answer is read (it is not used); a longer one is cut. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One POST, no redirects, the address policy enforced on the resolved address, and `timeoutMs` for the
 * whole exchange: a socket time-out alone is reset by every byte, so a receiver trickling its answer held
 * the delivery (and the deliverer's round, everybody's callbacks) for as long as it liked. The result is
 * decided by the status line; the answer after it is read up to MAX_ANSWER_BYTES, then the socket closed.
 */
export function postCallback(url: string, body: string, headers: Record<string, string>, policy: AddressPolicy, timeoutMs: number): Promise<PostResult> {
  return new Promise((resolve) => {
    let target: { host: string; literal: boolean };
    try {
      target = checkUrlShape(url, policy);
    } catch (err) {
      resolve({ statusCode: null, error: (err as Error).message });
      return;
    }
    if (target.literal && !categoryAllowed(classifyAddress(target.host), policy)) {
      resolve({ statusCode: null, error: 'address not allowed' });
      return;
    }
    let done = false;
    const finish = (r: PostResult) => {
      if (done) return;
      done = true;
      resolve(r);
    };
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'skyplan-callbacks/1', ...headers },
        lookup: safeLookup(policy) as never,
        timeout: timeoutMs,
      },
      (res) => {
        const code = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('error', () => undefined);
        finish({ statusCode: code, error: code >= 200 && code < 300 ? null : `receiver answered ${code}` });
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => finish({ statusCode: null, error: e.message }));
    req.end(body);
  });
}

async function signingSecret(deps: AppDeps, row: OutboxRecord): Promise<string | null> {
  if (row.signingClientId) return callbacksStore.clientSecret(deps.db, row.signingClientId);
  return row.signingSecret;
}

export interface DeliverOptions {
  limit?: number;
  timeoutMs?: number;
}

/** One round: leases due rows (receivers in turn), posts them (4 at a time), records each attempt. Returns counts. */
export async function deliverDue(deps: AppDeps, opts: DeliverOptions = {}): Promise<{ attempted: number; delivered: number; failed: number }> {
  const now = deps.now();
  const policy = policyFromConfig(deps.config);
  const holder = holderOf(deps);
  const leaseSeconds = deps.config.leaseSeconds;
  const rows = await callbacksStore.leaseDue(deps.db, now, holder, leaseSeconds, opts.limit ?? 20);
  let attempted = 0, delivered = 0, failed = 0;
  const one = async (row: OutboxRecord) => {
    // Rows later in the batch waited for earlier POSTs: skip one another instance has taken over since.
    if (!(await callbacksStore.renewLease(deps.db, row.id, holder, leaseSeconds))) return;
    attempted++;
    const attempt = row.attempts + 1;
    const at = deps.now();
    const secret = await signingSecret(deps, row);
    const headers: Record<string, string> = { [DELIVERY_ID_HEADER]: row.id, 'X-Delivery-Attempt': String(attempt) };
    if (secret) headers[SIGNATURE_HEADER] = signatureHeader(secret, Math.floor(at.getTime() / 1000), row.body);
    const started = Date.now();
    const res = await postCallback(row.url, row.body, headers, policy, opts.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    const ok = res.error === null;
    const giveUp = !ok && attempt >= MAX_ATTEMPTS;
    if (ok) delivered++;
    else failed++;
    const recorded = await callbacksStore.recordAttempt(
      deps.db,
      holder,
      { deliveryId: row.id, attempt, at, durationMs: Date.now() - started, statusCode: res.statusCode, error: res.error },
      {
        state: ok ? 'DELIVERED' : giveUp ? 'FAILED' : 'PENDING',
        nextAttemptAt: ok || giveUp ? null : new Date(at.getTime() + backoffSeconds(attempt) * 1000),
        deliveredAt: ok ? at : null,
      },
    );
    // Lost the lease while posting (this instance stalled past it): the instance that took over records.
    if (!recorded) deps.log.warn('callback lease lost during delivery; attempt not recorded', { deliveryId: row.id, attempt, ok });
    else if (!ok) deps.log.warn('callback delivery failed', { deliveryId: row.id, attempt, url: row.url, error: res.error, gaveUp: giveUp });
  };
  // Four at a time, each slot taking the next row as soon as its own is done (in groups of four, one slow
  // receiver held the other three slots until its time-out).
  let next = 0;
  const slot = async () => {
    while (next < rows.length) await one(rows[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(4, rows.length) }, slot));
  return { attempted, delivered, failed };
}

/**
 * The background deliverer: polls every pollMs and is woken when an outbox row is written. Stopping
 * resolves once the round under way has finished, so a draining instance records what it sent before it
 * hands its leases back (otherwise another instance would send those rows again).
 */
export function startDeliverer(deps: AppDeps, pollMs = 2000): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round();
    await running;
  };
  const round = async () => {
    try {
      do {
        again = false;
        const r = await deliverDue(deps);
        // A delivered row may release the next one of the same authorization: go again at once.
        if (r.delivered > 0) again = true;
      } while (again && !stopped);
    } catch (err) {
      deps.log.error('callback deliverer failed', { error: String(err) });
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => void run(), pollMs);
  timer.unref();
  const unsubscribe = deps.events.subscribeOutbox(() => void run());
  void run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    unsubscribe();
    await running;
  };
}
