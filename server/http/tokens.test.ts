/** Access tokens: verified once and then remembered until they expire, in a bounded map. */
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_CLOCK_SKEW_SECONDS, TokenService, type TokenClaims } from './tokens';

const claims: TokenClaims = { sub: 'c1', kind: 'client', name: 'c1', scopes: ['operation:read'], roles: [], org: null };

describe('TokenService', () => {
  it('verifies a token once, then answers from memory until it expires by the given clock', async () => {
    const tokens = new TokenService('s'.repeat(40), 60);
    const now = new Date('2026-01-01T00:00:00Z');
    const { token } = await tokens.issue(claims, now);
    const fresh = vi.spyOn(tokens as unknown as { verifyFresh: () => unknown }, 'verifyFresh');
    expect(await tokens.verify(token, now)).toMatchObject({ sub: 'c1' });
    expect(await tokens.verify(token, new Date(now.getTime() + 30_000))).toMatchObject({ sub: 'c1' });
    expect(fresh).toHaveBeenCalledTimes(1);
    expect(await tokens.verify(token, new Date(now.getTime() + 61_000))).toBeNull();
  });

  it('keeps at most its bound, dropping the oldest', async () => {
    const tokens = new TokenService('s'.repeat(40), 60, 2);
    const now = new Date();
    const list = await Promise.all([1, 2, 3].map((i) => tokens.issue({ ...claims, sub: `c${i}` }, now)));
    for (const t of list) await tokens.verify(t.token, now);
    const fresh = vi.spyOn(tokens as unknown as { verifyFresh: () => unknown }, 'verifyFresh');
    await tokens.verify(list[2]!.token, now);
    expect(fresh).toHaveBeenCalledTimes(0);
    await tokens.verify(list[0]!.token, now);
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it("refuses a person's token that names no session", async () => {
    const tokens = new TokenService('s'.repeat(40), 60);
    const { token } = await tokens.issue({ ...claims, kind: 'user' });
    expect(await tokens.verify(token)).toBeNull();
    const withSession = await tokens.issue({ ...claims, kind: 'user', sid: 'abc' });
    expect(await tokens.verify(withSession.token)).toMatchObject({ sid: 'abc' });
  });
});

describe('TokenService claims it never issues (issue 29)', () => {
  const secret = 's'.repeat(40);
  const key = new TextEncoder().encode(secret);
  async function forged(iat: number, exp: number): Promise<string> {
    const { SignJWT } = await import('jose');
    return new SignJWT({ kind: 'client', name: 'c1', scope: 'operation:read', roles: [], org: null })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('c1')
      .setIssuer('skyplan')
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
  }
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const t = now.getTime() / 1000;

  it('refuses exp further than the lifetime after iat (a token valid for 100 years)', async () => {
    const tokens = new TokenService(secret, 3600);
    expect(await tokens.verify(await forged(t, t + 100 * 365 * 86400), now)).toBeNull();
    expect(await tokens.verify(await forged(t, t + 3601), now)).toBeNull();
    expect(await tokens.verify(await forged(t, t + 3600), now)).toMatchObject({ sub: 'c1' });
  });

  it('refuses iat in the future beyond the clock skew, accepts it within', async () => {
    const tokens = new TokenService(secret, 3600);
    expect(await tokens.verify(await forged(t + TOKEN_CLOCK_SKEW_SECONDS + 5, t + TOKEN_CLOCK_SKEW_SECONDS + 65), now)).toBeNull();
    expect(await tokens.verify(await forged(t + 10, t + 70), now)).toMatchObject({ sub: 'c1' });
  });
});
