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

let pool: Piscina<SurfaceTask, SurfaceTaskResult> | null = null;

function thePool(cfg: HeavyConfig): Piscina<SurfaceTask, SurfaceTaskResult> {
  pool ??= new Piscina({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: cfg.workerThreads,
    maxQueue: cfg.workerQueue,
    idleTimeout: cfg.workerIdleMs,
    concurrentTasksPerWorker: 1,
  });
  return pool;
}

/** How many threads and queued tasks the pool has now (for tests and the docs' measurements). */
export function surfacePoolState(): { threads: number; queued: number } {
  return { threads: pool?.threads.length ?? 0, queued: pool?.queueSize ?? 0 };
}

/** Closes the pool (tests, shutdown); the next task starts a new one. */
export async function closeSurfacePool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}

export function failureError(f: TaskFailure): ApiError {
  return new ApiError(f.status, f.message, f.details);
}

export const overloaded = (what: string) =>
  new ApiError(503, `The service is busy (${what} queue is full); retry shortly`, undefined, { 'Retry-After': '1' });

type Ok = Exclude<SurfaceTaskResult, { failure: TaskFailure }>;

/** Runs a task in the pool; the task's failures become ApiErrors (408, 422). */
export async function runInPool(task: Omit<SurfaceTask, 'start' | 'budgetMs'> & Partial<Pick<SurfaceTask, 'start' | 'budgetMs'>>, cfg = currentHeavyConfig()): Promise<Ok> {
  const full = { start: Date.now(), budgetMs: cfg.requestBudgetMs, ...task } as SurfaceTask;
  const p = thePool(cfg);
  if (p.queueSize >= cfg.workerQueue) throw overloaded('worker');
  let result: SurfaceTaskResult;
  try {
    result = await p.run(full, { signal: AbortSignal.timeout(full.budgetMs + KILL_AFTER_MS) });
  } catch (e) {
    if (e instanceof Error && e.message === 'Task queue is at limit') throw overloaded('worker');
    if (e instanceof Error && e.name === 'AbortError') throw new ApiError(408, TIMED_OUT_MESSAGE, [{ rule: 'time_budget', budget: 'worker', limit: full.budgetMs + KILL_AFTER_MS }]);
    throw e;
  }
  if ('failure' in result) throw failureError(result.failure);
  return result;
}
