/**
 * The limits on sign-in, the token endpoint and the whole API (docs/security.md), each at a low configured
 * value (the defaults are checked as numbers), counted in the store so that two instances on one store
 * count together. One service with low limits for all: every test uses its own addresses, accounts and
 * clients, so the counts do not meet.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { dummySecretHash, identity } from '../../store/identity';
import { secretHashing } from '../../http/secret-hashing';
import { startTestService, type TestService } from '../../../test/helpers/service';

let svc: TestService;
let open: TestService;
beforeAll(async () => {
  svc = await startTestService({
    config: {
      rateLimits: {
        signInPerAddressPerMinute: 3,
        tokenPerAddressPerMinute: 3,
        tokenPerClientPerMinute: 2,
        failuresPerAccount: 2,
        failuresPerAddress: 3,
        blockSeconds: 1,
        blockMaxSeconds: 60,
        apiPerMinute: 3,
      },
    },
  });
  // The test defaults: limits nobody reaches, for the timing comparison.
  open = await startTestService();
  for (const id of ['client-a', 'client-b', 'client-c']) await identity.upsertClient(svc.deps.db, { id, name: id, secret: `${id}-secret`, scopes: ['operation:read'], orgId: null });
});
afterAll(async () => {
  await Promise.all([svc.close(), open.close()]);
});

/** A request as the node adapter hands it over: with the socket's peer address. */
function from(s: TestService, address: string, path: string, body: unknown, contentType = 'application/json') {
  const raw = contentType === 'application/json' ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString();
  return s.app.request(path, { method: 'POST', headers: { 'content-type': contentType }, body: raw }, { incoming: { socket: { remoteAddress: address } } });
}

const signIn = (address: string, email: string, password: string, s = svc) => from(s, address, '/v1/auth/sign-in', { email, password });
const token = (address: string, clientId: string, clientSecret: string) =>
  from(svc, address, '/v1/oauth/token', { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }, 'application/x-www-form-urlencoded');

/** A client's token made directly (the token endpoint has limits of its own). */
/** A token of a client that exists (a deleted client's tokens are refused). */
const apiToken = async (clientId: string) => {
  await identity.upsertClient(svc.deps.db, { id: clientId, name: clientId, secret: `${clientId}-secret`, scopes: ['laanc:read'], orgId: null });
  return (await svc.deps.tokens.issue({ sub: clientId, kind: 'client', name: clientId, scopes: ['laanc:read'], roles: [], org: null }, new Date())).token;
};

function expect429(r: Response) {
  expect(r.status).toBe(429);
  const retry = Number(r.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(r.headers.get('ratelimit-remaining')).toBe('0');
  expect(Number(r.headers.get('ratelimit-reset'))).toBe(retry);
  expect(r.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
  expect(r.headers.get('ratelimit-policy')).toMatch(/^\d+;w=\d+$/);
  return retry;
}

describe('defaults', () => {
  it('are what a real deployment wants, each configurable', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      signInPerAddressPerMinute: 20,
      tokenPerAddressPerMinute: 60,
      tokenPerClientPerMinute: 30,
      failuresPerAccount: 5,
      failuresPerAddress: 20,
      blockSeconds: 60,
      blockMaxSeconds: 3600,
      apiPerMinute: 1200,
      accountsPerAddressPerHour: 10,
      positionsPerMinute: 60_000,
    });
    expect(loadConfig({ RATE_LIMIT_API_PER_MINUTE: '0', RATE_LIMIT_FAILURES_PER_ACCOUNT: '9', RATE_LIMIT_ACCOUNTS_PER_HOUR: '3' }).rateLimits).toMatchObject({
      apiPerMinute: 0,
      failuresPerAccount: 9,
      accountsPerAddressPerHour: 3,
    });
  });
});

describe('sign-in', () => {
  it('blocks an account after its failures, even for the right password, and only that account', async () => {
    for (let i = 0; i < 2; i++) expect((await signIn(`10.1.0.${i}`, 'pilot@potomac.example', 'wrong')).status).toBe(401);
    expect(expect429(await signIn('10.1.1.1', 'pilot@potomac.example', 'demo-pilot'))).toBe(1);
    expect((await signIn('10.1.1.2', 'operator@cascade.example', 'demo-operator')).status).toBe(200);
  });

  it('counts unknown accounts like known ones (no hint which exist)', async () => {
    for (let i = 0; i < 2; i++) expect((await signIn(`10.2.0.${i}`, 'nobody@nowhere.example', 'x')).status).toBe(401);
    expect429(await signIn('10.2.0.9', 'nobody@nowhere.example', 'x'));
  });

  it('blocks longer after each further block (back-off), and forgets the failures on a good sign-in', async () => {
    const fail = (i: number) => signIn(`10.3.0.${i}`, 'faa@sandbox.example', 'wrong');
    await fail(1);
    await fail(2);
    expect(expect429(await fail(3))).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    await fail(4);
    await fail(5);
    expect(expect429(await fail(6))).toBe(2);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fail(7)).status).toBe(401);
    expect((await signIn('10.3.1.1', 'faa@sandbox.example', 'demo-faa')).status).toBe(200);
    expect((await fail(8)).status).toBe(401);
    expect((await signIn('10.3.1.2', 'faa@sandbox.example', 'demo-faa')).status).toBe(200);
  });

  it('limits attempts per address per minute, whatever the accounts; another address is not affected', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn('2001:db8:1:2::1', 'operator@cascade.example', 'demo-operator')).status).toBe(200);
    // One IPv6 host holds a /64: a neighbour in the same /64 shares the count.
    expect429(await signIn('2001:db8:1:2::99', 'operator@cascade.example', 'demo-operator'));
    expect((await signIn('192.0.2.8', 'operator@cascade.example', 'demo-operator')).status).toBe(200);
  });

  it('blocks an address after repeated failures over many accounts', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn('198.51.100.1', `user${i}@x.example`, 'guess')).status).toBe(401);
    expect429(await signIn('198.51.100.1', 'operator@cascade.example', 'demo-operator'));
    expect((await signIn('198.51.100.2', 'operator@cascade.example', 'demo-operator')).status).toBe(200);
  });

  it('costs the same scrypt for an unknown email as for a wrong password (counted, not timed)', async () => {
    // Each hash or check of a secret goes through the gate once (server/http/secret-hashing.ts); the
    // unknown email is checked against a dummy hash made by the same hashSecret, so its scrypt is the
    // same. A timing ratio here failed on a busy machine (0.48 against 0.5); the count does not.
    const run = vi.spyOn(secretHashing, 'run');
    const hashes = async (email: string) => {
      run.mockClear();
      expect((await signIn('10.4.0.1', email, 'wrong-password', open)).status).toBe(401);
      return run.mock.calls.length;
    };
    try {
      for (let i = 0; i < 3; i++) {
        expect(await hashes('pilot@cascade.example')).toBe(1);
        expect(await hashes(`nobody${i}@nowhere.example`)).toBe(1);
      }
      // The dummy hash has the stored hashes' form (same salt and key lengths, same scrypt parameters).
      const shape = (h: string) => h.split('$').map((part, k) => (k === 0 ? part : Buffer.from(part, 'base64').length));
      const stored = await identity.userByEmail(open.deps.db, 'pilot@cascade.example');
      expect(shape(await dummySecretHash())).toEqual(shape(stored!.password_hash));
    } finally {
      run.mockRestore();
    }
  });
});

describe('token endpoint', () => {
  it('blocks a client at an address after its wrong secrets there, then refuses even the right one there', async () => {
    for (let i = 0; i < 2; i++) expect((await token('10.5.0.1', 'client-a', 'wrong')).status).toBe(401);
    expect429(await token('10.5.0.1', 'client-a', 'client-a-secret'));
  });

  it("a stranger's wrong secrets for a client do not lock the client out at its own address", async () => {
    // A client_id is no secret: counted per client alone, two failures from elsewhere blocked it everywhere.
    for (let i = 0; i < 4; i++) expect((await token(`10.5.2.${i}`, 'client-c', 'wrong')).status).toBe(401);
    expect((await token('10.5.3.1', 'client-c', 'client-c-secret')).status).toBe(200);
    expect((await token('10.5.3.1', 'client-c', 'client-c-secret')).status).toBe(200);
  });

  it('limits requests per client and per address per minute', async () => {
    expect((await token('10.6.0.1', 'client-b', 'client-b-secret')).status).toBe(200);
    expect((await token('10.6.0.1', 'client-b', 'client-b-secret')).status).toBe(200);
    expect429(await token('10.6.0.1', 'client-b', 'client-b-secret'));
    // The client's minute is its own at each address: requests from elsewhere did not spend it.
    expect((await token('10.6.0.2', 'client-b', 'client-b-secret')).status).toBe(200);
    // Per address: three client ids from one address, then the fourth is refused before it is looked at.
    for (let i = 1; i <= 3; i++) expect((await token('10.6.0.9', `other-${i}`, 'x')).status).toBe(401);
    expect429(await token('10.6.0.9', 'other-4', 'x'));
  });
});

describe('the whole API, per caller', () => {
  it('counts every request of one client; says what is left; 429 when the minute is spent', async () => {
    const t = await apiToken('api-caller-1');
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await svc.call('GET', '/v1/laanc/authorizations', { token: t });
      expect(r.status).toBe(200);
      expect(r.headers.get('ratelimit-limit')).toBe('3');
      remaining.push(r.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    expect429(await svc.call('GET', '/v1/laanc/authorizations', { token: t }));
    // Public routes are not counted against anybody.
    expect((await svc.call('GET', '/v1/status', { token: t })).status).toBe(200);
  });

  it('holds across instances on one store', async () => {
    const t = await apiToken('api-caller-2');
    const second = createApp({ ...svc.deps }, { checkResponses: true });
    expect((await svc.call('GET', '/v1/laanc/authorizations', { token: t })).status).toBe(200);
    expect((await second.request('/v1/laanc/authorizations', { headers: { authorization: `Bearer ${t}` } })).status).toBe(200);
    expect((await second.request('/v1/laanc/authorizations', { headers: { authorization: `Bearer ${t}` } })).status).toBe(200);
    expect429(await svc.call('GET', '/v1/laanc/authorizations', { token: t }));
  });
});
