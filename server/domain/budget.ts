/**
 * A request's time budget: a deadline that long loops check cooperatively (`budget.check()` once per
 * outer iteration) so that a request that turns out heavier than its estimate stops with 408 instead
 * of holding the event loop. Numbers and where they apply: docs/security.md ("Heavy work").
 *
 * The clock is Date.now(): it is the same in every thread, so a deadline set on the main thread holds
 * in a worker (performance.now() counts from each thread's own start).
 */

/** The spec's words for 4.11/4.12 (section 7), used for every time budget. */
export const TIMED_OUT_MESSAGE = 'request timed out; reduce the size of the request';

export class BudgetExceededError extends Error {
  constructor(
    /** Which budget: 'main-thread', 'request', … (named in the 408's details). */
    readonly budget: string,
    readonly limitMs: number,
    readonly elapsedMs: number,
  ) {
    super(TIMED_OUT_MESSAGE);
  }
}

export class Budget {
  readonly deadline: number;

  constructor(
    readonly name: string,
    readonly limitMs: number,
    readonly start: number = Date.now(),
    private readonly clock: () => number = Date.now,
  ) {
    this.deadline = start + limitMs;
  }

  remainingMs(): number {
    return this.deadline - this.clock();
  }

  /**
   * Throws BudgetExceededError once the deadline has passed. It reads the clock on every call: an outer
   * iteration of the engines costs microseconds to milliseconds, a clock read about 40 ns.
   */
  check(): void {
    const now = this.clock();
    if (now > this.deadline) throw new BudgetExceededError(this.name, this.limitMs, now - this.start);
  }
}
