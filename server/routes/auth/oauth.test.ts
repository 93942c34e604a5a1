import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';

let svc: TestService;
let server: ServerType;
let base: string;
beforeAll(async () => {
  svc = await startTestService();
  server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await svc.close();
});

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('the token endpoint for a standard OAuth client (RFC 6749)', () => {
  it('gives oauth4webapi a token by client_secret_basic, and the token calls the API', async () => {
    // The local issuer, written by hand: the service publishes no discovery document.
    const as: oauth.AuthorizationServer = { issuer: base, token_endpoint: `${base}/v1/oauth/token` };
    const client: oauth.Client = { client_id: svc.deps.config.apiClientId };
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(svc.deps.config.apiClientSecret), { scope: 'briefing:area:read advisory:read' }, {
      [oauth.allowInsecureRequests]: true,
    });
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    expect(result.token_type).toBe('bearer'); // oauth4webapi lower-cases it
    expect(result.expires_in).toBeGreaterThanOrEqual(svc.deps.config.tokenTtlSeconds - 1);
    expect(result.expires_in).toBeLessThanOrEqual(svc.deps.config.tokenTtlSeconds);
    expect(result.scope).toBe('briefing:area:read advisory:read');
    const call = await fetch(`${base}/v1/advisories/bbox?bbox=-122.31,47.53,-122.30,47.54`, { headers: { authorization: `Bearer ${result.access_token}` } });
    expect(call.status).toBe(200);
    // The narrowed token is refused where it lacks the scope.
    const other = await fetch(`${base}/v1/operations`, { headers: { authorization: `Bearer ${result.access_token}` } });
    expect(other.status).toBe(403);
  });

  it('gives oauth4webapi a token by client_secret_post too', async () => {
    const as: oauth.AuthorizationServer = { issuer: base, token_endpoint: `${base}/v1/oauth/token` };
    const client: oauth.Client = { client_id: svc.deps.config.apiClientId };
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost(svc.deps.config.apiClientSecret), {}, { [oauth.allowInsecureRequests]: true });
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    expect(result.access_token.split('.')).toHaveLength(3);
  });

  it('keeps the legacy envelope beside the RFC 6749 fields, with no-store headers', async () => {
    const { apiClientId, apiClientSecret } = svc.deps.config;
    const r = await svc.call('POST', '/v1/oauth/token', form({ grant_type: 'client_credentials', client_id: apiClientId, client_secret: apiClientSecret }));
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('pragma')).toBe('no-cache');
    const body = (await r.json()) as Record<string, unknown> & { data: { accessToken: string; expires: string } };
    expect(body).toMatchObject({ statusCode: 200, message: 'success', token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(Math.abs(Number(body.expires_in) - (Date.parse(body.data.expires) - svc.deps.now().getTime()) / 1000)).toBeLessThanOrEqual(1);
    expect(body.access_token).toBe(body.data.accessToken);
    expect(Date.parse(body.data.expires)).toBeGreaterThan(Date.now());
    expect(String(body.scope).split(' ')).toContain('laanc:create');
  });

  it('answers a wrong secret with invalid_client, 401 and a Basic challenge', async () => {
    const r = await svc.call('POST', '/v1/oauth/token', { ...form({ grant_type: 'client_credentials' }), headers: { ...form({}).headers, authorization: basic(svc.deps.config.apiClientId, 'wrong') } });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(await r.json()).toMatchObject({ statusCode: 401, error: 'invalid_client', error_description: expect.stringMatching(/secret/), message: expect.any(String) });
  });

  it('answers a grant type other than client_credentials with unsupported_grant_type', async () => {
    const { apiClientId, apiClientSecret } = svc.deps.config;
    const r = await svc.call('POST', '/v1/oauth/token', form({ grant_type: 'password', client_id: apiClientId, client_secret: apiClientSecret }));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ statusCode: 400, error: 'unsupported_grant_type' });
  });

  it('answers a missing grant type, missing credentials, or two ways of client authentication with invalid_request', async () => {
    const { apiClientId, apiClientSecret } = svc.deps.config;
    const noGrant = await svc.call('POST', '/v1/oauth/token', form({ client_id: apiClientId, client_secret: apiClientSecret }));
    expect(noGrant.status).toBe(400);
    expect(await noGrant.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(/grant_type/) });
    const noSecret = await svc.call('POST', '/v1/oauth/token', form({ grant_type: 'client_credentials', client_id: apiClientId }));
    expect(await noSecret.json()).toMatchObject({ statusCode: 400, error: 'invalid_request', error_description: expect.stringMatching(/client_secret/) });
    const both = await svc.call('POST', '/v1/oauth/token', {
      ...form({ grant_type: 'client_credentials', client_secret: apiClientSecret }),
      headers: { ...form({}).headers, authorization: basic(apiClientId, apiClientSecret) },
    });
    expect(await both.json()).toMatchObject({ statusCode: 400, error: 'invalid_request' });
  });

  it('answers an unknown scope (400) and a scope the client lacks (403) with invalid_scope', async () => {
    const { apiClientId, apiClientSecret } = svc.deps.config;
    const r = await svc.call('POST', '/v1/oauth/token', form({ grant_type: 'client_credentials', client_id: apiClientId, client_secret: apiClientSecret, scope: 'root:all' }));
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'invalid_scope', error_description: expect.stringMatching(/root:all/) });
  });

  it('reads a Basic header whose id and secret are form-encoded (RFC 6749 2.3.1)', async () => {
    const r = await svc.call('POST', '/v1/oauth/token', {
      ...form({ grant_type: 'client_credentials' }),
      headers: { ...form({}).headers, authorization: `Basic ${Buffer.from(`${svc.deps.config.apiClientId}:${svc.deps.config.apiClientSecret}`).toString('base64')}` },
    });
    expect(r.status).toBe(200);
    const garbage = await svc.call('POST', '/v1/oauth/token', { ...form({ grant_type: 'client_credentials' }), headers: { ...form({}).headers, authorization: 'Basic %%%' } });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toMatchObject({ error: 'invalid_client' });
  });
});
