/**
 * Settings of heavy work (the worker pool and the main-thread gate). Parsed with the rest of the
 * service's settings by loadConfig (server/config.ts) at start, so a bad value stops the service
 * before it listens, naming the variable; server/index.ts hands the result to useHeavyConfig.
 * Every number and why: docs/security.md ("Heavy work: worker pool and time budgets").
 */
import { availableParallelism } from 'node:os';

export interface HeavyConfig {
  /** Worker threads for the H3/population work (WORKER_THREADS). */
  workerThreads: number;
  /** Tasks waiting for a worker before new ones are refused with 503 (WORKER_QUEUE). */
  workerQueue: number;
  /** A worker idle this long exits, so an idle service holds no worker memory (WORKER_IDLE_SECONDS). */
  workerIdleMs: number;
  /** From the handler's start to the answer, queueing included (REQUEST_BUDGET_MS). */
  requestBudgetMs: number;
  /** Longest synchronous run of one request's engine work on the event loop (MAIN_THREAD_BUDGET_MS). */
  mainThreadBudgetMs: number;
  /** Requests waiting for the main-thread gate before new ones are refused with 503 (MAIN_THREAD_QUEUE). */
  mainThreadQueue: number;
  /** Whole budget of one Generate Route run on the event loop (ROUTE_BUDGET_MS); see docs/route.md. */
  routeBudgetMs: number;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/** One core stays with the event loop (and the engines that need the dataset); at most 4 workers. */
export function defaultWorkerThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

/** Parses the settings; throws an Error naming the variable of a bad value (loadConfig calls it). */
export function heavyConfig(env: NodeJS.ProcessEnv): HeavyConfig {
  return {
    workerThreads: positiveInt(env, 'WORKER_THREADS', defaultWorkerThreads()),
    workerQueue: positiveInt(env, 'WORKER_QUEUE', 64),
    workerIdleMs: positiveInt(env, 'WORKER_IDLE_SECONDS', 60) * 1000,
    requestBudgetMs: positiveInt(env, 'REQUEST_BUDGET_MS', 1_500),
    routeBudgetMs: positiveInt(env, 'ROUTE_BUDGET_MS', 2_000),
    mainThreadBudgetMs: positiveInt(env, 'MAIN_THREAD_BUDGET_MS', 250),
    mainThreadQueue: positiveInt(env, 'MAIN_THREAD_QUEUE', 32),
  };
}

let current: HeavyConfig | null = null;

/** Sets the process's settings: called once at start with the validated config (server/index.ts). */
export function useHeavyConfig(cfg: HeavyConfig): void {
  current = cfg;
}

/**
 * The process's settings: those the service started with. Where no service started (in-process tests,
 * benches) the defaults; the environment is never read here, at first use, so a bad value cannot
 * surface only when the first heavy request comes.
 */
export function currentHeavyConfig(): HeavyConfig {
  return (current ??= heavyConfig({}));
}
