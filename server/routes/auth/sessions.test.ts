/**
 * Tokens and sessions (docs/security.md): a person's token dies with its session; tokens must expire;
 * public routes ignore a stale token; sign-in needs a JSON content type (login CSRF); over https the
 * session cookie carries the __Host- prefix.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-signing';
let svc: TestService;
let https: TestService;
beforeAll(async () => {
  svc = await startTestService({ config: { tokenSecret: SECRET } });
  https = await startTestService({ config: { publicUrl: 'https://skyplan.example' } });
});
afterAll(async () => {
  await Promise.all([svc.close(), https.close()]);
});

const cookiesOf = (r: Response) => r.headers.getSetCookie().map((c) => c.split(';')[0]!.trim()).join('; ');

async function signIn(s: TestService, email = 'pilot@cascade.example', password = 'demo-pilot') {
  const r = await s.call('POST', '/v1/auth/sign-in', { body: { email, password } });
  expect(r.status).toBe(200);
  const { csrfToken } = (await r.json()) as { csrfToken: string };
  return { cookie: cookiesOf(r), csrfToken, setCookies: r.headers.getSetCookie() };
}

const forge = (claims: Record<string, unknown>, exp: number | null) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('skyplan').setSubject(String(claims.sub)).setIssuedAt();
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(new TextEncoder().encode(SECRET));
};

describe("a person's bearer token", () => {
  it('stops working when its session signs out', async () => {
    const { cookie, csrfToken } = await signIn(svc);
    const t = await svc.call('POST', '/v1/auth/token', { headers: { cookie, 'x-csrf-token': csrfToken } });
    const token = ((await t.json()) as { data: { accessToken: string } }).data.accessToken;
    expect((await svc.call('GET', '/v1/auth/me', { token })).status).toBe(200);
    expect((await svc.call('GET', '/v1/operations', { token })).status).toBe(200);
    expect((await svc.call('POST', '/v1/auth/sign-out', { headers: { cookie, 'x-csrf-token': csrfToken } })).status).toBe(204);
    const after = await svc.call('GET', '/v1/operations', { token });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toMatch(/session/);
  });

  it('is refused without a session, or naming a session that is not its person', async () => {
    const user = (await svc.deps.db.query<{ id: string }>("SELECT id FROM users WHERE email = 'pilot@cascade.example'"))[0]!.id;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const base = { sub: user, kind: 'user', name: 'x', scope: 'operation:read', roles: ['pilot'], org: null };
    expect((await svc.call('GET', '/v1/operations', { token: await forge(base, exp) })).status).toBe(401);
    await signIn(svc, 'operator@cascade.example', 'demo-operator');
    const otherSid = (await svc.deps.db.query<{ id_hash: string; user_id: string }>('SELECT id_hash, user_id FROM sessions')).find((r) => r.user_id !== user)!.id_hash;
    expect((await svc.call('GET', '/v1/operations', { token: await forge({ ...base, sid: otherSid }, exp) })).status).toBe(401);
  });
});

describe('tokens', () => {
  it('are refused without exp, even when correctly signed', async () => {
    const claims = { sub: svc.deps.config.apiClientId, kind: 'client', name: 'x', scope: 'operation:read', roles: [], org: null };
    const exp = Math.floor(Date.now() / 1000) + 600;
    expect((await svc.call('GET', '/v1/operations', { token: await forge(claims, exp) })).status).toBe(200);
    expect((await svc.call('GET', '/v1/operations', { token: await forge(claims, null) })).status).toBe(401);
  });

  it('are ignored by public routes when stale or broken: token, status, styles, glyphs, sprites, tiles, preview', async () => {
    const stale = { authorization: 'Bearer not.a.valid-token' };
    const cfg = svc.deps.config;
    const tokenBody = `grant_type=client_credentials&client_id=${cfg.apiClientId}&client_secret=${cfg.apiClientSecret}`;
    const r = await svc.app.request('/v1/oauth/token', { method: 'POST', headers: { ...stale, 'content-type': 'application/x-www-form-urlencoded' }, body: tokenBody });
    expect(r.status).toBe(200);
    for (const path of ['/v1/status', '/styles/light/style.json', '/fonts/Open%20Sans%20Regular/0-255.pbf', '/sprites/skyplan.json', '/tiles/basemap/0/0/0.pbf', '/openapi.json']) {
      const res = await svc.call('GET', path, { headers: stale });
      expect(res.status, path).not.toBe(401);
      expect(res.status, path).toBeLessThan(400);
    }
    expect((await svc.call('GET', '/v1/operations/ephemeral/00000000-0000-4000-8000-000000000000/preview', { headers: stale })).status).toBe(404);
  });
});

describe('sign-in and the session cookie', () => {
  it('refuses a body without a JSON content type (415) and sets no cookie', async () => {
    const body = JSON.stringify({ email: 'pilot@cascade.example', password: 'demo-pilot' });
    for (const headers of [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }] as Array<Record<string, string>>) {
      const r = await svc.app.request('/v1/auth/sign-in', { method: 'POST', headers, body });
      expect(r.status, JSON.stringify(headers)).toBe(415);
      expect(r.headers.getSetCookie()).toEqual([]);
    }
  });

  it('needs the CSRF header to sign out a live session', async () => {
    const { cookie, csrfToken } = await signIn(svc);
    expect((await svc.call('POST', '/v1/auth/sign-out', { headers: { cookie } })).status).toBe(403);
    expect((await svc.call('GET', '/v1/auth/me', { headers: { cookie } })).status).toBe(200);
    expect((await svc.call('POST', '/v1/auth/sign-out', { headers: { cookie, 'x-csrf-token': csrfToken } })).status).toBe(204);
  });

  it('over https uses __Host-sp_session, Secure, Path=/ and no Domain; plain http keeps sp_session', async () => {
    const { setCookies, cookie, csrfToken } = await signIn(https);
    const session = setCookies.find((c) => c.startsWith('__Host-sp_session='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).not.toMatch(/Domain=/i);
    expect((await https.call('GET', '/v1/auth/me', { headers: { cookie } })).status).toBe(200);
    // A plain sp_session cookie (planted by a neighbour over http, say) is not the session over https.
    expect((await https.call('GET', '/v1/auth/me', { headers: { cookie: cookie.replace('__Host-sp_session', 'sp_session') } })).status).toBe(401);
    expect((await https.call('POST', '/v1/auth/sign-out', { headers: { cookie, 'x-csrf-token': csrfToken } })).status).toBe(204);
    const plain = await signIn(svc);
    expect(plain.setCookies.some((c) => c.startsWith('sp_session='))).toBe(true);
  });
});
