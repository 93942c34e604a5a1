/**
 * How much slower than an idle machine this one runs now (1 when idle): the 1-minute load average per
 * core. Tests that depend on a time budget scale it by this, so a loaded CI box does not fail them.
 */
import { availableParallelism, loadavg } from 'node:os';
import { heavyConfig, useHeavyConfig } from '../../server/workers/heavy-config';
import { surfacePool } from '../../server/workers/surface-pool';

export function machineSlowdown(): number {
  return Math.max(1, loadavg()[0]! / availableParallelism());
}

/** The default request and route budgets, scaled by the machine's load, for this test process. */
export function useLoadScaledBudgets(): void {
  const d = heavyConfig({});
  const k = machineSlowdown();
  useHeavyConfig({ ...d, routeBudgetMs: Math.round(d.routeBudgetMs * k), requestBudgetMs: Math.round(d.requestBudgetMs * k) });
}

/** Starts the worker pool's thread (it builds the population model, seconds on a loaded box) before the tests time anything. */
export async function warmUpPool(): Promise<void> {
  await surfacePool().run({ kind: 'cells', geometry: { type: 'Point', coordinates: [-100, 40] }, resolution: 5, budgetMs: 600_000 });
}
