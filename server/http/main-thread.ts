/**
 * The gate for engine work that must stay on the main thread (it reads the in-memory dataset, which is
 * not copied into workers): one request's work at a time, each run cut at MAIN_THREAD_BUDGET_MS by the
 * engines' cooperative budget checks, and the event loop let through between runs, so /v1/status and
 * cheap requests wait at most one run. Numbers: docs/security.md ("Heavy work").
 *
 * Overload is said honestly (issue 29): a run's budget counts its own work (the process's CPU time while
 * it runs, never more than the wall clock), not time the machine gave to others; a request whose own
 * work before the gate (worker pool, DEM reads) spent its REQUEST_BUDGET_MS is 408 (it is large); one
 * that only waited in the queue past it is 503 with Retry-After (the service is busy), without running.
 */
import { Budget, BudgetExceededError } from '../domain/budget';
import { budgetFailure } from '../workers/surface-tasks';
import { failureError, overloaded, tooBusy } from '../workers/surface-pool';
import { currentHeavyConfig, type HeavyConfig } from '../workers/heavy-config';

/** Starts measuring a run's own work; the function returned gives the milliseconds of it so far. */
export type WorkMeter = () => () => number;

/**
 * The process's CPU time (user + system) since the start, capped by the wall clock. CPU time does not
 * advance while the machine runs other processes, so a busy machine does not cut a small request; it
 * also counts this process's worker threads, which only makes the budget stricter while they run, and
 * the cap keeps it never looser than the wall clock's. (Node 20 has no per-thread CPU clock.)
 */
export const ownWork: WorkMeter = () => {
  const wall0 = Date.now();
  const cpu0 = process.cpuUsage();
  return () => {
    const cpu = process.cpuUsage(cpu0);
    return Math.min(Date.now() - wall0, (cpu.user + cpu.system) / 1000);
  };
};

export class MainThreadGate {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly config: () => HeavyConfig = currentHeavyConfig,
    private readonly meter: WorkMeter = ownWork,
    private readonly now: () => number = Date.now,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `work` when its turn comes, with the budget it must check. `start` is when the request's
   * handler began: its work before the gate (e.g. in the worker pool) counts against REQUEST_BUDGET_MS,
   * its wait in this queue does not.
   */
  async run<T>(work: (budget: Budget) => T, start = this.now(), own?: (cfg: HeavyConfig) => Budget): Promise<T> {
    const cfg = this.config();
    if (this.waiting.length >= cfg.mainThreadQueue) throw overloaded('main-thread');
    const before = Math.max(0, this.now() - start);
    await this.acquire();
    try {
      // Let pending I/O (a status poll, a cheap request) through before a run that may take the budget.
      await new Promise((resolve) => setImmediate(resolve));
      // A run with a budget of its own (Generate Route) is judged by that budget alone, as before.
      if (own) {
        const budget = own(cfg);
        budget.check();
        return work(budget);
      }
      // Its own work already spent the request's budget: it is large (408).
      if (before > cfg.requestBudgetMs) throw new BudgetExceededError('request', cfg.requestBudgetMs, before);
      // It only waited for its turn past the budget: the service is busy (503), not the request large.
      const waited = this.now() - start - before;
      if (before + waited > cfg.requestBudgetMs) throw tooBusy(waited);
      const left = cfg.requestBudgetMs - before;
      const elapsed = this.meter();
      const budget = left < cfg.mainThreadBudgetMs ? new Budget('request', left, 0, elapsed) : new Budget('main-thread', cfg.mainThreadBudgetMs, 0, elapsed);
      budget.check();
      return work(budget);
    } catch (e) {
      if (e instanceof BudgetExceededError) throw failureError(budgetFailure(e));
      throw e;
    } finally {
      this.release();
    }
  }

  private async acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the gate to the next waiter (it stays busy), or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}

/** The process's gate: every heavy main-thread route shares it. */
export const mainThread = new MainThreadGate();
