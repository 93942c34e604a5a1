/**
 * The worker pool (piscina) for the surface family's H3 and population work: the main thread hands
 * it a geometry and numbers, and gets back a finished JSON body or packed cells (surface-tasks.ts).
 * Started at first use; idle workers exit after WORKER_IDLE_SECONDS, so an idle service keeps no
 * worker memory. A full queue answers 503 with Retry-After; the request budget answers 408.
 * Numbers: docs/security.md ("Heavy work: worker pool and time budgets").
 */
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { ApiError } from '../http/errors';
import { currentHeavyConfig, type HeavyConfig } from './heavy-config';
import type { BatchOutcome, SurfaceTask, SurfaceTaskResult, TaskFailure } from './surface-tasks';
import { TIMED_OUT_MESSAGE } from '../domain/budget';

/** A task still running this long after its budget ran out (one H3 call that never returns) is killed with its worker. */
export const KILL_AFTER_MS = 30_000;

/** From sources (tsx, vitest) the loader that registers tsx in the thread; in the bundle the compiled worker beside it. */
export function workerFile(here = import.meta.url): string {
  return fileURLToPath(new URL(here.endsWith('.ts') ? './surface-worker.dev.mjs' : './surface-worker.js', here));
}

export function failureError(f: TaskFailure): ApiError {
  return new ApiError(f.status, f.message, f.details);
}

export const overloaded = (what: string) =>
  new ApiError(503, `The service is busy (${what} queue is full); retry shortly`, undefined, { 'Retry-After': '1' });

/**
 * 503 for a request whose budget ran out while it only waited for its turn (the main thread or a worker):
 * the service is busy, the request is not large (issue 29: 408 "reduce the size" is for large requests).
 */
export const tooBusy = (waitedMs: number, what = 'the main thread') =>
  new ApiError(503, `The service is too busy to start this request (it waited ${Math.round(waitedMs)} ms for ${what}); retry shortly`, undefined, { 'Retry-After': '1' });

type Ok = Exclude<SurfaceTaskResult, { failure: TaskFailure }>;
export type PoolTask = Omit<SurfaceTask, 'start' | 'budgetMs'> & Partial<Pick<SurfaceTask, 'start' | 'budgetMs'>>;

/**
 * Most tasks in one message to a worker. Under load the main thread, not the worker, was the limit, and
 * piscina's hand-off per message (posting, waking the worker, the answer's event) was its largest cost
 * (docs/perf.md): tasks that wait while every worker is busy go together, so that cost is paid once per
 * batch. A worker that is free gets a task at once, alone.
 */
export const MAX_BATCH = 16;

/**
 * A worker's young generation (V8's new space), in MB. By default it grows to ~24 MB more resident per
 * worker under the groundType load for no measured gain in throughput: 8 MB kept the worker's process
 * 24–25 MB smaller after the first task and after 3,000 tasks, at the same tasks/s within the noise of a
 * shared machine (docs/perf.md, "The basemap off the heap").
 */
export const WORKER_YOUNG_GENERATION_MB = 8;

interface Waiting {
  task: SurfaceTask;
  /** When it joined the queue: a budget that runs out after this ran out waiting. */
  queuedAt: number;
  resolve: (r: SurfaceTaskResult) => void;
  reject: (e: unknown) => void;
}

export class SurfacePool {
  private pool: Piscina<SurfaceTask[], BatchOutcome[]> | null = null;
  /** Tasks running or waiting: the queue limit counts these (piscina's own limit also counted workers still starting). */
  private inFlight = 0;
  /** Tasks not yet sent to a worker, oldest first. */
  private waiting: Waiting[] = [];
  /** Batches sent and not yet answered: at most one per worker thread. */
  private sent = 0;

  constructor(
    private readonly cfg: HeavyConfig,
    /** The queue's clock (tests inject one); tasks' own budgets are checked in the worker on Date.now(). */
    private readonly now: () => number = Date.now,
  ) {}

  private piscina(): Piscina<SurfaceTask[], BatchOutcome[]> {
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: this.cfg.workerThreads,
      maxQueue: this.cfg.workerQueue,
      idleTimeout: this.cfg.workerIdleMs,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    // A worker that fails outside a task (it could not load) must not take the process down: piscina
    // emits 'error', which without a listener would be thrown; the next task starts a new worker.
    // One listener, added when the pool is made (one per task leaked listeners).
    this.pool.on('error', (e: unknown) => console.error(JSON.stringify({ level: 'error', msg: 'surface worker failed', error: String(e) })));
    return this.pool;
  }

  /** Threads alive and tasks waiting now (for tests and the docs' measurements). */
  state(): { threads: number; queued: number } {
    return { threads: this.pool?.threads.length ?? 0, queued: Math.max(0, this.inFlight - this.cfg.workerThreads) };
  }

  /** The resource limits of the first live thread, null when none lives (tests). */
  threadLimits(): { maxYoungGenerationSizeMb?: number } | null {
    return this.pool?.threads[0]?.resourceLimits ?? null;
  }

  /** Runs a task; its failures become ApiErrors (408, 422), a full queue 503. */
  async run(task: PoolTask): Promise<Ok> {
    const full = { start: Date.now(), budgetMs: this.cfg.requestBudgetMs, ...task } as SurfaceTask;
    if (this.inFlight >= this.cfg.workerThreads + this.cfg.workerQueue) throw overloaded('worker');
    this.inFlight += 1;
    let result: SurfaceTaskResult;
    try {
      result = await new Promise<SurfaceTaskResult>((resolve, reject) => {
        this.waiting.push({ task: full, queuedAt: this.now(), resolve, reject });
        this.dispatch();
      });
    } finally {
      this.inFlight -= 1;
    }
    if ('failure' in result) throw failureError(result.failure);
    return result;
  }

  /** Sends what waits to the free workers, shared evenly, at most MAX_BATCH tasks a message. */
  private dispatch(): void {
    this.refuseExpiredWhileWaiting();
    while (this.waiting.length > 0 && this.sent < this.cfg.workerThreads) {
      const free = this.cfg.workerThreads - this.sent;
      const batch = this.waiting.splice(0, Math.min(MAX_BATCH, Math.ceil(this.waiting.length / free)));
      this.sent += 1;
      void this.send(batch);
    }
  }

  /**
   * Tasks whose budget ran out while they waited for a worker (it had time left when they were queued)
   * are answered 503 with Retry-After without running: they waited, they are not large. A task queued
   * with its budget already spent by its own work runs into its budget check (408) as before.
   */
  private refuseExpiredWhileWaiting(): void {
    const now = this.now();
    this.waiting = this.waiting.filter((w) => {
      const deadline = w.task.start + w.task.budgetMs;
      if (deadline >= now || deadline < w.queuedAt) return true;
      w.reject(tooBusy(now - w.queuedAt, 'a worker'));
      return false;
    });
  }

  private async send(batch: Waiting[]): Promise<void> {
    // The batch is killed with its worker when the latest budget in it is long past (one H3 call that never returns).
    const deadline = Math.max(...batch.map((w) => w.task.start + w.task.budgetMs));
    const limit = Math.max(0, deadline - Date.now()) + KILL_AFTER_MS;
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.piscina().run(batch.map((w) => w.task), { signal: AbortSignal.timeout(limit) });
    } catch (e) {
      this.sent -= 1;
      this.dispatch();
      const err =
        e instanceof Error && e.name === 'AbortError'
          ? new ApiError(408, TIMED_OUT_MESSAGE, [{ rule: 'time_budget', budget: 'worker', limit }])
          : e instanceof Error && e.message === 'Task queue is at limit'
            ? overloaded('worker')
            : e;
      for (const w of batch) w.reject(err);
      return;
    }
    // Tasks the worker left for later (their answers would have made the message too large) go first next time.
    this.waiting.unshift(...batch.slice(outcomes.length));
    this.sent -= 1;
    // The next batch goes before these answers are written, so the worker does not wait for them.
    this.dispatch();
    outcomes.forEach((o, i) => ('error' in o ? batch[i]!.reject(new Error(o.error)) : batch[i]!.resolve(o)));
  }

  /** Ends the threads (tests, shutdown); a later task starts new ones. */
  async close(): Promise<void> {
    const p = this.pool;
    this.pool = null;
    await p?.destroy();
  }
}

let shared: SurfacePool | null = null;

/** The process's pool, with the settings of the environment. */
export function surfacePool(): SurfacePool {
  return (shared ??= new SurfacePool(currentHeavyConfig()));
}

export const runInPool = (task: PoolTask) => surfacePool().run(task);
