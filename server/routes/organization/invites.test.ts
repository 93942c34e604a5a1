/** Invites by link (docs/auth.md "Invites"): every rule, on the embedded store. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identity, sha256 } from '../../store/identity';
import { startTestService, type TestService } from '../../../test/helpers/service';

let svc: TestService;
let operator: string;
let pilot: string;
beforeAll(async () => {
  svc = await startTestService();
  operator = await svc.personToken('operator@cascade.example', 'demo-operator');
  pilot = await svc.personToken('pilot@cascade.example', 'demo-pilot');
});
afterAll(() => svc.close());

interface Created {
  invite: { id: string; role: string; invitedBy: string; createdAt: string; expiresAt: string };
  token: string;
  link: string;
}

async function invite(body?: unknown, token = operator): Promise<Created> {
  const r = await svc.call('POST', '/v1/organization/invites', { token, ...(body === undefined ? {} : { body }) });
  expect(r.status).toBe(201);
  return (await r.json()) as Created;
}

let n = 0;
const newPerson = () => ({ name: `New Pilot ${++n}`, email: `new${n}@example.org`, password: 'a-long-password' });
const signUp = (token: string, person = newPerson()) => svc.call('POST', '/v1/invites/sign-up', { body: { token, ...person } });
const preview = (token: string) => svc.call('POST', '/v1/invites/preview', { body: { token } });

describe('operators manage invites', () => {
  it('creates a pilot invite for 7 days by default, with a 256-bit token that the store keeps only hashed', async () => {
    const c = await invite();
    expect(c.invite).toMatchObject({ role: 'pilot', invitedBy: 'Olivia Operator' });
    expect(Date.parse(c.invite.expiresAt) - svc.deps.now().getTime()).toBe(7 * 86_400_000);
    expect(c.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(c.link).toBe(`${svc.deps.config.portalUrl}/invite#${c.token}`);
    const stored = await svc.deps.db.query<Record<string, unknown>>('SELECT * FROM invites WHERE id = $1', [c.invite.id]);
    expect(stored[0]!.token_hash).toBe(sha256(c.token));
    expect(JSON.stringify(stored)).not.toContain(c.token);
  });

  it('lists pending invites of the organization only, and revokes them', async () => {
    const a = await invite({ role: 'operator', expiresInDays: 2 });
    const list = async (token = operator) => ((await (await svc.call('GET', '/v1/organization/invites', { token })).json()) as { invites: Array<{ id: string }> }).invites.map((i) => i.id);
    expect(await list()).toContain(a.invite.id);
    expect((await svc.call('DELETE', `/v1/organization/invites/${a.invite.id}`, { token: operator })).status).toBe(204);
    expect(await list()).not.toContain(a.invite.id);
    // Revoked once: a second revoke finds nothing pending.
    expect((await svc.call('DELETE', `/v1/organization/invites/${a.invite.id}`, { token: operator })).status).toBe(404);
    const r = await preview(a.token);
    expect(r.status).toBe(410);
    expect(((await r.json()) as { message: string }).message).toMatch(/revoked/);
  });

  it('forbids pilots and API clients (403), and another organization cannot revoke (404)', async () => {
    expect((await svc.call('POST', '/v1/organization/invites', { token: pilot })).status).toBe(403);
    expect((await svc.call('GET', '/v1/organization/invites', { token: pilot })).status).toBe(403);
    expect((await svc.call('POST', '/v1/organization/invites', { token: await svc.clientToken() })).status).toBe(403);
    expect((await svc.call('POST', '/v1/organization/invites')).status).toBe(401);
    const a = await invite();
    expect((await svc.call('DELETE', `/v1/organization/invites/${a.invite.id}`, { token: pilot })).status).toBe(403);
    const org = await identity.ensureOrganization(svc.deps.db, 'Elsewhere Inc');
    await identity.upsertUser(svc.deps.db, { email: 'op@elsewhere.example', name: 'Other Op', password: 'other-operator', roles: ['pilot', 'operator'], orgId: org });
    const other = await svc.personToken('op@elsewhere.example', 'other-operator');
    expect((await svc.call('DELETE', `/v1/organization/invites/${a.invite.id}`, { token: other })).status).toBe(404);
    expect((await preview(a.token)).status).toBe(200);
  });

  it('refuses hostile input with a 4xx naming the field', async () => {
    for (const body of [{ role: 'faa' }, { role: 'admin' }, { expiresInDays: 0 }, { expiresInDays: 31 }]) {
      const r = await svc.call('POST', '/v1/organization/invites', { token: operator, body });
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    // Wrong types and unknown fields are malformed (400), as everywhere (docs/auth.md).
    for (const body of [{ expiresInDays: '7' }, { expiresInDays: 1.5 }, { extra: 1 }, []]) {
      expect((await svc.call('POST', '/v1/organization/invites', { token: operator, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await svc.call('DELETE', '/v1/organization/invites/not-a-uuid', { token: operator })).status).toBe(422);
    const r = await svc.call('POST', '/v1/organization/invites', { token: operator, body: { role: 'faa' } });
    expect(((await r.json()) as { message: string }).message).toMatch(/role/);
  });
});

describe('the holder of a link', () => {
  it('sees who invites them, signs up once into the organization as its role, and is signed in', async () => {
    const c = await invite({ role: 'operator' });
    const p = await preview(c.token);
    expect(p.status).toBe(200);
    expect(await p.json()).toMatchObject({ organization: 'Cascade Aerial', invitedBy: 'Olivia Operator', role: 'operator' });
    const person = newPerson();
    const r = await signUp(c.token, person);
    expect(r.status).toBe(201);
    expect(r.headers.get('set-cookie') ?? '').toMatch(/sp_session=[^;]+;.*HttpOnly/i);
    const body = (await r.json()) as { user: { email: string; roles: string[]; organization: { name: string } } };
    expect(body.user).toMatchObject({ email: person.email, roles: ['pilot', 'operator'], organization: { name: 'Cascade Aerial' } });
    // The new person signs in with their password, and the organization lists them.
    const theirs = await svc.personToken(person.email, person.password);
    const members = (await (await svc.call('GET', '/v1/organization/members', { token: theirs })).json()) as { members: Array<{ name: string }> };
    expect(members.members.map((m) => m.name)).toContain(person.name);
    // Second use: 410, for the preview and the sign-up alike; no account was made.
    const again = await signUp(c.token);
    expect(again.status).toBe(410);
    expect(((await again.json()) as { message: string }).message).toMatch(/already been used/);
    expect((await preview(c.token)).status).toBe(410);
    expect(await identity.userByEmail(svc.deps.db, `new${n}@example.org`)).toBeNull();
  });

  it('gives a pilot invite the pilot role only', async () => {
    const r = await signUp((await invite()).token);
    expect(((await r.json()) as { user: { roles: string[] } }).user.roles).toEqual(['pilot']);
  });

  it('answers 410 once the link has expired (service clock)', async () => {
    const c = await invite({ expiresInDays: 1 });
    svc.setNow(new Date(Date.now() + 86_400_000 + 60_000));
    try {
      const r = await signUp(c.token);
      expect(r.status).toBe(410);
      expect(((await r.json()) as { message: string }).message).toMatch(/expired/);
      expect((await preview(c.token)).status).toBe(410);
    } finally {
      svc.setNow(new Date());
    }
    expect((await preview(c.token)).status).toBe(200);
  });

  it('answers 404 for a well-formed unknown token and 422 for a malformed one', async () => {
    const unknown = 'A'.repeat(43);
    expect((await preview(unknown)).status).toBe(404);
    expect((await signUp(unknown)).status).toBe(404);
    const bad = await preview('short');
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { message: string }).message).toMatch(/token/);
  });

  it('refuses a taken email with 409, saying no more than that, and leaves the link usable', async () => {
    const c = await invite();
    const r = await signUp(c.token, { name: 'Someone', email: 'PILOT@cascade.example', password: 'a-long-password' });
    expect(r.status).toBe(409);
    const msg = ((await r.json()) as { message: string }).message;
    expect(msg).toMatch(/^email:/);
    expect(msg).not.toMatch(/Alice|Cascade/);
    expect((await preview(c.token)).status).toBe(200);
  });

  it('names the field of bad sign-up values (422) and needs JSON (415)', async () => {
    const { token } = await invite();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...newPerson(), password: 'short' }, /password/],
      [{ ...newPerson(), password: 'x'.repeat(201) }, /password/],
      [{ ...newPerson(), email: 'not-an-email' }, /email/],
      [{ ...newPerson(), name: '   ' }, /name/],
      [{ ...newPerson(), name: 'x'.repeat(101) }, /name/],
    ];
    for (const [body, field] of cases) {
      const r = await svc.call('POST', '/v1/invites/sign-up', { body: { token, ...body } });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(((await r.json()) as { message: string }).message).toMatch(field);
    }
    expect((await svc.call('POST', '/v1/invites/sign-up', { body: { token, ...newPerson(), role: 'operator' } })).status).toBe(400);
    const form = await svc.call('POST', '/v1/invites/sign-up', { raw: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await preview(token)).status).toBe(200);
  });
});

describe('a signed-in person with a link', () => {
  it('joins when they have no organization; the link is then spent', async () => {
    await identity.upsertUser(svc.deps.db, { email: 'loner@example.org', name: 'Lone Pilot', password: 'loner-password', roles: ['pilot'], orgId: null });
    const loner = await svc.personToken('loner@example.org', 'loner-password');
    const c = await invite();
    const r = await svc.call('POST', '/v1/invites/accept', { token: loner, body: { token: c.token } });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ user: { organization: { name: 'Cascade Aerial' }, roles: ['pilot'] } });
    expect((await svc.call('POST', '/v1/invites/accept', { token: loner, body: { token: c.token } })).status).toBe(410);
  });

  it('is refused when already in an organization (409, one per person) or the sandbox FAA (403); the link stays usable', async () => {
    const c = await invite();
    const potomac = await svc.personToken('pilot@potomac.example', 'demo-pilot');
    const r = await svc.call('POST', '/v1/invites/accept', { token: potomac, body: { token: c.token } });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { message: string }).message).toMatch(/Potomac Drone Works.*one organization/);
    const faa = await svc.personToken('faa@sandbox.example', 'demo-faa');
    expect((await svc.call('POST', '/v1/invites/accept', { token: faa, body: { token: c.token } })).status).toBe(403);
    expect((await svc.call('POST', '/v1/invites/accept', { body: { token: c.token } })).status).toBe(401);
    expect((await svc.call('POST', '/v1/invites/accept', { token: await svc.clientToken(), body: { token: c.token } })).status).toBe(403);
    expect((await preview(c.token)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('counts link attempts per address with sign-in, and blocks an address after failures', async () => {
    const limited = await startTestService({ config: { rateLimits: { failuresPerAddress: 2, blockSeconds: 60 } } });
    try {
      const at = (address: string, token: string) =>
        limited.app.request('/v1/invites/preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) }, { incoming: { socket: { remoteAddress: address } } });
      for (let i = 0; i < 2; i++) expect((await at('203.0.113.9', `${'B'.repeat(42)}${i}`)).status).toBe(404);
      const r = await at('203.0.113.9', 'C'.repeat(43));
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await at('203.0.113.10', 'C'.repeat(43))).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
