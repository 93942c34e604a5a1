/**
 * One route test service per file: the route and request budgets scaled by the machine's load (a loaded
 * CI box must not turn a route into a 408), a client token with route:create, and the worker pool's
 * thread started before anything is timed (it builds the population model: tens of seconds when loaded).
 */
import { afterAll, beforeAll } from 'vitest';
import type { DatasetFile } from '../../data/model';
import { NOW } from '../../domain/briefing/fixtures';
import { machineSlowdown } from '../../../test/helpers/load';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { heavyConfig, useHeavyConfig } from '../../workers/heavy-config';
import { surfacePool } from '../../workers/surface-pool';

/** The default request and route budgets, scaled by the machine's load, for this test process. */
function useLoadScaledBudgets(): void {
  const d = heavyConfig({});
  const k = machineSlowdown();
  useHeavyConfig({ ...d, routeBudgetMs: Math.round(d.routeBudgetMs * k), requestBudgetMs: Math.round(d.requestBudgetMs * k) });
}

/** Starts the worker pool's thread (it builds the population model, seconds on a loaded box) before the tests time anything. */
async function warmUpPool(): Promise<void> {
  await surfacePool().run({ kind: 'cells', geometry: { type: 'Point', coordinates: [-100, 40] }, resolution: 5, budgetMs: 600_000 });
}

export function routeService(dataset: () => DatasetFile): { svc: () => TestService; token: () => string } {
  let svc: TestService;
  let token = '';
  beforeAll(async () => {
    useLoadScaledBudgets();
    svc = await startTestService({ dataset: dataset(), now: NOW });
    token = await svc.clientToken('route:create');
    await warmUpPool();
  }, 180_000);
  afterAll(async () => {
    await svc.close();
    await surfacePool().close();
  });
  return { svc: () => svc, token: () => token };
}
