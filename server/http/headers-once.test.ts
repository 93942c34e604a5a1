/**
 * Over a real socket (the node adapter's own path, which app.request() skips): every answer carries the
 * browser defences, CORS on the bearer API and the rate-limit headers, each header exactly once, and a
 * briefing sent from the text measured for its size limit is the whole answer (issue 13's hot path).
 */
import { serve, type ServerType } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFile } from '../domain/briefing/fixtures';
import { startTestService, type TestService } from '../../test/helpers/service';

let svc: TestService;
let server: ServerType;
let port: number;
let token: string;

beforeAll(async () => {
  svc = await startTestService({ dataset: fixtureFile() });
  token = await svc.clientToken();
  server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await svc.close();
});

interface Raw {
  status: number;
  /** Header names as sent, lower-cased, in order (repeats kept). */
  names: string[];
  headers: http.IncomingHttpHeaders;
  text: string;
}

function request(method: string, path: string, opts: { body?: unknown; auth?: boolean } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers: Record<string, string> = {};
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (opts.auth) headers.authorization = `Bearer ${token}`;
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        const names = res.rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
        resolve({ status: res.statusCode!, names, headers: res.headers, text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const DEFENCES = ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options', 'content-security-policy'];

function expectEachOnce(r: Raw, wanted: string[]): void {
  const repeated = r.names.filter((n, i) => r.names.indexOf(n) !== i);
  expect(repeated).toEqual([]);
  for (const h of wanted) expect(r.names, h).toContain(h);
}

describe('headers on the hot paths, over a real socket', () => {
  it('a location briefing: defences, CORS, rate limits and the dataset version once each; the whole answer, with provenance', async () => {
    const r = await request('POST', '/v2/briefing/preflight/location', { auth: true, body: { latitude: 47.5952, longitude: -122.3316, maxAltitude: 200 } });
    expect(r.status).toBe(200);
    expectEachOnce(r, [...DEFENCES, 'access-control-allow-origin', 'access-control-expose-headers', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy', 'x-dataset-version', 'content-type', 'content-length']);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(r.text));
    const body = JSON.parse(r.text) as { notices: Array<{ provenance: unknown[] }> };
    expect(body.notices.length).toBeGreaterThan(0);
    for (const n of body.notices) expect(n.provenance.length).toBeGreaterThan(0);
  });

  it('the same briefing again, sent from its kept bytes: the same headers once each, and the same text', async () => {
    const body = { latitude: 47.5952, longitude: -122.3316, maxAltitude: 150 };
    const first = await request('POST', '/v2/briefing/preflight/location', { auth: true, body });
    const again = await request('POST', '/v2/briefing/preflight/location', { auth: true, body });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expectEachOnce(again, [...DEFENCES, 'access-control-allow-origin', 'access-control-expose-headers', 'ratelimit-remaining', 'x-dataset-version', 'content-type', 'content-length']);
    expect(again.headers['content-type']).toBe('application/json');
    expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(again.text));
  });

  it('a vector tile: defences and CORS once each, the tile sent with its length', async () => {
    const r = await request('GET', '/tiles/airspace/12/656/1430.pbf');
    expect([200, 204]).toContain(r.status);
    expectEachOnce(r, [...DEFENCES, 'access-control-allow-origin', 'etag', 'cache-control']);
  });

  it('a refusal (no token) and a validation error keep their headers once, and the field is named', async () => {
    const unauthorised = await request('POST', '/v2/briefing/preflight/location', { body: { latitude: 47.53, longitude: -122.3 } });
    expect(unauthorised.status).toBe(401);
    expectEachOnce(unauthorised, [...DEFENCES, 'access-control-allow-origin']);
    const invalid = await request('POST', '/v2/briefing/preflight/location', { auth: true, body: { latitude: 147.53, longitude: -122.3 } });
    expect([400, 422]).toContain(invalid.status);
    expectEachOnce(invalid, [...DEFENCES, 'access-control-allow-origin', 'ratelimit-remaining']);
    expect(invalid.text).toContain('body.latitude');
  });
});
