/**
 * The pool with real worker threads (loaded from sources through surface-worker.dev.mjs): answers equal
 * the in-process ones, the event loop stays free during a maximum-size task, a full queue answers 503,
 * and idle workers exit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Geometry } from '../contract/common';
import { ApiError } from '../http/errors';
import { heavyConfig } from './heavy-config';
import { MAX_BATCH, SurfacePool, WORKER_YOUNG_GENERATION_MB } from './surface-pool';
import { BATCH_BYTES, runSurfaceTask } from './surface-tasks';

const pool = new SurfacePool({ ...heavyConfig({}), workerThreads: 1, workerQueue: 1, workerIdleMs: 1_000, requestBudgetMs: 60_000 });
afterAll(() => pool.close());

const square: Geometry = { type: 'Polygon', coordinates: [[[-122.36, 47.58], [-122.3, 47.58], [-122.3, 47.62], [-122.36, 47.62], [-122.36, 47.58]]] };

/** A 2,000-position circle of 29 NM radius: about 14,000 cells at resolution 8, near the 20,000 cap. */
function bigCircle(): Geometry {
  const ring: number[][] = [];
  for (let i = 0; i < 1_999; i++) ring.push([-122.3 + (29 / 60 / Math.cos((47.55 * Math.PI) / 180)) * Math.cos((2 * Math.PI * i) / 1_999), 47.55 + (29 / 60) * Math.sin((2 * Math.PI * i) / 1_999)]);
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

describe('the surface worker pool', () => {
  it('answers groundType in a worker exactly as in-process', async () => {
    const task = { kind: 'groundType' as const, geometry: square, resolution: 9 };
    const out = await pool.run(task);
    expect(pool.state().threads).toBe(1);
    expect(out).toEqual(runSurfaceTask({ ...task, start: Date.now(), budgetMs: 60_000 }));
    // Its young generation is bounded (resident memory under load, docs/perf.md).
    expect(pool.threadLimits()?.maxYoungGenerationSizeMb).toBe(WORKER_YOUNG_GENERATION_MB);
  }, 60_000);

  it('keeps the event loop free during a maximum-size groundType', async () => {
    // Counted, not timed: in process the task would hold the loop from start to end and no tick would
    // run; in a worker the loop turns throughout. (Wall-clock gaps depend on the machine's load.)
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const out = await pool.run({ kind: 'groundType', geometry: bigCircle(), resolution: 8 });
    clearInterval(timer);
    expect('json' in out && JSON.parse(out.json).data.length).toBeGreaterThan(10_000);
    expect(ticks).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('answers 503 with Retry-After beyond its queue', async () => {
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => pool.run({ kind: 'groundType', geometry: square, resolution: 9 })));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as ApiError);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const e of refused) expect(e).toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
  }, 60_000);

  it('answers 503, not 408, to a task whose budget ran out while it only waited for a worker', async () => {
    let t = 1_000_000;
    const queue = new SurfacePool({ ...heavyConfig({}), workerThreads: 1, workerQueue: 4, workerIdleMs: 1_000, requestBudgetMs: 60_000 }, () => t);
    try {
      const first = queue.run({ kind: 'groundType', geometry: square, resolution: 9, start: Date.now(), budgetMs: 60_000 });
      const second = queue.run({ kind: 'groundType', geometry: square, resolution: 9, start: t, budgetMs: 100 });
      // The queue's clock passes the second's deadline while the first holds the only worker.
      t += 1_000;
      await first;
      await expect(second).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '1' }, message: expect.stringMatching(/too busy to start this request .*a worker/) });
    } finally {
      await queue.close();
    }
  }, 60_000);

  it('adds its error listener once, however many tasks it runs', async () => {
    for (let i = 0; i < 12; i++) await pool.run({ kind: 'groundType', geometry: square, resolution: 9 });
    const piscina = (pool as unknown as { pool: { listenerCount(e: string): number } }).pool;
    expect(piscina.listenerCount('error')).toBe(1);
  }, 60_000);

  it('lets idle workers exit', async () => {
    expect(pool.state().threads).toBe(1);
    for (let i = 0; i < 50 && pool.state().threads > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(pool.state().threads).toBe(0);
  }, 60_000);

  it('sends the tasks that wait while the worker is busy together, each answered as in-process', async () => {
    const batching = new SurfacePool({ ...heavyConfig({}), workerThreads: 1, workerQueue: 64, workerIdleMs: 1_000, requestBudgetMs: 60_000 });
    try {
      await batching.run({ kind: 'groundType', geometry: square, resolution: 8 }); // the worker is up
      const piscina = (batching as unknown as { pool: { run: (...a: unknown[]) => Promise<unknown> } }).pool;
      const real = piscina.run.bind(piscina);
      const sizes: number[] = [];
      piscina.run = (tasks: unknown, opts: unknown) => (sizes.push((tasks as unknown[]).length), real(tasks, opts));
      const tasks = Array.from({ length: 20 }, (_, i) => ({ kind: 'groundType' as const, geometry: square, resolution: 7 + (i % 3) }));
      const outs = await Promise.all(tasks.map((t) => batching.run(t)));
      outs.forEach((out, i) => expect(out).toEqual(runSurfaceTask({ ...tasks[i]!, start: Date.now(), budgetMs: 60_000 })));
      // The first goes alone to the free worker; of the 19 that waited meanwhile, MAX_BATCH go in the next
      // message (what a batch leaves for later after BATCH_MS is sent again, so later sizes vary with the load).
      expect(sizes.slice(0, 2)).toEqual([1, MAX_BATCH]);
      expect(sizes.length).toBeLessThan(20);
    } finally {
      await batching.close();
    }
  }, 60_000);

  it('sends again what a batch left for later when its answers grew large', async () => {
    const batching = new SurfacePool({ ...heavyConfig({}), workerThreads: 1, workerQueue: 64, workerIdleMs: 1_000, requestBudgetMs: 60_000 });
    try {
      const first = batching.run({ kind: 'groundType', geometry: bigCircle(), resolution: 8 });
      const piscina = (batching as unknown as { pool: { run: (...a: unknown[]) => Promise<unknown> } }).pool;
      const real = piscina.run.bind(piscina);
      const sizes: number[] = [];
      piscina.run = (tasks: unknown, opts: unknown) => (sizes.push((tasks as unknown[]).length), real(tasks, opts));
      // Two more wait behind the first and go together; each answer alone passes the batch's bound.
      const outs = await Promise.all([first, ...[1, 2].map(() => batching.run({ kind: 'groundType', geometry: bigCircle(), resolution: 8 }))]);
      for (const out of outs) expect('json' in out && out.json.length).toBeGreaterThanOrEqual(BATCH_BYTES);
      expect(sizes).toEqual([2, 1]);
    } finally {
      await batching.close();
    }
  }, 60_000);
});
