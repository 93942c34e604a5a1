/**
 * HTTP and OAuth conventions third-party clients expect (issue 30): 405 with Allow for a known path with
 * another method; a JSON 404 (not the portal's HTML) for unknown paths outside the portal's routes;
 * RFC 8414 metadata that openid-client's discovery() accepts, and a token got through it; RFC 6750
 * challenges on 401 and 403; an RFC 6749-shaped error on the token endpoint's 429.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers/service';

let svc: TestService;
let portal: string;

beforeAll(async () => {
  portal = mkdtempSync(path.join(tmpdir(), 'portal-'));
  writeFileSync(path.join(portal, 'index.html'), '<!doctype html><title>Skyplan</title>');
  svc = await startTestService({ config: { portalDir: portal, rateLimits: { tokenPerClientPerMinute: 3 } } });
});
afterAll(async () => {
  await svc.close();
  rmSync(portal, { recursive: true, force: true });
});

describe('methods and unknown paths', () => {
  it('answers a known path with another method 405 and Allow, as JSON', async () => {
    for (const [method, p, allow] of [
      ['DELETE', '/v1/status', 'GET, HEAD'],
      ['GET', '/v1/oauth/token', 'POST'],
      ['PATCH', '/v1/operations/3f1c6a52-8d2e-4b7a-9a43-2f6c1e5b7d90', 'DELETE, GET, HEAD, PUT'],
      ['POST', '/styles/light/style.json', 'GET, HEAD'],
    ] as const) {
      const r = await svc.call(method, p);
      expect(r.status, `${method} ${p}`).toBe(405);
      expect(r.headers.get('Allow'), `${method} ${p}`).toBe(allow);
      expect(((await r.json()) as { statusCode: number }).statusCode).toBe(405);
    }
  });

  it('answers unknown paths outside the portal with a JSON 404, and the portal its own routes', async () => {
    for (const p of ['/.well-known/openid-configuration', '/tilejson.json', '/v1/nope', '/v2/nope/1', '/robots.txt']) {
      const r = await svc.call('GET', p, { headers: { accept: 'application/json' } });
      expect(r.status, p).toBe(404);
      expect(r.headers.get('content-type'), p).toMatch(/application\/json/);
    }
    const page = await svc.call('GET', '/plan/operations/123');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Skyplan</title>');
  });
});

describe('OAuth 2.0 authorization server metadata (RFC 8414)', () => {
  it('publishes the issuer, token endpoint, grant, client authentication and scopes', async () => {
    const r = await svc.call('GET', '/.well-known/oauth-authorization-server');
    expect(r.status).toBe(200);
    const m = (await r.json()) as Record<string, unknown>;
    const issuer = svc.deps.config.publicUrl;
    expect(m).toMatchObject({
      issuer,
      token_endpoint: `${issuer}/v1/oauth/token`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(m.scopes_supported).toContain('briefing:area:read');
  });

  it("lets openid-client's discovery() find the service and get a token with client credentials", async () => {
    const { publicUrl, apiClientId, apiClientSecret } = svc.deps.config;
    // The service is reached in process: openid-client's requests go to the app as they are.
    const customFetch: oidc.CustomFetch = (url, options) => Promise.resolve(svc.app.request(new URL(url).pathname + new URL(url).search, { method: options.method, headers: options.headers, body: options.body as BodyInit | null }));
    const config = await oidc.discovery(new URL(publicUrl), apiClientId, apiClientSecret, oidc.ClientSecretBasic(apiClientSecret), {
      algorithm: 'oauth2',
      execute: [oidc.allowInsecureRequests],
      [oidc.customFetch]: customFetch,
    });
    expect(config.serverMetadata().token_endpoint).toBe(`${publicUrl}/v1/oauth/token`);
    config[oidc.customFetch] = customFetch;
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'briefing:area:read' });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    const me = await svc.call('POST', '/v1/briefing/preflight/area', { token: tokens.access_token, body: { boundary: { type: 'Polygon', coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] } } });
    expect(me.status).toBe(200);
  });
});

describe('RFC 6750 challenges', () => {
  it('gives a bare Bearer challenge without credentials, invalid_token for a bad token', async () => {
    const none = await svc.call('GET', '/v1/operations');
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="skyplan"');
    const bad = await svc.call('GET', '/v1/operations', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm="skyplan", error="invalid_token", error_description="[^"]+"$/);
  });

  it('names the scope a token lacks with insufficient_scope on 403', async () => {
    const token = await svc.clientToken('advisory:read');
    const r = await svc.call('GET', '/v1/operations', { token });
    expect(r.status).toBe(403);
    expect(r.headers.get('WWW-Authenticate')).toBe('Bearer realm="skyplan", error="insufficient_scope", scope="operation:read"');
  });
});

describe('map files revalidated by ETag', () => {
  it('gives the style, sprites and fonts a strong ETag and answers If-None-Match with 304', async () => {
    for (const p of ['/styles/light/style.json', '/sprites/skyplan.json', '/sprites/skyplan.png', '/fonts/Open%20Sans%20Regular/0-255.pbf']) {
      const first = await svc.call('GET', p);
      expect(first.status, p).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, p).toMatch(/^"[A-Za-z0-9_-]+"$/);
      await first.arrayBuffer();
      const again = await svc.call('GET', p, { headers: { 'if-none-match': etag! } });
      expect(again.status, p).toBe(304);
      expect(again.headers.get('etag'), p).toBe(etag);
      expect((await again.arrayBuffer()).byteLength, p).toBe(0);
      const other = await svc.call('GET', p, { headers: { 'if-none-match': '"something-else"' } });
      expect(other.status, p).toBe(200);
    }
  });
});

describe("the token endpoint's refusals", () => {
  it('answers its 429 with an RFC 6749 error (temporarily_unavailable) and Retry-After', async () => {
    const { apiClientId, apiClientSecret } = svc.deps.config;
    let last: Response | null = null;
    for (let i = 0; i < 5; i++) {
      last = await svc.call('POST', '/v1/oauth/token', { body: { grant_type: 'client_credentials', client_id: apiClientId, client_secret: apiClientSecret } });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(last!.headers.get('Cache-Control')).toBe('no-store');
    expect(await last!.json()).toMatchObject({ statusCode: 429, error: 'temporarily_unavailable', error_description: expect.any(String) });
  });
});
