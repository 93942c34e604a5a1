import { describe, expect, it } from 'vitest';
import { advisoriesFor, aviationFeatures, briefArea, checkAirspace, flightWindow } from './briefing';
import { fixtureDataset, NOW } from './briefing/fixtures';
import { Budget, BudgetExceededError, TIMED_OUT_MESSAGE } from './budget';
import { latLngToCell } from 'h3-js';
import { hexbin } from './surface/hexbin';
import { scoreCells } from './surface/suitability';
import { uavProfile } from './surface/uav-profile';
import { surfaceGeojson } from './surface/surface-geojson';

/** A clock the test moves by hand. */
function clock(start = 1_000) {
  let now = start;
  return { read: () => now, advance: (ms: number) => (now += ms) };
}

describe('Budget', () => {
  it('passes until its deadline and then throws, naming itself, its limit and the time spent', () => {
    const c = clock();
    const b = new Budget('main-thread', 500, c.read(), c.read);
    b.check();
    c.advance(500);
    b.check(); // at the deadline still allowed
    expect(b.remainingMs()).toBe(0);
    c.advance(1);
    expect(() => b.check()).toThrow(BudgetExceededError);
    try {
      b.check();
    } catch (e) {
      expect(e).toMatchObject({ budget: 'main-thread', limitMs: 500, elapsedMs: 501, message: TIMED_OUT_MESSAGE });
    }
  });

  it('counts from the start it is given (time already spent waiting)', () => {
    const c = clock(10_000);
    const b = new Budget('request', 2_500, 7_000, c.read);
    expect(() => b.check()).toThrow(BudgetExceededError);
  });
});

describe('the engines check the budget in their outer loops', () => {
  const ds = fixtureDataset();
  // Around Seattle, where the fixture has facility-map cells and class airspace: many candidates.
  const area = { type: 'Polygon' as const, coordinates: [[[-122.45, 47.45], [-122.2, 47.45], [-122.2, 47.65], [-122.45, 47.65], [-122.45, 47.45]]] };
  const spent = () => new Budget('main-thread', 0, Date.now() - 10);
  const window = flightWindow({ now: NOW });

  it('without a budget they answer', () => {
    expect(briefArea(ds, area, { now: NOW }).notices?.length).toBeGreaterThan(0);
  });

  it.each([
    ['briefing', () => briefArea(ds, area, { now: NOW, budget: spent() })],
    ['airspace check', () => checkAirspace(ds, area, window, spent())],
    ['advisories', () => advisoriesFor(ds, area, { window, maxAltitudeFt: 400, category: 'faa_107', source: 'all', budget: spent() })],
    ['aviation', () => aviationFeatures(ds, area, ['airports'], { now: NOW, budget: spent() })],
    ['surface GeoJSON', () => surfaceGeojson(ds, area, [{ code: 'uasfm_ceiling' }], 8, spent())],
    ['hexbin', () => hexbin(ds, area, 8, ['uasfm_ceiling'], { budget: spent() })],
    ['suitability scores', () => scoreCells(ds, [{ cell: latLngToCell(47.5, -122.3, 8), popPerSqKm: 10, density: 'rural' as never }], { profile: uavProfile({}), maxAltitudeFt: 400, budget: spent() })],
  ])('%s stops with BudgetExceededError once the budget is spent', (_, run) => {
    expect(run).toThrow(BudgetExceededError);
  });
});
