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
let faa: string;
beforeAll(async () => {
  svc = await startTestService();
  token = await svc.clientToken();
  // The sandbox FAA's routes are for people with the faa role: a client token never reaches their store.
  faa = await svc.personToken('faa@sandbox.example', 'demo-faa');
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

  for (const r of routes.filter((x) => /\{/.test(x.path) && x.path.startsWith('/v1/sandbox/'))) {
    it(`${r.method.toUpperCase()} ${r.path} answers 4xx to odd path parameters from the sandbox FAA`, async () => {
      for (const v of PARAM_VALUES) {
        const res = await svc.call(r.method.toUpperCase(), fill(r.path, v), { token: faa, raw: '{"reason":"x"}', headers: { 'content-type': 'application/json' } });
        expect(res.status, `${v} → ${res.status}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${v} → ${res.status}`).toBeLessThan(500);
        if (v !== '00000000-0000-4000-8000-000000000000') expect(((await res.json()) as { message: string }).message).toMatch(/path\.id/);
      }
    });
  }

  // PostgreSQL cannot store U+0000: every field of every route must refuse it before the store.
  for (const r of routes) {
    it(`${r.method.toUpperCase()} ${r.path} refuses NUL characters in the body, the query and the path`, async () => {
      const who = r.path.startsWith('/v1/sandbox/') ? faa : token;
      const nul = 'a\u0000b';
      const path = fill(r.path, '00000000-0000-4000-8000-000000000000');
      const query = `?q=a%00b&pilotId=a%00b&name=a%00b&status=a%00b&operationId=a%00b`;
      const res = await svc.call(r.method.toUpperCase(), path + query, { token: who, ...(r.body ? { raw: '{}', headers: { 'content-type': 'application/json' } } : {}) });
      expect(res.status, `query → ${res.status}`).toBeLessThan(500);
      if (r.query) expect(((await res.json()) as { message: string }).message, 'query').toMatch(/query\.\w+: contains a NUL/);
      if (r.body) {
        const body = JSON.stringify({ name: nul, client_id: nul, email: nul, nested: { list: [nul] } });
        const b = await svc.call(r.method.toUpperCase(), path, { token: who, raw: body, headers: { 'content-type': 'application/json' } });
        expect(b.status, `body → ${b.status}`).toBeGreaterThanOrEqual(400);
        expect(b.status, `body → ${b.status}`).toBeLessThan(500);
      }
      if (r.params) {
        const p = await svc.call(r.method.toUpperCase(), fill(r.path, 'x%00y'), { token: who, ...(r.body ? { raw: '{}', headers: { 'content-type': 'application/json' } } : {}) });
        expect(p.status, `path → ${p.status}`).toBeLessThan(500);
      }
    });
  }

  it('names the field holding the NUL on the routes QA found (sign-in, token, places, operations)', async () => {
    const signIn = await svc.call('POST', '/v1/auth/sign-in', { body: { email: 'pilot@cascade.example\u0000', password: 'x' } });
    expect(signIn.status).toBe(422);
    expect(((await signIn.json()) as { message: string }).message).toMatch(/^body\.email: /);
    const tok = await svc.call('POST', '/v1/oauth/token', { body: { grant_type: 'client_credentials', client_id: 'a\u0000', client_secret: 'x' } });
    expect(tok.status).toBe(400);
    expect(((await tok.json()) as { message: string }).message).toMatch(/^body\.client_id: /);
    const places = await svc.call('GET', '/v1/places?q=sea%00ttle', { token });
    expect(((await places.json()) as { message: string }).message).toMatch(/^query\.q: /);
    const ops = await svc.call('GET', '/v1/operations?pilotId=%00', { token });
    expect(ops.status).toBe(422);
    expect(((await ops.json()) as { message: string }).message).toMatch(/^query\.pilotId: /);
  });

  it('still serves after all of that', async () => {
    expect((await svc.call('GET', '/v1/status')).status).toBe(200);
  });
});
