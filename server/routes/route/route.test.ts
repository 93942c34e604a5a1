/** POST /v2/route over HTTP: around P-56 with the real population model, blockers named, scopes, hostile input. */
import { booleanIntersects, lineString } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import type { RouteFeature } from '../../contract/route';
import { datasetFile } from '../../domain/briefing/fixtures/build';
import { nationwide } from '../../domain/briefing/fixtures/nationwide';
import { routeService } from './test-helpers';

const p56 = nationwide.filter((f) => f.id.startsWith('sua:P-56'));
const route = routeService(() => datasetFile(p56));

const post = (body: unknown, t: string | null = route.token()) => route.svc().call('POST', '/v2/route', { body, ...(t ? { token: t } : {}) });
const west = [-77.075, 38.892], east = [-76.985, 38.892];
const line = (...coordinates: unknown[]) => ({ type: 'LineString', coordinates });

describe('POST /v2/route', () => {
  it('answers a Feature around P-56 with its distance, cells and the briefing of the route', async () => {
    const r = await post({ geometry: line(west, east), maxAltitude: 200 });
    expect(r.status).toBe(200);
    const { data } = (await r.json()) as { data: RouteFeature };
    expect(data.type).toBe('Feature');
    expect(data.geometry.coordinates[0]).toEqual(west);
    expect(data.geometry.coordinates.at(-1)).toEqual(east);
    for (const f of p56) expect(booleanIntersects(lineString(data.geometry.coordinates), f.geometry as never), f.id).toBe(false);
    expect(data.properties.distanceM).toBeGreaterThan(7700);
    expect(data.properties.cells).toBeGreaterThan(10);
    expect(data.properties.notices.length).toBeGreaterThan(0);
    expect(data.properties.notices.some((n) => n.title?.includes('P-56'))).toBe(false);
    expect(data.properties.authorizationType).not.toBe('AUTHORIZATION_TYPE_RESTRICTED');
  });

  it('answers 422 naming the prohibited area a position lies in', async () => {
    const r = await post({ geometry: line([-77.03, 38.892], east), maxAltitude: 200 });
    expect(r.status).toBe(422);
    const body = (await r.json()) as { message: string; details: { blockers: { id: string }[] } };
    expect(body.message).toMatch(/P-56A/);
    expect(body.details.blockers.map((b) => b.id)).toEqual(['sua:P-56A']);
  });

  it('needs route:create: 403 with another scope, 401 without a token', async () => {
    const ok = { geometry: line([-99, 38], [-98.99, 38]), maxAltitude: 100 };
    expect((await post(ok, await route.svc().clientToken('hazar:read'))).status).toBe(403);
    expect((await post(ok, null)).status).toBe(401);
  });

  it('refuses hostile input with a 4xx naming the field', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ geometry: line(...Array.from({ length: 11 }, (_, i) => [-99 + i * 0.001, 38])), maxAltitude: 100 }, 422, /geometry/],
      [{ geometry: line([-200, 38], [-99, 38]), maxAltitude: 100 }, 422, /geometry/],
      [{ geometry: line([-99, 38]), maxAltitude: 100 }, 422, /geometry/],
      [{ geometry: line([-99, 38], [-99.01, 38]), maxAltitude: 500 }, 422, /maxAltitude/],
      [{ geometry: line([-99, 38], [-99.01, 38]) }, 400, /maxAltitude/],
      [{ geometry: line([-99, 38], [-99.01, 38]), maxAltitude: 100, startTime: '2025-07-04T18:00:00Z\u0000' }, 422, /body.startTime/],
      [{ geometry: line([-99, 38], [-99.01, 38]), maxAltitude: 100, avoid: ['nothing'] }, 422, /avoid/],
      [{ geometry: line([-99, 38], [-99.01, 38]), maxAltitude: 100, resolution: 12 }, 422, /resolution/],
      [{ geometry: line([179.99, 0], [-179.99, 0]), maxAltitude: 100 }, 422, /geometry/],
      [{ geometry: line([-99, 38], [-98, 38]), maxAltitude: 100 }, 422, /geometry/], // 47 NM: longer than a query may be
    ];
    for (const [body, status, field] of cases) {
      const r = await post(body);
      const text = await r.text();
      expect(r.status, text).toBeGreaterThanOrEqual(400);
      expect(r.status, text).toBeLessThan(500);
      expect(r.status, text).toBe(status);
      expect(text).toMatch(field);
    }
  });

  it('plans a route whose search region reaches past 180° (the pool fills the region box there too)', async () => {
    const r = await post({ geometry: line([179.95, 51.4], [179.99, 51.41]), maxAltitude: 100 });
    expect(r.status, await r.clone().text()).toBe(200);
    const { data } = (await r.json()) as { data: RouteFeature };
    expect(data.geometry.coordinates.at(-1)).toEqual([179.99, 51.41]);
  });

  it('answers 408 when the asked resolution would search too many cells', async () => {
    const r = await post({ geometry: line([-99, 38], [-98.7, 38]), maxAltitude: 100, resolution: 10 });
    expect(r.status).toBe(408);
  });
});
