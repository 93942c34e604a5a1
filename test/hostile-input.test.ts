/**
 * Every route, fed hostile input by a caller holding every scope: malformed JSON, wrong types, absurd
 * values, odd path parameters. Each must answer a clear 4xx in the error envelope, never a 500, and the
 * process must keep serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../server/routes';
import { startTestService, type TestService } from './helpers/service';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService();
  token = await svc.clientToken();
});
afterAll(() => svc.close());

const BODIES: Array<[string, string]> = [
  ['malformed JSON', '{"geometry": {'],
  ['an array', '[]'],
  ['null', 'null'],
  ['a string', '"hello"'],
  ['an empty object', '{}'],
  ['wrong types everywhere', JSON.stringify({ geometry: 'x', boundary: 5, layers: 'all', resolution: 'high', latitude: 'north', name: [], startTime: 12, maxAltitude: '400', features: 3, type: 7 })],
  ['absurd values', JSON.stringify({ geometry: { type: 'Polygon', coordinates: [[[1e308, -1e308], [0, 0], [1, 1], [1e308, -1e308]]] }, boundary: { type: 'Polygon', coordinates: [] }, resolution: -1, layers: [], latitude: 900, longitude: -900, maxAltitude: -5, duration: 1e9 })],
  ['deep nesting', '{"a":'.repeat(2000) + '1' + '}'.repeat(2000)],
  ['a self-crossing polygon', JSON.stringify({ geometry: { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.6], [-122.2, 47.5], [-122.3, 47.6], [-122.3, 47.5]]] }, boundary: { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.6], [-122.2, 47.5], [-122.3, 47.6], [-122.3, 47.5]]] }, resolution: 9, layers: [{ code: 'airports', fields: ['*'] }] })],
];

const PARAM_VALUES = ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(300)];

function fill(path: string, value: string): string {
  return path.replace(/\{[A-Za-z0-9_]+\}/g, value).replace(/\{[a-z]+\}\.pbf$/, `${value}.pbf`);
}

describe('hostile input on every route', () => {
  const routes = allRoutes('sandbox').filter((r) => !r.hidden);

  for (const r of routes.filter((x) => x.body)) {
    it(`${r.method.toUpperCase()} ${r.path} answers 4xx to hostile bodies`, async () => {
      const path = fill(r.path, '00000000-0000-4000-8000-000000000000');
      for (const [what, raw] of BODIES) {
        const res = await svc.call(r.method.toUpperCase(), path, { token, raw, headers: { 'content-type': 'application/json' } });
        expect(res.status, `${what} → ${res.status}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${what} → ${res.status}: ${await res.clone().text()}`).toBeLessThan(500);
        const body = (await res.json()) as { statusCode: number; message: string };
        expect(body.statusCode).toBe(res.status);
        expect(body.message.length).toBeGreaterThan(0);
      }
    });
  }

  for (const r of routes.filter((x) => /\{/.test(x.path))) {
    it(`${r.method.toUpperCase()} ${r.path} answers 4xx to odd path parameters`, async () => {
      for (const v of PARAM_VALUES) {
        const res = await svc.call(r.method.toUpperCase(), fill(r.path, v), { token, raw: r.body ? '{}' : undefined, headers: r.body ? { 'content-type': 'application/json' } : {} });
        expect(res.status, `${v} → ${res.status}`).toBeLessThan(500);
      }
    });
  }

  it('still serves after all of that', async () => {
    expect((await svc.call('GET', '/v1/status')).status).toBe(200);
  });
});
