/**
 * A 1.5 km box across 180° is the small box on every area route (docs/security.md ("Hostile geometry")): the
 * features on both sides of the antimeridian are found, and nothing from the band around the globe at
 * that latitude (Seattle's facility maps and Class B at 47.5°N) is. Routes that store a single Polygon
 * accept it as sent and cut it themselves (test/antimeridian-stored.test.ts).
 */
import type { Polygon, Position } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AirspaceFeature } from '../server/data/model';
import { fixtureFile } from '../server/domain/briefing/fixtures';
import { agl, box, sfc } from '../server/domain/briefing/fixtures/build';
import { onlyNear180 } from './helpers/geometry';
import { startTestService, type TestService } from './helpers/service';

/** Facility-map cells on either side of 180° (a fictional grid: nothing real is there). */
function cell(facility: string, w: number, e: number): AirspaceFeature {
  return { id: `uasfm:${facility}`, layer: 'uasfm', name: `${facility} facility map cell`, geometry: box(w, 47.53, e, 47.54), lower: sfc, upper: agl(100), ceilingFt: 100, laancEnabled: true, facility, sourceId: 'fixture' };
}

const across = (s: number, n: number): Polygon => ({ type: 'Polygon', coordinates: [[[179.99, s], [-179.99, s], [-179.99, n], [179.99, n], [179.99, s]]] });
/** Over the two cells. */
const CELLS = across(47.532, 47.538);
/** Over nothing: the band at this latitude would cross Seattle's Class B and Boeing Field's grid. */
const EMPTY = across(47.6, 47.61);

let svc: TestService;
let token: string;
beforeAll(async () => {
  const file = fixtureFile();
  svc = await startTestService({ dataset: { ...file, features: [...file.features, cell('EAST', 179.99, 180), cell('WEST', -180, -179.99)] } });
  token = await svc.clientToken();
});
afterAll(() => svc.close());

const post = async (path: string, body: unknown, method = 'POST') => {
  const r = await svc.call(method, path, { token, body });
  return { status: r.status, text: await r.text() };
};

const onlyNear180InAnswer = (text: string) => onlyNear180(JSON.parse(text), text.slice(0, 300));

const seesBothSidesOnly = (text: string) => {
  expect(text).toContain('EAST');
  expect(text).toContain('WEST');
  expect(text).not.toMatch(/BFI|SEA\b|Seattle|Boeing/);
};

describe('a box across the antimeridian is the small box', () => {
  for (const path of ['/v1/briefing/preflight/area', '/v2/briefing/preflight/area']) {
    it(`${path}: the cells on both sides, nothing from the band`, async () => {
      const r = await post(path, { boundary: CELLS, includeGeometry: true });
      expect(r.status, r.text).toBe(200);
      seesBothSidesOnly(r.text);
      const empty = await post(path, { boundary: EMPTY });
      expect(empty.status).toBe(200);
      // Only the engine's Class G notice: none of Seattle's airspace from the band at 47.6°N.
      const notices = (JSON.parse(empty.text) as { notices: Array<{ dataSource: string }> }).notices;
      expect(notices.map((n) => n.dataSource)).toEqual(['NOTICE_DATA_SOURCE_CLASS_G']);
    });
  }

  it('/v1/check/airspace: nothing controlled over the empty box', async () => {
    const r = await post('/v1/check/airspace', { geometry: EMPTY, startTime: '2030-01-01T10:00:00Z', endTime: '2030-01-01T11:00:00Z' });
    expect(r.status, r.text).toBe(200);
    expect(JSON.parse(r.text).data).toMatchObject({ controlled: false, restricted: false });
    const cells = await post('/v1/check/airspace', { geometry: CELLS, startTime: '2030-01-01T10:00:00Z', endTime: '2030-01-01T11:00:00Z' });
    expect(JSON.parse(cells.text).data).toMatchObject({ enabled: true });
  });

  it('/v1/aviation: facility-map cells on both sides only', async () => {
    const r = await post('/v1/aviation', { geometry: CELLS, type: ['uasfm_ceiling', 'controlled_airspace', 'airports'] });
    expect(r.status, r.text).toBe(200);
    seesBothSidesOnly(r.text);
  });

  for (const path of ['/v2/advisory', '/v1/advisories/geojson']) {
    it(`${path}: advisories on both sides only`, async () => {
      const r = await post(path, { geometry: CELLS, category: 'faa_107' });
      expect(r.status, r.text).toBe(200);
      seesBothSidesOnly(r.text);
    });
  }

  it('/v2/surface/geojson: features of both sides only', async () => {
    const r = await post('/v2/surface/geojson', { geometry: CELLS, layers: [{ code: 'uasfm_ceiling', fields: ['*'] }, { code: 'airports', fields: ['*'] }], resolution: 9 });
    expect(r.status, r.text).toBe(200);
    onlyNear180InAnswer(r.text);
    expect(JSON.parse(r.text).data).toHaveLength(2);
  });

  const cellRoutes: Array<[string, Record<string, unknown>]> = [
    ['/v2/groundType', { resolution: 10 }],
    ['/v2/surface/hexbin', { resolution: 10, layers: ['uasfm_ceiling'] }],
    ['/v2/surface/classification', { resolution: 10 }],
    ['/v2/hazard/groundRisk', { resolution: 10 }],
  ];
  for (const [path, extra] of cellRoutes) {
    it(`${path}: a few cells, all at 180°`, async () => {
      const r = await post(path, { geometry: CELLS, ...extra });
      expect(r.status, r.text).toBe(200);
      onlyNear180InAnswer(r.text);
      // Resolution 10 cells are 0.015 km²: the 0.6 km² box has tens of them, the band millions (408).
      expect(r.text.length).toBeLessThan(200_000);
    });
  }

  it('/v2/hazard and /v2/risk/classify: the cells at 180° and no Seattle airspace', async () => {
    const h = await post('/v2/hazard', { geometry: CELLS, resolution: 10 });
    expect(h.status, h.text).toBe(200);
    expect(h.text).not.toMatch(/BFI|Seattle|Boeing/);
    const c = await post('/v2/risk/classify', { geometry: EMPTY, resolution: 10 });
    expect(c.status, c.text).toBe(200);
    // Over open water with no airport nearby: not an airport environment (the band would be ARC-d).
    expect(JSON.parse(c.text).data.air.arc).not.toBe('ARC-d');
  });

  // Routes that keep a single Polygon (operations, ephemeral, legacy, suitability, sandbox TFRs,
  // elevation) accept it as sent and cut it themselves: test/antimeridian-stored.test.ts.
});

describe('areas are measured the short way', () => {
  it('an ephemeral operation box of 1.5 km across 180° is not 13,000 square miles', async () => {
    const { areaSqMi } = await import('../server/domain/operations/limits');
    expect(areaSqMi(CELLS)).toBeLessThan(1);
    expect(areaSqMi(CELLS)).toBeGreaterThan(0.1);
  });

  it('a line across 180° is refused with the reason', async () => {
    const line: Position[] = [[179.99, 47.5], [-179.99, 47.5]];
    const r = await post('/v2/briefing/preflight/area', { boundary: { type: 'LineString', coordinates: line } });
    expect(r.status).toBe(422);
    expect(r.text).toMatch(/antimeridian/);
  });
});
