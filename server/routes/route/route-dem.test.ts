/**
 * Generate Route over an imported DEM (docs/briefing-rules.md, "Audit 2026-11-28, third pass"): a TFR whose
 * floor is 3,000 ft MSL lies across the straight line. Over 900 m (2,953 ft) ground the briefing counts it
 * (floor at the ground, DEM plus its 50 ft margin); over 20 m ground it is ~2,900 ft overhead. Before, the
 * planner kept the fixed 800 ft ground (no airports here to raise it) and flew straight through the TFR the
 * briefing of the same line reports. The handler is called with its densities given (no worker pool).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import type { RouteFeature } from '../../contract/route';
import type { AirspaceFeature } from '../../data/model';
import { main } from '../../data/import/cli';
import { tmpDir, writeDem } from '../../data/import/dem-fixture';
import { datasetFile } from '../../domain/briefing/fixtures/build';
import { briefArea } from '../../domain/briefing';
import { Dataset } from '../../data/dataset';
import { booleanIntersects } from '@turf/turf';
import { bufferLineString } from '../../domain/operations/limits';
import { generateRoute } from './route.handlers';

const NOW = new Date('2026-11-28T18:00:00Z');
const START = [-99.1, 38.0], END = [-99.0, 38.0];
const bar = { type: 'Polygon' as const, coordinates: [[[-99.052, 37.985], [-99.048, 37.985], [-99.048, 38.015], [-99.052, 38.015], [-99.052, 37.985]]] };
const tfr: AirspaceFeature = {
  id: 'tfr:dem:6/0001', layer: 'tfr', name: 'TFR 6/0001 over high ground', ident: '6/0001', geometry: bar,
  lower: { value: 3000, reference: 'MSL' }, upper: { value: 5000, reference: 'MSL' }, sourceId: 'briefing-fixture',
};
const file = datasetFile([tfr], 'route-dem-1');

/** A flat DEM of `metres` over the whole search region and its edge cells. */
async function dataDirWithGround(metres: number): Promise<string> {
  const dir = tmpDir('dem-route-');
  const f = writeDem(dir, `flat${metres}.tif`, { west: -99.4, north: 38.3, res: 0.005, width: 160, height: 120, value: () => metres });
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  expect(await main([f], { DATA_DIR: path.join(dir, 'data') })).toBe(0);
  vi.restoreAllMocks();
  return path.join(dir, 'data');
}

describe('POST /v2/route over an imported DEM', () => {
  let high: TestService, low: TestService;
  beforeAll(async () => {
    high = await startTestService({ dataset: file, now: NOW, config: { dataDir: await dataDirWithGround(900) } });
    low = await startTestService({ dataset: file, now: NOW, config: { dataDir: await dataDirWithGround(20) } });
  }, 120_000);
  afterAll(async () => {
    await high?.close();
    await low?.close();
  });

  const body = { geometry: { type: 'LineString' as const, coordinates: [START, END] }, maxAltitude: 400, startTime: NOW.toISOString() };
  const plan = async (svc: TestService) => {
    const r = await generateRoute(svc.deps, body, () => 0);
    return (r.body as { data: RouteFeature }).data;
  };
  const crossesBar = (line: number[][]) => booleanIntersects(bufferLineString({ type: 'LineString', coordinates: line }, 50)!, bar);

  it('goes around an MSL-floored TFR that the DEM brings down to the ground, as the briefing counts it', async () => {
    // The briefing of the straight line over this DEM reports the TFR (the engine, given the DEM's ground).
    const ground = { maxFt: 2953, source: 'dem:flat900', complete: true };
    const straight = briefArea(new Dataset(file), { type: 'LineString', coordinates: [START, END] }, { now: NOW, start: NOW, maxAltitudeFt: 400, groundMaxFt: () => ground });
    expect(straight.authorizationType).toBe('AUTHORIZATION_TYPE_RESTRICTED');

    const route = await plan(high);
    const line = route.geometry.coordinates;
    expect(line[0]).toEqual(START);
    expect(line.at(-1)).toEqual(END);
    expect(crossesBar(line), 'the route keeps out of the TFR').toBe(false);
    expect(route.properties.notices.map((n) => n.title)).not.toContain(tfr.name);
    expect(route.properties.distanceM).toBeGreaterThan(8_900); // longer than the straight 8.8 km
  }, 120_000);

  it('flies straight under the same TFR over low ground, where its floor is ~2,900 ft above the drone', async () => {
    const route = await plan(low);
    expect(crossesBar(route.geometry.coordinates)).toBe(true);
  }, 120_000);
});
