import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('POST /v1/oauth/token', () => {
  it('grants a token to the sandbox client, form-encoded, in the documented envelope', async () => {
    const cfg = svc.deps.config;
    const r = await svc.app.request('/v1/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${cfg.apiClientId}&client_secret=${cfg.apiClientSecret}`,
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { statusCode: number; message: string; data: { accessToken: string; expires: string } };
    expect(body.statusCode).toBe(200);
    expect(body.message).toBe('success');
    expect(body.data.accessToken.split('.')).toHaveLength(3);
    expect(Date.parse(body.data.expires)).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong secret with 401 and the error envelope', async () => {
    const r = await svc.call('POST', '/v1/oauth/token', { body: { grant_type: 'client_credentials', client_id: svc.deps.config.apiClientId, client_secret: 'nope' } });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ statusCode: 401, message: expect.stringMatching(/secret/) });
  });

  it('narrows the grant to the asked scope; a narrowed token is refused elsewhere with 403', async () => {
    const token = await svc.clientToken('briefing:area:read');
    const r = await svc.call('POST', '/v1/auth/token', { token });
    expect(r.status).toBe(403);
  });

  it('rejects an unknown scope with 400', async () => {
    const r = await svc.call('POST', '/v1/oauth/token', {
      body: { grant_type: 'client_credentials', client_id: svc.deps.config.apiClientId, client_secret: svc.deps.config.apiClientSecret, scope: 'root:all' },
    });
    expect(r.status).toBe(400);
  });

  it('rejects a malformed or forged bearer token with 401', async () => {
    expect((await svc.call('GET', '/v1/auth/me', { headers: { authorization: 'Bearer not.a.token' } })).status).toBe(401);
    expect((await svc.call('GET', '/v1/auth/me', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });
});

describe('people', () => {
  it('signs in with an httpOnly cookie, needs the CSRF header to change state, and signs out', async () => {
    const r = await svc.call('POST', '/v1/auth/sign-in', { body: { email: 'pilot@cascade.example', password: 'demo-pilot' } });
    expect(r.status).toBe(200);
    const setCookie = r.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/sp_session=[^;]+;.*HttpOnly/i);
    const cookie = setCookie.split(/,(?=\s*sp_)/).map((c) => c.split(';')[0]!.trim()).join('; ');
    const { csrfToken, user } = (await r.json()) as { csrfToken: string; user: { email: string; organization: { name: string } } };
    expect(user.organization.name).toBe('Cascade Aerial');
    const me = await svc.call('GET', '/v1/auth/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    // Without the CSRF header a state-changing request with the cookie is refused.
    expect((await svc.call('POST', '/v1/auth/token', { headers: { cookie } })).status).toBe(403);
    expect((await svc.call('POST', '/v1/auth/token', { headers: { cookie, 'x-csrf-token': csrfToken } })).status).toBe(200);
    expect((await svc.call('POST', '/v1/auth/sign-out', { headers: { cookie, 'x-csrf-token': csrfToken } })).status).toBe(204);
    expect((await svc.call('GET', '/v1/auth/me', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses a wrong password with 401 and a non-email with 422', async () => {
    expect((await svc.call('POST', '/v1/auth/sign-in', { body: { email: 'pilot@cascade.example', password: 'x' } })).status).toBe(401);
    expect((await svc.call('POST', '/v1/auth/sign-in', { body: { email: 'nobody', password: 'x' } })).status).toBe(422);
  });

  it('answers malformed JSON with 400 and wrong types with 400', async () => {
    expect((await svc.call('POST', '/v1/auth/sign-in', { raw: '{"email":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await svc.call('POST', '/v1/auth/sign-in', { body: { email: 5, password: [] } })).status).toBe(400);
  });
});

describe('the skeleton', () => {
  it('answers an unknown route with 404 in the envelope', async () => {
    const r = await svc.call('GET', '/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ statusCode: 404 });
  });

  it('answers a body over the limit with 413', async () => {
    const big = 'x'.repeat(svc.deps.config.maxBodyBytes + 10);
    const r = await svc.call('POST', '/v1/auth/sign-in', { raw: JSON.stringify({ email: big, password: 'x' }), headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(413);
  });
});

describe('tokens and the service clock', () => {
  it('judges expiry by the service clock, so a token from the past is refused once that clock passes its expiry', async () => {
    const token = await svc.clientToken();
    expect((await svc.call('POST', '/v1/auth/token', { token })).status).not.toBe(401);
    const later = new Date(Date.now() + (svc.deps.config.tokenTtlSeconds + 60) * 1000);
    svc.setNow(later);
    try {
      expect((await svc.call('POST', '/v1/auth/token', { token })).status).toBe(401);
    } finally {
      svc.setNow(new Date());
    }
  });
});

describe("a client's tokens die with the client (issue 29)", () => {
  it('answers 401 to a token whose client was deleted', async () => {
    const { identity } = await import('../../store/identity');
    await identity.upsertClient(svc.deps.db, { id: 'doomed-client', name: 'Doomed', secret: 'doomed-secret-0123456789', scopes: ['operation:read'], orgId: null });
    const t = await svc.call('POST', '/v1/oauth/token', { body: { grant_type: 'client_credentials', client_id: 'doomed-client', client_secret: 'doomed-secret-0123456789' } });
    expect(t.status).toBe(200);
    const token = ((await t.json()) as { data: { accessToken: string } }).data.accessToken;
    expect((await svc.call('GET', '/v1/operations', { token })).status).toBe(200);
    await identity.deleteClient(svc.deps.db, 'doomed-client');
    const after = await svc.call('GET', '/v1/operations', { token });
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ message: expect.stringMatching(/client .*no longer exists/) });
  });
});
