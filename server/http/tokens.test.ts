/** Access tokens: verified once and then remembered until they expire, in a bounded map. */
import { describe, expect, it, vi } from 'vitest';
import { TokenService, type TokenClaims } from './tokens';

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
