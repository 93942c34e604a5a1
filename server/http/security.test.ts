/**
 * Browser defences and the HTTP hot path: CSP, HSTS, Permissions-Policy, CORS only on the bearer-token
 * API, headers written on the handler's own Response (no copy), response checks only when asked.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { startTestService, type TestService } from '../../test/helpers/service';
import { route } from './route';
import { API_CSP, HSTS, PERMISSIONS_POLICY, portalCsp } from './security-headers';
import { testConfig } from '../config';

let svc: TestService;
let https: TestService;
let portal: TestService;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-portal-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>p</title><script src="/theme.js"></script>');
  writeFileSync(path.join(dir, 'worker.js'), 'self.onmessage = () => fetch("/tiles/airspace/0/0/0.pbf");');
  [svc, https, portal] = await Promise.all([
    startTestService(),
    startTestService({ config: { publicUrl: 'https://skyplan.example' } }),
    startTestService({ config: { portalDir: dir } }),
  ]);
});
afterAll(async () => {
  await Promise.all([svc.close(), https.close(), portal.close()]);
});

const PORTAL_CSP = portalCsp(testConfig());

describe('security headers', () => {
  it('give the portal a CSP without unsafe-inline that lets MapLibre run its blob: workers', async () => {
    for (const p of ['/', '/plan', '/index.html']) {
      const r = await portal.call('GET', p);
      expect(r.status, p).toBe(200);
      expect(r.headers.get('content-security-policy'), p).toBe(PORTAL_CSP);
    }
    expect(PORTAL_CSP).not.toContain('unsafe-inline');
    expect(PORTAL_CSP).toContain("script-src 'self'");
    expect(PORTAL_CSP).toContain("worker-src 'self' blob:");
    expect(PORTAL_CSP).toContain("frame-ancestors 'none'");
    // A worker script runs under its own response's CSP: MapLibre's tile worker must be allowed to fetch tiles.
    const worker = await portal.call('GET', '/worker.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-security-policy')).toBe(PORTAL_CSP);
    expect(PORTAL_CSP).toContain("connect-src 'self'");
  });

  it('let the portal reach exactly the configured map hosts, and no other origin', () => {
    const csp = (c: Parameters<typeof portalCsp>[0]) => Object.fromEntries(portalCsp(c).split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    const byDefault = csp(testConfig());
    expect(byDefault['connect-src']).toEqual(["'self'", 'https://tiles.openfreemap.org', 'https://basemap.nationalmap.gov']);
    expect(byDefault['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.openfreemap.org', 'https://basemap.nationalmap.gov']);
    const chosen = csp({
      onlineMaps: { streets: { styleUrl: 'https://maps.example:8443/s.json', attribution: '' }, aerial: null },
      basemapStyleUrl: null,
      portalConnectOrigins: ['https://other.example'],
    });
    expect(chosen['connect-src']).toEqual(["'self'", 'https://maps.example:8443', 'https://other.example']);
    const none = csp({ onlineMaps: { streets: null, aerial: null }, basemapStyleUrl: null, portalConnectOrigins: [] });
    expect(none['connect-src']).toEqual(["'self'"]);
    expect(none['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('give API answers, errors included, a CSP that allows nothing, and the common headers', async () => {
    for (const [p, status] of [['/v1/status', 200], ['/v1/operations', 401], ['/v1/nothing', 404]] as const) {
      const r = await svc.call('GET', p);
      expect(r.status).toBe(status);
      expect(r.headers.get('content-security-policy')).toBe(API_CSP);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
    expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
  });

  it('add HSTS when the service is reached over https', async () => {
    expect((await https.call('GET', '/v1/status')).headers.get('strict-transport-security')).toBe(HSTS);
    expect((await https.call('GET', '/tiles/basemap/0/0/0.pbf')).headers.get('strict-transport-security')).toBe(HSTS);
  });
});

describe('CORS', () => {
  const origin = { origin: 'https://elsewhere.example' };

  it('allows any origin on the bearer-token API, answers its preflight, and exposes the rate-limit headers', async () => {
    const pre = await svc.call('OPTIONS', '/v1/briefing/preflight/area', { headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(pre.headers.get('access-control-allow-headers')).not.toMatch(/CSRF/i);
    for (const p of ['/v1/operations', '/v2/surface/layers', '/v1/status']) {
      const r = await svc.call('GET', p, { headers: origin });
      expect(r.headers.get('access-control-allow-origin'), p).toBe('*');
      expect(r.headers.get('access-control-expose-headers'), p).toMatch(/RateLimit-Remaining/);
    }
    const token = await svc.app.request('/v1/oauth/token', { method: 'POST', headers: origin });
    expect(token.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never sends Access-Control-Allow-Origin on the routes of the cookie session, nor answers their preflight', async () => {
    const sessionRoutes: Array<[string, string]> = [
      ['POST', '/v1/auth/sign-in'],
      ['POST', '/v1/auth/sign-out'],
      ['GET', '/v1/auth/me'],
      ['POST', '/v1/auth/token'],
      ['POST', '/v1/operations/ephemeral/00000000-0000-4000-8000-000000000000/claim'],
      ['GET', '/v1/sandbox/authorizations'],
    ];
    for (const [method, p] of sessionRoutes) {
      const r = await svc.call(method, p, { headers: origin, ...(method === 'POST' ? { body: {} } : {}) });
      expect(r.headers.get('access-control-allow-origin'), `${method} ${p}`).toBeNull();
      const pre = await svc.call('OPTIONS', p, { headers: { ...origin, 'access-control-request-method': method } });
      expect(pre.headers.get('access-control-allow-origin'), `preflight ${p}`).toBeNull();
      expect(pre.status).toBe(404);
    }
  });
});

describe('the hot path', () => {
  const marker = new Uint8Array([1, 2, 3]);
  const routes = [
    route({
      method: 'get',
      path: '/raw',
      operationId: 'raw',
      summary: 'a raw Response',
      tags: ['t'],
      access: 'public',
      responses: { 200: { description: 'bytes', contentType: 'application/octet-stream' } },
      handler: () => new Response(marker, { headers: { 'content-type': 'application/octet-stream' } }),
    }),
    route({
      method: 'get',
      path: '/drifts',
      operationId: 'drifts',
      summary: 'answers outside its contract',
      tags: ['t'],
      access: 'public',
      responses: { 200: { description: 'a number', schema: z.object({ n: z.number() }) } },
      handler: () => ({ body: { n: 'not a number' } }),
    }),
  ];

  it("writes the headers into the handler's own Response instead of copying it", async () => {
    let returned: Response | null = null;
    const spy = routes.map((r) => (r.operationId === 'raw' ? { ...r, handler: () => (returned = new Response(marker, { headers: { 'content-type': 'application/octet-stream' } })) } : r));
    const app = createApp(svc.deps, { routes: spy });
    const r = await app.request('/raw');
    expect(r).toBe(returned);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toBe(API_CSP);
  });

  it('checks responses against the contract only when asked (the test helpers ask)', async () => {
    expect((await createApp(svc.deps, { routes, checkResponses: true }).request('/drifts')).status).toBe(500);
    expect((await createApp(svc.deps, { routes }).request('/drifts')).status).toBe(200);
  });
});
