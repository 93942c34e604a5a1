/** Sandbox sign-up (docs/auth.md "Sign-up"): an account and its own organization, on the sandbox only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identity } from '../../store/identity';
import { SIGN_UP_ACCEPTED } from './signup.handlers';
import { startTestService, type TestService } from '../../../test/helpers/service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const body = (over: Record<string, unknown> = {}) => ({ name: 'Sam Founder', email: 'sam@founders.example', password: 'founder-password', organizationName: 'Founders Aerial', ...over });
const signUp = (b: unknown, s = svc) => s.call('POST', '/v1/auth/sign-up', { body: b });

describe('POST /v1/auth/sign-up (sandbox)', () => {
  it('creates the person and their organization, makes them its operator; they sign in next', async () => {
    const r = await signUp(body());
    expect(r.status).toBe(202);
    expect(r.headers.get('set-cookie')).toBeNull();
    expect(await r.json()).toEqual(SIGN_UP_ACCEPTED);
    const token = await svc.personToken('sam@founders.example', 'founder-password');
    const members = (await (await svc.call('GET', '/v1/organization/members', { token })).json()) as { organization: { name: string }; members: Array<{ name: string }> };
    expect(members).toMatchObject({ organization: { name: 'Founders Aerial' }, members: [{ name: 'Sam Founder' }] });
    // As its operator, they may invite.
    expect((await svc.call('POST', '/v1/organization/invites', { token })).status).toBe(201);
    const stored = await identity.userByEmail(svc.deps.db, 'sam@founders.example');
    expect(stored!.password_hash).toMatch(/^scrypt\$/);
    expect(stored!.roles).toEqual(['pilot', 'operator']);
  });

  it('answers a taken email (any case) exactly as a free one, changes nothing, and creates no organization', async () => {
    const before = await identity.userByEmail(svc.deps.db, 'pilot@cascade.example');
    const taken = await signUp(body({ email: 'Pilot@Cascade.example', organizationName: 'Never Made', password: 'attacker-password' }));
    const free = await signUp(body({ email: 'free-one@founders.example', organizationName: 'Made Once' }));
    expect(taken.status).toBe(free.status);
    expect(await taken.json()).toEqual(await free.json());
    expect(taken.headers.get('set-cookie')).toBe(free.headers.get('set-cookie'));
    expect(await svc.deps.db.query('SELECT 1 FROM organizations WHERE name = $1', ['Never Made'])).toHaveLength(0);
    const after = await identity.userByEmail(svc.deps.db, 'pilot@cascade.example');
    expect(after).toEqual(before);
    // The existing person still signs in with their own password; the sign-up's password gets nothing.
    expect((await svc.call('POST', '/v1/auth/sign-in', { body: { email: 'pilot@cascade.example', password: 'attacker-password' } })).status).toBe(401);
    expect((await svc.call('POST', '/v1/auth/sign-in', { body: { email: 'pilot@cascade.example', password: 'demo-pilot' } })).status).toBe(200);
  });

  it('refuses a taken organization name, in any letter case (409)', async () => {
    const r = await signUp(body({ email: 'other@founders.example', organizationName: 'cascade AERIAL' }));
    expect(r.status).toBe(409);
    expect(((await r.json()) as { message: string }).message).toMatch(/^organizationName:/);
    expect(await identity.userByEmail(svc.deps.db, 'other@founders.example')).toBeNull();
  });

  it('names the field of each invalid value (422), answers wrong types 400 and a form 415', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ password: 'too-short' }, /password/],
      [{ email: 'nope' }, /email/],
      [{ name: '' }, /name/],
      [{ organizationName: 'x' }, /organizationName/],
      [{ organizationName: 'x'.repeat(101) }, /organizationName/],
    ];
    for (const [over, field] of cases) {
      const r = await signUp(body({ email: 'bad@founders.example', ...over }));
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect(((await r.json()) as { message: string }).message).toMatch(field);
    }
    expect((await signUp(body({ email: 'bad@founders.example', roles: ['faa'] }))).status).toBe(400);
    expect((await signUp({ ...body(), password: 12345678901 })).status).toBe(400);
    expect((await signUp(body({ name: 'a\u0000b' }))).status).toBe(422);
    const form = await svc.call('POST', '/v1/auth/sign-up', { raw: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(await identity.userByEmail(svc.deps.db, 'bad@founders.example')).toBeNull();
  });

  it('limits accounts created per address per hour (429)', async () => {
    const limited = await startTestService({ config: { rateLimits: { accountsPerAddressPerHour: 2 } } });
    try {
      const from = (address: string, i: number) =>
        limited.app.request(
          '/v1/auth/sign-up',
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body({ email: `r${i}@limits.example`, organizationName: `Limits ${i}` })) },
          { incoming: { socket: { remoteAddress: address } } },
        );
      expect((await from('198.51.100.7', 1)).status).toBe(202);
      expect((await from('198.51.100.7', 2)).status).toBe(202);
      const r = await from('198.51.100.7', 3);
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await from('198.51.100.8', 4)).status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});

describe('outside the sandbox', () => {
  it('is not there: 404 like any unknown path, and nothing is created', async () => {
    const prod = await startTestService({ config: { profile: 'production', seedDemo: false } });
    try {
      const r = await signUp(body({ email: 'prod@founders.example', organizationName: 'Prod Org' }), prod);
      expect(r.status).toBe(404);
      expect(await identity.userByEmail(prod.deps.db, 'prod@founders.example')).toBeNull();
    } finally {
      await prod.close();
    }
  });
});
