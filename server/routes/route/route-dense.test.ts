// @isolated-modules: checks the main thread never built the population model, which other files build.
/**
 * POST /v2/route through the dense facility-map grids of Sea-Tac and Boeing Field (hand-made at their
 * real places) at resolution 10. Judged one cell at a time by the engine this route took several
 * seconds, past ROUTE_BUDGET_MS (408); judged in bulk it answers 200. Asserted: the route, and that no
 * segment enters a cell the route may not enter; the time is not asserted. The route budget is the
 * default 2,000 ms, scaled by the machine's load as the other load-sensitive tests do.
 */
import { describe, expect, it } from 'vitest';
import type { RouteFeature } from '../../contract/route';
import { Dataset } from '../../data/dataset';
import { fixtureFile, NOW } from '../../domain/briefing/fixtures';
import { judge } from '../../domain/route/constraints';
import { cellPolygon, cellsFor } from '../../domain/surface/cells';
import { populationModelBuilt } from '../../domain/surface/population-model';
import { routeService } from './test-helpers';

const ds = new Dataset(fixtureFile());
const route = routeService(fixtureFile);

const seaTac = [-122.31, 47.43], boeingField = [-122.3, 47.53];
const opts = { now: NOW, start: NOW, maxAltitudeFt: 200, allowControlled: true };

describe('POST /v2/route on a dense facility-map grid', () => {
  it('answers 200 with a route from Sea-Tac to Boeing Field through both LAANC grids, entering no cell it may not enter', async () => {
    const r = await route.svc().call('POST', '/v2/route', {
      token: route.token(),
      body: { geometry: { type: 'LineString', coordinates: [seaTac, boeingField] }, maxAltitude: 200, resolution: 10, allowControlledAirspace: true },
    });
    const text = await r.text();
    expect(r.status, text).toBe(200);
    const { data } = JSON.parse(text) as { data: RouteFeature };
    const line = data.geometry.coordinates;
    expect(line[0]).toEqual(seaTac);
    expect(line.at(-1)).toEqual(boeingField);
    expect(data.properties.resolution).toBe(10);
    expect(data.properties.laancFacilities).toEqual(['BFI', 'SEA']);
    expect(data.properties.authorizationType).toBe('AUTHORIZATION_TYPE_LAANC');
    expect(data.properties.distanceM).toBeGreaterThan(11_000);
    // Every cell each segment passes through, judged by the engine on its own: none may be entered.
    for (let i = 1; i < line.length; i++) {
      const cells = cellsFor({ type: 'LineString', coordinates: [line[i - 1]!, line[i]!] }, 10);
      for (const cell of cells) expect(judge(ds, cellPolygon(cell), opts).blocker, `segment ${i} crosses ${cell}`).toBeNull();
      expect(judge(ds, { type: 'LineString', coordinates: [line[i - 1]!, line[i]!] }, opts).blocker).toBeNull();
    }
    // The densities came from the worker pool: the main thread never built the ~100 MB population model.
    expect(populationModelBuilt()).toBe(false);
  }, 120_000);
});
