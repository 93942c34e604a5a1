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

  it('the airspace check and the advisories count the floors the briefing counts (audit 2026-11-25, second pass)', async () => {
    // Seattle Class B Area H, floor 3,000 ft MSL, over 900 m (2,953 ft) ground: 47 ft above the ground
    // plus margin, so the briefing reports it. Before, only the briefings read the DEM: the advisories and
    // the check kept the 800 ft assumption (airports' bound ~1,000 ft here) and put the floor ~2,000 ft
    // above the drone, so a drone briefed inside Class B was told by them that nothing controlled was there.
    const full = await importFiles([realPath('faa-seattle/class_airspace_seattle.geojson')], { now: NOW });
    const onlyH = { ...full, version: `${full.version}-area-h`, features: full.features.filter((f) => f.name === 'SEATTLE CLASS B AREA H') };
    expect(onlyH.features.length).toBeGreaterThan(0);
    const serve = async (dataset: typeof full, metres: number) => {
      const svc = await startTestService({ dataset, now: NOW, config: { dataDir: await dataDirWithGround(metres) } });
      services.push(svc);
      return svc;
    };
    const window = { startTime: NOW.toISOString(), endTime: new Date(NOW.getTime() + 3_600_000).toISOString(), maxAltitude: 400 };
    const titles = async (svc: TestService, path: string, body: unknown, scope: string) => {
      const r = await svc.call('POST', path, { body, token: await svc.clientToken(scope) });
      expect(r.status).toBe(200);
      const j = (await r.json()) as BriefingResult & { data: { features: { properties: { title: string } }[] } };
      return path.includes('advisories') ? j.data.features.map((f) => f.properties.title) : (j.notices ?? []).map((n) => n.title);
    };
    // On a dataset of Area H alone (the check would otherwise answer for the BFI Class D).
    const [h900, h20] = [await serve(onlyH, 900), await serve(onlyH, 20)];
    expect(await titles(h900, '/v1/advisories/geojson', { geometry: area.boundary, ...window }, 'advisory:read')).toContain('SEATTLE CLASS B AREA H');
    expect(await titles(h20, '/v1/advisories/geojson', { geometry: area.boundary, ...window }, 'advisory:read')).not.toContain('SEATTLE CLASS B AREA H');
    const controlled = async (svc: TestService) => {
      const r = await svc.call('POST', '/v1/check/airspace', { body: { geometry: area.boundary, ...window }, token: await svc.clientToken('aviation:read') });
      expect(r.status).toBe(200);
      return ((await r.json()) as { data: { controlled: boolean } }).data.controlled;
    };
    expect(await titles(h900, '/v2/briefing/preflight/area', area, 'briefing:area:read')).toContain('SEATTLE CLASS B AREA H');
    expect(await controlled(h900)).toBe(true);
    expect(await titles(h20, '/v2/briefing/preflight/area', area, 'briefing:area:read')).not.toContain('SEATTLE CLASS B AREA H');
    expect(await controlled(h20)).toBe(false);

    // LAANC over the same area: Area H counts over 900 m ground, no facility map covers it, so LAANC
    // cannot authorize there (a BLOCK naming it); over 20 m ground its floor is overhead: nothing.
    const laancBlocks = async (svc: TestService) => {
      const token = await svc.clientToken('operation:create laanc:create');
      const op = await svc.call('POST', '/v1/operations', {
        token,
        body: { name: 'dem', boundary: area.boundary, minAltitude: 0, maxAltitude: 400, startTime: new Date(NOW.getTime() + 3_600_000).toISOString(), endTime: new Date(NOW.getTime() + 7_200_000).toISOString(), timezone: 'America/Los_Angeles', altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL' },
      });
      expect(op.status).toBe(201);
      const id = ((await op.json()) as { id: string }).id;
      const l = await svc.call('POST', `/v1/operations/${id}/laanc`, { token, body: { license: 'LICENSE_PART_107', fixedAltitude: false, pointOfContact: { firstName: 'A', lastName: 'B', phoneNumber: '+12065550100', emailAddress: 'a@example.com' } } });
      expect(l.status).toBe(201);
      return ((await l.json()) as { operation: { notices: { action: string; reason: string; ids: string[] }[] } }).operation.notices.filter((n) => n.action === 'ACTION_BLOCK').map((n) => n.reason);
    };
    expect(await laancBlocks(h900)).toEqual(['REASON_NOT_LAANC_ENABLED']);
    expect(await laancBlocks(h20)).toEqual([]);
  }, 240_000);

  it('reports Area B without a DEM (800 ft assumed) and where the area leaves the DEM', async () => {
    expect(await areaB(none, '/v2/briefing/preflight/location', location)).toBeDefined();
    const wide = { boundary: { type: 'Polygon', coordinates: [[[P.lon - 0.06, P.lat], [P.lon + d, P.lat], [P.lon + d, P.lat + d], [P.lon - 0.06, P.lat + d], [P.lon - 0.06, P.lat]]] }, includeGeometry: false };
    expect((await areaB(low, '/v2/briefing/preflight/area', wide))?.description).toMatch(/dem:flat20 covers only part of the flight/);
  });
});
