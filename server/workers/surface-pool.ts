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
import type { SurfaceTask, SurfaceTaskResult, TaskFailure } from './surface-tasks';
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

type Ok = Exclude<SurfaceTaskResult, { failure: TaskFailure }>;
export type PoolTask = Omit<SurfaceTask, 'start' | 'budgetMs'> & Partial<Pick<SurfaceTask, 'start' | 'budgetMs'>>;

export class SurfacePool {
  private pool: Piscina<SurfaceTask, SurfaceTaskResult> | null = null;
  /** Tasks running or waiting: counted here because piscina's own queue limit also counts workers still starting. */
  private inFlight = 0;

  constructor(private readonly cfg: HeavyConfig) {}

  private piscina(): Piscina<SurfaceTask, SurfaceTaskResult> {
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: this.cfg.workerThreads,
      maxQueue: this.cfg.workerQueue,
      idleTimeout: this.cfg.workerIdleMs,
      concurrentTasksPerWorker: 1,
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

  /** Runs a task; its failures become ApiErrors (408, 422), a full queue 503. */
  async run(task: PoolTask): Promise<Ok> {
    const full = { start: Date.now(), budgetMs: this.cfg.requestBudgetMs, ...task } as SurfaceTask;
    if (this.inFlight >= this.cfg.workerThreads + this.cfg.workerQueue) throw overloaded('worker');
    let result: SurfaceTaskResult;
    this.inFlight += 1;
    try {
      result = await this.piscina().run(full, { signal: AbortSignal.timeout(full.budgetMs + KILL_AFTER_MS) });
    } catch (e) {
      if (e instanceof Error && e.message === 'Task queue is at limit') throw overloaded('worker');
      if (e instanceof Error && e.name === 'AbortError') throw new ApiError(408, TIMED_OUT_MESSAGE, [{ rule: 'time_budget', budget: 'worker', limit: full.budgetMs + KILL_AFTER_MS }]);
      throw e;
    } finally {
      this.inFlight -= 1;
    }
    if ('failure' in result) throw failureError(result.failure);
    return result;
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
