/**
 * Two service instances on one store (embedded, or PostgreSQL with TEST_DATABASE_URL): a callback leased
 * by an instance that then freezes, or stalls in the middle of a POST, is delivered by the other once the
 * lease expires (LEASE_SECONDS, 2 s here), with the same delivery id, and the late holder cannot overwrite
 * what the other recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { bootstrap } from '../../bootstrap';
import { silentLogger, type AppDeps } from '../../deps';
import { json, laancOperation, people, submitAll, type People } from '../../routes/operations/test-helpers';
import { callbacksStore } from '../../store/callbacks';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { holderOf } from '../../background';
import { deliverDue, startDeliverer } from './deliver';

const T0 = new Date('2026-12-01T15:00:00Z');
const LEASE = 2;
let a: TestService;
let b: AppDeps;
let who: People;

/** A receiver that answers 200; when `hold` is set, it keeps the first request open until released. */
async function receiver(hold = false) {
  const got: { id: string; at: number }[] = [];
  let held: ServerResponse | null = null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      got.push({ id: String(req.headers['x-delivery-id']), at: Date.now() });
      if (hold && got.length === 1) held = res;
      else res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    got,
    url,
    release: () => (held as ServerResponse | null)?.end('ok'),
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

async function until(cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

async function oneCallback(url: string, col: number, row: number, hours: number) {
  const op = await laancOperation(a, who.client, inCell(col, row), new Date(T0.getTime() + hours * 3_600_000), { op: { callbackUrl: url } });
  await submitAll(a, who.client, op.id, { justification: 'inspection' });
  return op.id;
}

beforeAll(async () => {
  a = await startTestService({ dataset: kbfiDataset(T0), now: T0, config: { leaseSeconds: LEASE } });
  b = await bootstrap(a.deps.config, { db: a.deps.db, dataset: kbfiDataset(T0), now: () => T0, log: silentLogger });
  who = await people(a);
});
afterAll(() => a.close());

describe('outbox leases across instances', () => {
  it('a row leased by an instance that froze is delivered by another after the lease expires, well within 30 s', async () => {
    const rx = await receiver();
    try {
      // Instance A leases the row, then freezes: it never posts nor records anything.
      await oneCallback(rx.url, COL.c0, ROW.a, 30);
      const leased = await callbacksStore.leaseDue(a.deps.db, T0, holderOf(a.deps), LEASE, 20);
      expect(leased).toHaveLength(1);
      const frozenAt = Date.now();
      expect((await deliverDue(b)).attempted).toBe(0); // the lease holds while it lasts
      const stopB = startDeliverer(b, 200);
      try {
        await until(() => rx.got.length > 0, 30_000);
      } finally {
        stopB();
      }
      expect(rx.got).toHaveLength(1);
      expect(rx.got[0]!.id).toBe(leased[0]!.id);
      const waited = rx.got[0]!.at - frozenAt;
      expect(waited).toBeGreaterThanOrEqual(LEASE * 1000 - 500);
      expect(waited).toBeLessThan(30_000);
      // A thaws: its lease is gone, so it may neither renew nor record.
      expect(await callbacksStore.renewLease(a.deps.db, leased[0]!.id, holderOf(a.deps), LEASE)).toBe(false);
    } finally {
      await rx.close();
    }
  });

  it('a holder stalled in the middle of a POST loses the row; the duplicate has the same delivery id and its late answer is not recorded', async () => {
    const rx = await receiver(true);
    try {
      const opId = await oneCallback(rx.url, COL.c2, ROW.b, 40);
      const slowA = deliverDue(a.deps, { timeoutMs: 20_000 }); // A's POST hangs at the receiver
      await until(() => rx.got.length === 1, 10_000);
      await until(() => false, LEASE * 1000 + 200);
      expect(await deliverDue(b)).toMatchObject({ attempted: 1, delivered: 1 });
      rx.release(); // A's POST finally returns 200, after B delivered
      expect(await slowA).toMatchObject({ attempted: 1 });
      expect(rx.got).toHaveLength(2);
      expect(rx.got[1]!.id).toBe(rx.got[0]!.id);
      const seen = await json<{ deliveries: Array<{ state: string; attempts: number; history: unknown[] }> }>(a.call('GET', `/v1/operations/${opId}/callbacks`, { token: who.client }));
      expect(seen.deliveries[0]).toMatchObject({ state: 'DELIVERED', attempts: 1 });
      expect(seen.deliveries[0]!.history).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it('an instance shutting down hands its leased rows back at once', async () => {
    const rx = await receiver();
    try {
      await oneCallback(rx.url, COL.c2, ROW.a, 50);
      expect(await callbacksStore.leaseDue(a.deps.db, T0, holderOf(a.deps), 600, 20)).toHaveLength(1);
      expect((await deliverDue(b)).attempted).toBe(0);
      await callbacksStore.releaseLeases(a.deps.db, holderOf(a.deps));
      expect(await deliverDue(b)).toMatchObject({ attempted: 1, delivered: 1 });
    } finally {
      await rx.close();
    }
  });

  it('a stopping deliverer finishes and records the POST under way before it hands its leases back', async () => {
    const rx = await receiver(true);
    const stop = startDeliverer(a.deps, 60_000);
    try {
      const opId = await oneCallback(rx.url, COL.c3, ROW.s, 60);
      await until(() => rx.got.length === 1, 10_000);
      const stopped = stop();
      setTimeout(() => rx.release(), 300);
      await stopped;
      const seen = await json<{ deliveries: Array<{ state: string; attempts: number }> }>(a.call('GET', `/v1/operations/${opId}/callbacks`, { token: who.client }));
      expect(seen.deliveries[0]).toMatchObject({ state: 'DELIVERED', attempts: 1 });
    } finally {
      await stop();
      await rx.close();
    }
  });
});
