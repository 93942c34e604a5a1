/**
 * Briefings over an imported GeoTIFF DEM: Seattle Class B Area B (floor 1,100 ft MSL, real ADDS data)
 * is left out for a 400 ft flight over 20 m ground and reported over 300 m ground (docs/elevation.md).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import type { BriefingResult } from '../../contract/briefing';
import { main } from '../../data/import/cli';
import { tmpDir, writeDem } from '../../data/import/dem-fixture';
import { importFiles } from '../../data/import/import-files';
import { hasRealData, realPath, warnIfNoRealData } from '../../data/import/realdata';

const NOW = new Date('2025-11-20T18:00:00Z');
const P = { lon: -122.3194, lat: 47.5236 };
/** A flat DEM of `metres` over 0.1° × 0.1° around P. */
async function dataDirWithGround(metres: number): Promise<string> {
  const dir = tmpDir('dem-brief-');
  const file = writeDem(dir, `flat${metres}.tif`, { west: P.lon - 0.05, north: P.lat + 0.05, res: 0.001, width: 100, height: 100, value: () => metres });
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  expect(await main([file], { DATA_DIR: path.join(dir, 'data') })).toBe(0);
  vi.restoreAllMocks();
  return path.join(dir, 'data');
}

warnIfNoRealData('briefings with DEM ground');

describe.skipIf(!hasRealData)('briefings with DEM ground', () => {
  const services: TestService[] = [];
  let low: TestService, high: TestService, none: TestService;
  beforeAll(async () => {
    const dataset = await importFiles([realPath('faa-seattle/class_airspace_seattle.geojson')], { now: NOW });
    for (const dataDir of [await dataDirWithGround(20), await dataDirWithGround(300), path.join(tmpDir('dem-none-'), 'data')]) {
      services.push(await startTestService({ dataset, now: NOW, config: { dataDir } }));
    }
    [low, high, none] = services as [TestService, TestService, TestService];
  });
  afterAll(async () => {
    for (const s of services) await s.close();
  });

  async function areaB(svc: TestService, path: string, body: unknown) {
    const token = await svc.clientToken('briefing:area:read briefing:location:read');
    const r = await svc.call('POST', path, { body, token });
    expect(r.status).toBe(200);
    return ((await r.json()) as BriefingResult).notices?.find((n) => n.title === 'SEATTLE CLASS B AREA B');
  }
  const location = { latitude: P.lat, longitude: P.lon, includeGeometry: false };
  const d = 0.002;
  const area = { boundary: { type: 'Polygon', coordinates: [[[P.lon, P.lat], [P.lon + d, P.lat], [P.lon + d, P.lat + d], [P.lon, P.lat + d], [P.lon, P.lat]]] }, includeGeometry: false };

  it('leaves Area B out over 20 m ground, for a location and an area', async () => {
    expect(await areaB(low, '/v2/briefing/preflight/location', location)).toBeUndefined();
    expect(await areaB(low, '/v2/briefing/preflight/area', area)).toBeUndefined();
  });

  it('reports Area B over 300 m ground, naming the DEM', async () => {
    const n = await areaB(high, '/v2/briefing/preflight/location', location);
    // 300 m is 984.25 ft: the maximum is rounded up (conservative).
    expect(n?.description).toMatch(/taken as 65 ft above the ground: the highest ground under the flight in dem:flat300 is 985 ft MSL, plus a 50 ft margin/);
    expect(await areaB(high, '/v2/briefing/preflight/area', area)).toBeDefined();
  });

  it('reports Area B without a DEM (800 ft assumed) and where the area leaves the DEM', async () => {
    expect(await areaB(none, '/v2/briefing/preflight/location', location)).toBeDefined();
    const wide = { boundary: { type: 'Polygon', coordinates: [[[P.lon - 0.06, P.lat], [P.lon + d, P.lat], [P.lon + d, P.lat + d], [P.lon - 0.06, P.lat + d], [P.lon - 0.06, P.lat]]] }, includeGeometry: false };
    expect((await areaB(low, '/v2/briefing/preflight/area', wide))?.description).toMatch(/dem:flat20 covers only part of the flight/);
  });
});
