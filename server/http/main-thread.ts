/**
 * The gate for engine work that must stay on the main thread (it reads the in-memory dataset, which is
 * not copied into workers): one request's work at a time, each run cut at MAIN_THREAD_BUDGET_MS by the
 * engines' cooperative budget checks, and the event loop let through between runs, so /v1/status and
 * cheap requests wait at most one run. A request that waited past its REQUEST_BUDGET_MS is answered
 * 408 without running; a full queue 503 with Retry-After. Numbers: docs/security.md ("Heavy work").
 */
import { Budget, BudgetExceededError } from '../domain/budget';
import { budgetFailure } from '../workers/surface-tasks';
import { failureError, overloaded } from '../workers/surface-pool';
import { currentHeavyConfig, type HeavyConfig } from '../workers/heavy-config';

export class MainThreadGate {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly config: () => HeavyConfig = currentHeavyConfig) {}

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `work` when its turn comes, with the budget it must check. `start` is when the request's
   * handler began (its budget counts from then, including any time spent in the worker pool).
   */
  async run<T>(work: (budget: Budget) => T, start = Date.now(), own?: (cfg: HeavyConfig) => Budget): Promise<T> {
    const cfg = this.config();
    if (this.waiting.length >= cfg.mainThreadQueue) throw overloaded('main-thread');
    await this.acquire();
    try {
      // Let pending I/O (a status poll, a cheap request) through before a run that may take the budget.
      await new Promise((resolve) => setImmediate(resolve));
      const left = cfg.requestBudgetMs - (Date.now() - start);
      const budget = own ? own(cfg) : left < cfg.mainThreadBudgetMs ? new Budget('request', cfg.requestBudgetMs, start) : new Budget('main-thread', cfg.mainThreadBudgetMs);
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
