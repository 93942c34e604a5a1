import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { BriefingResultSchema, type BriefingResult } from '../../contract/briefing';
import { fixtureFile, NOW } from '../../domain/briefing/fixtures';

let svc: TestService;
let token: string;
let otherScope: string;
beforeAll(async () => {
  // Tokens are verified against the wall clock: issue them first, then move the service clock to the fixture's now.
  svc = await startTestService({ dataset: fixtureFile() });
  token = await svc.clientToken('briefing:area:read briefing:location:read');
  otherScope = await svc.clientToken('operation:read');
  svc.setNow(NOW);
});
afterAll(() => svc.close());

/** A 0.01° box around Lumen Field (inside KBFI Class D, in the stadium's 3 NM circle). */
const lumenBox = { type: 'Polygon', coordinates: [[[-122.336, 47.59], [-122.326, 47.59], [-122.326, 47.6], [-122.336, 47.6], [-122.336, 47.59]]] };
const during = { startTime: '2025-07-04T19:30:00Z', endTime: '2025-07-04T20:30:00Z' };

async function post(path: string, body: unknown, t: string | null = token) {
  const r = await svc.call('POST', path, { body, ...(t ? { token: t } : {}) });
  return { status: r.status, headers: r.headers, json: (await r.json()) as BriefingResult & { message?: string } };
}

const routes = [
  { path: '/v1/briefing/preflight/area', body: { boundary: lumenBox } },
  { path: '/v2/briefing/preflight/area', body: { boundary: lumenBox } },
  { path: '/v2/briefing/preflight/location', body: { latitude: 47.5952, longitude: -122.3316, includeGeometry: false } },
  { path: '/v1/briefing/preflight/location', body: { latitude: 47.5952, longitude: -122.3316 } },
];

describe.each(routes)('POST $path', ({ path, body }) => {
  it('answers a briefing result in the contract shape, from the engine', async () => {
    const r = await post(path, body);
    expect(r.status).toBe(200);
    expect(BriefingResultSchema.parse(r.json)).toBeTruthy();
    expect(r.json).toMatchObject({ status: 'NOTICE_STATUS_CAUTION', authorizationType: 'AUTHORIZATION_TYPE_LAANC' });
    expect(r.json.notices!.map((n) => n.dataSource)).toEqual(expect.arrayContaining(['NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE', 'NOTICE_DATA_SOURCE_UASFM_CEILING', 'NOTICE_DATA_SOURCE_STADIUM']));
    expect(r.headers.get('x-dataset-version')).toBe('fixture-1');
  });

  it('turns to WARNING / RESTRICTED when the flight window meets the match', async () => {
    const r = await post(path, { ...body, ...during });
    expect(r.json).toMatchObject({ status: 'NOTICE_STATUS_WARNING', authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED' });
    expect(r.json.notices![0]).toMatchObject({ dataSource: 'NOTICE_DATA_SOURCE_STADIUM', status: 'NOTICE_STATUS_WARNING', distance: 0 });
  });

  it('refuses a call without a token (401) and a token without the scope (403)', async () => {
    expect((await post(path, body, null)).status).toBe(401);
    const r = await post(path, body, otherScope);
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/briefing:(area|location):read/);
  });

  it('refuses maxAltitude above 400 ft and an endTime before startTime with 422, naming the field', async () => {
    const high = await post(path, { ...body, maxAltitude: 500 });
    expect(high.status).toBe(422);
    expect(high.json.message).toMatch(/body\.maxAltitude/);
    const backwards = await post(path, { ...body, startTime: '2025-07-04T20:00:00Z', endTime: '2025-07-04T19:00:00Z' });
    expect(backwards.status).toBe(422);
    expect(backwards.json.message).toMatch(/body\.endTime/);
    const past = await post(path, { ...body, endTime: '2025-07-04T17:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.json.message).toMatch(/endTime/);
  });
});

describe('request validation', () => {
  it('answers wrong types with 400 and out-of-range coordinates with 422, naming the field', async () => {
    const wrong = await post('/v2/briefing/preflight/location', { latitude: '47.6', longitude: -122.3 });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toMatch(/body\.latitude/);
    const far = await post('/v2/briefing/preflight/location', { latitude: 91, longitude: -122.3 });
    expect(far.status).toBe(422);
    expect(far.json.message).toMatch(/body\.latitude/);
    const missing = await post('/v1/briefing/preflight/area', {});
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/body\.boundary/);
  });

  it('refuses an unclosed ring with 422', async () => {
    const open = { type: 'Polygon', coordinates: [[[-122.336, 47.59], [-122.326, 47.59], [-122.326, 47.6], [-122.336, 47.6]]] };
    const r = await post('/v1/briefing/preflight/area', { boundary: open });
    expect(r.status).toBe(422);
    expect(r.json.message).toMatch(/boundary/);
  });

  it('refuses a bad date-time with 422', async () => {
    const r = await post('/v2/briefing/preflight/area', { boundary: lumenBox, startTime: 'tomorrow' });
    expect(r.status).toBe(422);
    expect(r.json.message).toMatch(/body\.startTime/);
  });
});

describe('includeGeometry and nearby notices', () => {
  it('v2 location leaves geometry out by default and includes it on request', async () => {
    const body = { latitude: 40.7033, longitude: -74.017 };
    const plain = await post('/v2/briefing/preflight/location', body);
    expect(plain.json.notices!.every((n) => n.geometry === undefined)).toBe(true);
    const liberty = plain.json.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_NSUFR_FULL_TIME')!;
    expect(liberty.distance).toBeGreaterThan(1);
    expect(plain.json.status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    const withGeom = await post('/v2/briefing/preflight/location', { ...body, includeGeometry: true });
    expect(withGeom.json.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_NSUFR_FULL_TIME')!.geometry?.type).toBe('Polygon');
  });

  it('v1 location and v1 area carry geometry; v2 area can leave it out', async () => {
    const v1 = await post('/v1/briefing/preflight/location', { latitude: 44.02, longitude: -121.45 });
    expect(v1.json.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_TFR_ACTIVE')!.geometry).toBeDefined();
    const area = await post('/v1/briefing/preflight/area', { boundary: lumenBox });
    expect(area.json.notices!.filter((n) => n.dataSource !== 'NOTICE_DATA_SOURCE_CLASS_G').every((n) => n.geometry !== undefined)).toBe(true);
    const v2 = await post('/v2/briefing/preflight/area', { boundary: lumenBox, includeGeometry: false });
    expect(v2.json.notices!.every((n) => n.geometry === undefined)).toBe(true);
  });

  it('an area briefing lists only intersecting notices (distance 0)', async () => {
    const r = await post('/v2/briefing/preflight/area', { boundary: { type: 'Point', coordinates: [-74.017, 40.7033] } });
    expect(r.json.notices!.every((n) => n.distance === 0)).toBe(true);
    expect(r.json.notices!.map((n) => n.dataSource)).toEqual(['NOTICE_DATA_SOURCE_CLASS_G']);
  });

  it('uses the service clock when no window is given', async () => {
    svc.setNow(new Date('2025-07-04T20:15:00Z'));
    try {
      const r = await post('/v2/briefing/preflight/location', { latitude: 47.5952, longitude: -122.3316 });
      expect(r.json.status).toBe('NOTICE_STATUS_WARNING');
    } finally {
      svc.setNow(NOW);
    }
  });

  it('applies maxAltitude to the facility-map ceilings', async () => {
    const r = await post('/v2/briefing/preflight/location', { latitude: 47.548, longitude: -122.32, maxAltitude: 200 });
    const fm = r.json.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING')!;
    expect(fm.upperAltitude?.value).toBe(100);
    expect(fm.description).toMatch(/above the 100 ft ceiling/);
  });
});
