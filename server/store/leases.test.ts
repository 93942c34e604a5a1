/**
 * Expiring leases on one store (embedded, or PostgreSQL with TEST_DATABASE_URL), and the cluster jobs
 * built on them: two instances (two deps on one store) never hold one lease at once, and a holder
 * that stops renewing is replaced after LEASE_SECONDS (1 s here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import { clusterEvery, holderOf, releaseLeases, revalidationLease, runOnce, startBackgroundWork } from '../background';
import { registerOperationWorkers } from '../services/operations/workers';
import { bootstrap, emptyDataset } from '../bootstrap';
import { Dataset } from '../data/dataset';
import { silentLogger, type AppDeps } from '../deps';
import { leasesStore } from './leases';

const LEASE = 1;
let svc: TestService;
let a: AppDeps;
let b: AppDeps;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  svc = await startTestService({ config: { leaseSeconds: LEASE } });
  a = svc.deps;
  b = await bootstrap(a.config, { db: a.db, dataset: emptyDataset(), log: silentLogger });
});
afterAll(() => svc.close());

describe('leases', () => {
  it('one holder at a time; renewable by its holder; taken over once expired; handed back on release', async () => {
    const [ha, hb] = [holderOf(a), holderOf(b)];
    expect(ha).not.toBe(hb);
    expect(await leasesStore.acquire(a.db, 'test:one', ha, LEASE)).toBe(true);
    expect(await leasesStore.acquire(b.db, 'test:one', hb, LEASE)).toBe(false);
    expect(await leasesStore.acquire(a.db, 'test:one', ha, LEASE)).toBe(true); // renewal
    await sleep(LEASE * 1000 + 150); // a stalls: no renewal
    expect(await leasesStore.acquire(b.db, 'test:one', hb, LEASE)).toBe(true);
    expect(await leasesStore.acquire(a.db, 'test:one', ha, LEASE)).toBe(false); // a thaws: lost it
    await releaseLeases(b);
    expect(await leasesStore.acquire(a.db, 'test:one', ha, 60)).toBe(true);
  });

  it('run-once work: done once, never leased again; a waiting instance takes over a dead holder', async () => {
    expect(await leasesStore.acquire(a.db, 'test:once', holderOf(a), LEASE)).toBe(true); // a dies holding it
    let runs = 0;
    const started = Date.now();
    expect(await runOnce(b, 'test:once', async () => void runs++)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LEASE * 1000 - 200);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await runOnce(a, 'test:once', async () => void runs++)).toBe(false);
    expect(runs).toBe(1);
    expect(await leasesStore.isDone(a.db, 'test:once')).toBe(true);
  });

  it('a job that fails is handed back for a retry rather than marked done', async () => {
    await expect(runOnce(a, 'test:fails', () => Promise.reject(new Error('store hiccup')))).rejects.toThrow('store hiccup');
    expect(await leasesStore.isDone(a.db, 'test:fails')).toBe(false);
    expect(await runOnce(b, 'test:fails', async () => undefined)).toBe(true);
  });

  it('a periodic cluster job runs on one instance per period, and keeps its lease while a run is slow', async () => {
    const ran: string[] = [];
    const job = (who: string) => async () => {
      ran.push(who);
      await sleep(LEASE * 1000 * 2); // longer than the lease: the heartbeat must keep it
    };
    const stops = [clusterEvery(a, 'test:every', 60_000, job('a'), () => undefined), clusterEvery(b, 'test:every', 60_000, job('b'), () => undefined)];
    try {
      await sleep(LEASE * 1000 * 4);
    } finally {
      stops.forEach((s) => s());
    }
    expect(ran).toHaveLength(1);
  });

  it('the operation workers run auto-cancel, the purge and revalidation under leases, once across two instances', async () => {
    registerOperationWorkers();
    const stops = [startBackgroundWork(a, async () => false), startBackgroundWork(b, async () => false)];
    try {
      const next = emptyDataset('wired-2');
      a.datasets.swap(next);
      b.datasets.swap(next);
      await sleep(LEASE * 1000 * 2);
      const rows = await a.db.query<{ name: string; holder: string | null; paused: boolean; done: boolean }>(
        "SELECT name, holder, until > clock_timestamp() AS paused, done_at IS NOT NULL AS done FROM leases WHERE name IN ('job:auto-cancel', 'job:ephemeral-purge') OR name LIKE 'revalidate:wired-2:%' ORDER BY name",
      );
      // Other modules' jobs (e.g. the positions purge) run beside these under their own names.
      expect(rows.map((r) => r.name)).toEqual(['job:auto-cancel', 'job:ephemeral-purge', revalidationLease(a.datasets.current())]);
      // Each periodic job ran once and is paused for its period for both instances; the revalidation is done.
      expect(rows.slice(0, 2).every((r) => r.holder === null && r.paused)).toBe(true);
      expect(rows[2]!.done).toBe(true);
    } finally {
      stops.forEach((s) => s());
    }
  });

  it('revalidation names a dataset by version and content', () => {
    const one = new Dataset({ ...emptyDataset('v'), features: [{ id: 'tfr:x', layer: 'tfr', name: 'x', geometry: { type: 'Point', coordinates: [0, 0] }, sourceId: 's' }] });
    const other = new Dataset({ ...emptyDataset('v'), features: [{ id: 'tfr:y', layer: 'tfr', name: 'y', geometry: { type: 'Point', coordinates: [0, 0] }, sourceId: 's' }] });
    expect(revalidationLease(one)).toMatch(/^revalidate:v:/);
    expect(revalidationLease(one)).not.toBe(revalidationLease(other));
  });
});
