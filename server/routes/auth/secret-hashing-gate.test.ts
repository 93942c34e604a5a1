/**
 * Sign-in, the token endpoint and sign-up hash through the process's secret-hashing gate: while it is
 * full (an unauthenticated flood from many addresses) they answer 503 with Retry-After instead of adding
 * scrypt work to libuv's thread pool, which the service's file reads share (docs/security.md, fourth pass).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { secretHashing } from '../../http/secret-hashing';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('the secret-hashing gate on the routes that hash', () => {
  it('a full gate answers 503 with Retry-After on sign-in, token and sign-up; once free they work', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const blockers = Array.from({ length: secretHashing.concurrency + secretHashing.queue }, () => secretHashing.run(() => held));
    try {
      const attempts = [
        svc.call('POST', '/v1/auth/sign-in', { body: { email: 'pilot@cascade.example', password: 'demo-pilot' } }),
        svc.call('POST', '/v1/oauth/token', { body: { grant_type: 'client_credentials', client_id: svc.deps.config.apiClientId, client_secret: svc.deps.config.apiClientSecret } }),
        svc.call('POST', '/v1/auth/sign-up', { body: { email: 'new@example.com', password: 'a-long-password-1', name: 'New', organizationName: 'New Org' } }),
      ];
      for (const r of await Promise.all(attempts)) {
        expect(r.status, await r.clone().text()).toBe(503);
        expect(r.headers.get('retry-after')).toBe('1');
      }
    } finally {
      release();
      await Promise.all(blockers);
    }
    expect((await svc.call('POST', '/v1/auth/sign-in', { body: { email: 'pilot@cascade.example', password: 'demo-pilot' } })).status).toBe(200);
    expect((await svc.call('POST', '/v1/auth/sign-up', { body: { email: 'new@example.com', password: 'a-long-password-1', name: 'New', organizationName: 'New Org' } })).status).toBe(202);
  });

  it("an API client's secret that passed once is not hashed again: its token comes while the gate is full, a wrong secret does not", async () => {
    const token = (secret: string, id = svc.deps.config.apiClientId) => svc.call('POST', '/v1/oauth/token', { body: { grant_type: 'client_credentials', client_id: id, client_secret: secret } });
    expect((await token(svc.deps.config.apiClientSecret)).status).toBe(200);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const blockers = Array.from({ length: secretHashing.concurrency + secretHashing.queue }, () => secretHashing.run(() => held));
    try {
      expect((await token(svc.deps.config.apiClientSecret)).status).toBe(200);
      expect((await token(`${svc.deps.config.apiClientSecret}x`)).status).toBe(503);
      expect((await token(svc.deps.config.apiClientSecret, 'no-such-client')).status).toBe(503);
    } finally {
      release();
      await Promise.all(blockers);
    }
    expect((await token(`${svc.deps.config.apiClientSecret}x`)).status).toBe(401);
  });
});
