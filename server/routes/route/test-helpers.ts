/**
 * One route test service per file: the route and request budgets scaled by the machine's load (a loaded
 * CI box must not turn a route into a 408), a client token with route:create, and the worker pool's
 * thread started before anything is timed (it builds the population model: tens of seconds when loaded).
 */
import { afterAll, beforeAll } from 'vitest';
import type { DatasetFile } from '../../data/model';
import { NOW } from '../../domain/briefing/fixtures';
import { useLoadScaledBudgets, warmUpPool } from '../../../test/helpers/load';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { surfacePool } from '../../workers/surface-pool';

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
