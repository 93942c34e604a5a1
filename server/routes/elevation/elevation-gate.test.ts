/**
 * Elevation's model work runs through the main-thread gate with its budget (elevation.handlers.ts):
 * before, a 5,000-sample area in a 2,000-vertex ring ran unbounded on the event loop (0.35-0.65 s each,
 * twenty at once held /livez 3.3 s). docs/security.md, "Resource exhaustion, probed 2026-11-24".
 */
import type { Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { Budget, BudgetExceededError } from '../../domain/budget';
import { elevationDataset } from '../../domain/elevation/fixtures';
import { areaPositions, elevationOverArea, elevationsAt } from '../../domain/elevation/query';
import { mainThread } from '../../http/main-thread';
import { heavyConfig, useHeavyConfig } from '../../workers/heavy-config';
import { elevationV1Handler, elevationV2Handler } from './elevation.handlers';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ dataset: elevationDataset() });
});
afterAll(() => svc.close());

/** A 2,000-vertex circle of about 15 NM around Boeing Field: the largest polygon the route accepts. */
function circle(): Polygon {
  const ring: number[][] = [];
  for (let i = 0; i < 1_999; i++) ring.push([-122.3 + (0.25 / Math.cos((47.5 * Math.PI) / 180)) * Math.cos((2 * Math.PI * i) / 1_999), 47.5 + 0.25 * Math.sin((2 * Math.PI * i) / 1_999)]);
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

describe('elevation under a budget', () => {
  it('sampling an area and the model at each point stop on a spent budget', () => {
    const spent = new Budget('main-thread', 10, Date.now() - 1_000);
    expect(() => areaPositions(circle(), 5_000, spent)).toThrow(BudgetExceededError);
    const ds = svc.deps.datasets.current();
    const positions = areaPositions(circle(), 200);
    expect(() => elevationOverArea(ds, circle(), 200, [], { positions, budget: spent })).toThrow(BudgetExceededError);
    // Given its positions, the answer is the one it samples itself.
    expect(elevationOverArea(ds, circle(), 200, [], { positions })).toEqual(elevationOverArea(ds, circle(), 200));
  });

  it('points stop on a spent budget too (v1, a point, a profile)', () => {
    const spent = new Budget('main-thread', 10, Date.now() - 1_000);
    expect(() => elevationsAt(svc.deps.datasets.current(), [[-122.3, 47.5]], [], spent)).toThrow(BudgetExceededError);
  });

  it('an area runs through the gate: 503 with Retry-After when its queue is full, then answered in turn', async () => {
    useHeavyConfig({ ...heavyConfig({}), mainThreadQueue: 2 });
    try {
      const heavy = [0, 1, 2].map(() => mainThread.run(() => 0));
      // Queued synchronously behind a full gate (the area is sampled before the DEM is read).
      const area = elevationV2Handler(svc.deps, { geometry: circle(), samples: 100 });
      await expect(area).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
      await Promise.all(heavy);
      const ok = await elevationV2Handler(svc.deps, { geometry: circle(), samples: 100 });
      expect(ok.body.data).toMatchObject({ geometryType: 'Polygon' });
      expect((await elevationV1Handler(svc.deps, { coordinates: [[-122.3, 47.5]] })).body.data).toHaveLength(1);
    } finally {
      useHeavyConfig(heavyConfig({}));
    }
  });
});
