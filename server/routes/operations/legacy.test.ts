import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { json } from './test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
let svc: TestService;
let token: string;

beforeAll(async () => {
  svc = await startTestService({ now: T0 });
  token = await svc.clientToken();
});
afterAll(() => svc.close());

const CT = { 'content-type': 'application/json;charset=UTF-8' };
const square = (d = 0.005) => ({ type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.3 + d, 47.5], [-122.3 + d, 47.5 + d], [-122.3, 47.5 + d], [-122.3, 47.5]]] });

function feature(over: { geometry?: unknown; properties?: Record<string, unknown>; type?: string } = {}) {
  return {
    type: over.type ?? 'Feature',
    geometry: over.geometry ?? square(),
    properties: { operationName: 'Survey', category: 'faa_107', startTime: '2026-12-02T10:00:00', timezoneName: 'America/Los_Angeles', duration: 90, maxAltitude: 200, ...over.properties },
  };
}

const post = (body: unknown, headers: Record<string, string> = CT) => svc.call('POST', '/v2/operation', { token, body, headers });

describe('POST /v2/operation (spec 4.3, deprecated)', () => {
  it('creates an unclaimed operation and answers the claim link in the legacy envelope, with deprecation headers', async () => {
    const r = await post(feature());
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(r.headers.get('sunset')).toBe('Mon, 01 Sep 2025 00:00:00 GMT');
    expect(r.headers.get('deprecation')).toBeTruthy();
    expect(r.headers.get('link')).toContain('/v1/operations/ephemeral');
    const body = await json<{ statusCode: number; message: string; data: { url: string } }>(r);
    expect(body.statusCode).toBe(200);
    expect(body.message).toBe('success');
    const m = new RegExp(`^${svc.deps.config.portalUrl}/plan/operations/([0-9a-f-]{36})/claim$`).exec(body.data.url);
    expect(m).not.toBeNull();
    // The local start time is read in timezoneName; faa_107 is a commercial flight.
    const eph = await json(svc.call('GET', `/v1/operations/ephemeral/${m![1]}`, { token }));
    expect(eph).toMatchObject({ flightType: 'FLIGHT_TYPE_COMMERCIAL', startTime: '2026-12-02T18:00:00.000Z', duration: 90, maxAltitude: 200, state: 'UNCLAIMED' });
  });

  it('buffers a LineString into a Polygon; faa_44809 is recreational', async () => {
    const r = await post(feature({ geometry: { type: 'LineString', coordinates: [[-122.3, 47.5], [-122.29, 47.505]] }, properties: { category: 'faa_44809' } }));
    expect(r.status).toBe(200);
    const id = /operations\/([^/]+)\/claim/.exec((await json<{ data: { url: string } }>(r)).data.url)![1];
    const eph = await json<{ boundary: { type: string; coordinates: unknown[] }; flightType: string }>(svc.call('GET', `/v1/operations/ephemeral/${id}`, { token }));
    expect(eph.boundary.type).toBe('Polygon');
    expect(eph.boundary.coordinates).toHaveLength(1);
    expect(eph.flightType).toBe('FLIGHT_TYPE_RECREATIONAL');
  });

  it('answers 400 naming each limit', async () => {
    const lat = 47.5, k = 1 / 60 / Math.cos((lat * Math.PI) / 180);
    const cases: Array<[ReturnType<typeof feature>, RegExp]> = [
      [feature({ properties: { duration: 0 } }), /duration must be 1 to 720 minutes/],
      [feature({ properties: { duration: 721 } }), /duration must be 1 to 720 minutes/],
      [feature({ properties: { duration: 1.5 } }), /duration/],
      [feature({ properties: { maxAltitude: 4 } }), /maxAltitude must be 5 to 400/],
      [feature({ properties: { maxAltitude: 401 } }), /maxAltitude must be 5 to 400/],
      [feature({ geometry: square(0.06) }), /at most 10 square miles/],
      [feature({ geometry: { type: 'Polygon', coordinates: [[[-122.3, lat], [-122.3 + 11 * k, lat], [-122.3, lat + 0.001], [-122.3, lat]]] } }), /no side may exceed 10 nautical miles/],
      [feature({ geometry: { type: 'LineString', coordinates: [[-122.3, lat], [-122.3, lat + 11 / 60]] } }), /no side may exceed 10 nautical miles/],
      [feature({ geometry: { type: 'Polygon', coordinates: [square().coordinates[0], [[-122.299, 47.501], [-122.298, 47.501], [-122.298, 47.502], [-122.299, 47.501]]] } }), /no interior rings/],
      [feature({ geometry: { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.29, 47.5], [-122.29, 47.51], [-122.3, 47.51]]] } }), /not closed/],
      [feature({ geometry: { type: 'Point', coordinates: [-122.3, 47.5] } }), /geometry/],
      [feature({ properties: { category: 'faa_part_108' } }), /category/],
      [feature({ properties: { timezoneName: 'Pacific/Atlantis' } }), /IANA/],
      [feature({ properties: { startTime: 'next tuesday' } }), /ISO 8601/],
      [feature({ properties: { operationName: '' } }), /operationName/],
      [feature({ properties: { callbackUrl: 'http://192.168.1.10/cb' } }), /private network/],
      [feature({ type: 'FeatureCollection' }), /type/],
    ];
    for (const [body, msg] of cases) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ message: string }>(r)).message, JSON.stringify(body)).toMatch(msg);
    }
  });

  it('refuses a path that folds back on itself with 400 naming body.geometry, before buffering it', async () => {
    // 1,999 positions in 5 m zigzag steps: turf's buffer held the event loop 33 s and grew the process 1.4 GB.
    const zigzag = Array.from({ length: 1999 }, (_, i) => [-122.3 + i * 0.00005, 47.5 + (i % 2) * 0.00005]);
    const r = await post(feature({ geometry: { type: 'LineString', coordinates: zigzag } }));
    expect(r.status).toBe(400);
    const body = await json<{ message: string; details: Array<{ field: string; rule: string }> }>(r);
    expect(body.message).toMatch(/send the area as a Polygon/);
    expect(body.details).toEqual([expect.objectContaining({ field: 'body.geometry', rule: 'path_overlap' })]);
  });

  it('requires Content-Type application/json;charset=UTF-8', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(feature()));
    const none = await svc.app.request('/v2/operation', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: bytes });
    expect(none.status).toBe(400);
    expect((await json<{ message: string }>(none)).message).toMatch(/Content-Type/);
    expect((await post(feature(), { 'content-type': 'application/json; charset=iso-8859-1' })).status).toBe(400);
    expect((await post(feature(), { 'content-type': 'application/json' })).status).toBe(200);
  });

  it('needs the operation:create scope', async () => {
    expect((await svc.call('POST', '/v2/operation', { body: feature(), headers: CT })).status).toBe(401);
    expect((await svc.call('POST', '/v2/operation', { token: await svc.clientToken('operation:read'), body: feature(), headers: CT })).status).toBe(403);
  });
});

describe('POST /v2/operation in production', () => {
  it('is gone (410) and points to /v1/operations/ephemeral', async () => {
    const prod = await startTestService({ now: T0, config: { profile: 'production', seedDemo: false } });
    try {
      const t = await prod.clientToken();
      const r = await prod.call('POST', '/v2/operation', { token: t, body: feature(), headers: CT });
      expect(r.status).toBe(410);
      expect((await json<{ message: string }>(r)).message).toContain('/v1/operations/ephemeral');
      expect(r.headers.get('sunset')).toBe('Mon, 01 Sep 2025 00:00:00 GMT');
      // Gone whatever the body: an invalid one gets the same 410, not a validation error.
      expect((await prod.call('POST', '/v2/operation', { token: t, body: { type: 'Feature' }, headers: CT })).status).toBe(410);
    } finally {
      await prod.close();
    }
  });
});
