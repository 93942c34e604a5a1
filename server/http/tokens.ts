/**
 * Signed access tokens (HS256, jose). No refresh token: a client asks again after `expires` (domain.md).
 * A token must carry exp, iat and sub; a person's token also names its session (sid), and dies with it.
 * `iat` may not be in the future (TOKEN_CLOCK_SKEW_SECONDS), nor `exp` more than the lifetime after `iat`.
 * Verified tokens are remembered until they expire (a bounded map), so a busy client costs one HMAC per
 * token, not per request; what a cached token may still do is decided by the caller (the session check).
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../contract/auth';
import { isScope, type Scope } from '../contract/scopes';

export interface TokenClaims {
  sub: string;
  kind: 'client' | 'user';
  name: string;
  scopes: Scope[];
  roles: Role[];
  org: string | null;
  /** A person's token: the SHA-256 of the session it was issued from (sign-out ends the token). */
  sid?: string;
}

/** Verified tokens kept by default; the oldest goes first when full. */
const CACHE_MAX = 10_000;

const ISSUER = 'skyplan';

/**
 * Seconds a token's `iat` may lie ahead of this instance's clock (instances on one store may disagree a
 * little); beyond that the token is refused, as is one whose `exp` is more than the configured lifetime
 * after its `iat` (a token the service never issued as it is now configured).
 */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;

export class TokenService {
  /** A promise while the secret is still being read from the store at start (server/bootstrap.ts). */
  private readonly key: Promise<Uint8Array>;
  private readonly verified = new Map<string, { claims: TokenClaims; expMs: number }>();
  constructor(
    secret: string | Promise<string>,
    private readonly ttlSeconds: number,
    private readonly cacheMax = CACHE_MAX,
  ) {
    this.key = Promise.resolve(secret).then((s) => new TextEncoder().encode(s));
    // A secret that never comes (the store failed to open) ends the start itself; not a crash here.
    this.key.catch(() => undefined);
  }

  async issue(claims: TokenClaims, now = new Date()): Promise<{ token: string; expires: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const payload = { kind: claims.kind, name: claims.name, scope: claims.scopes.join(' '), roles: claims.roles, org: claims.org, ...(claims.sid ? { sid: claims.sid } : {}) };
    const token = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.key);
    return { token, expires: new Date(exp * 1000) };
  }

  /** The claims of a valid token, or null when it is malformed, forged, expired or lacks exp. */
  async verify(token: string, now = new Date()): Promise<TokenClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.expMs > now.getTime()) return hit.claims;
      this.verified.delete(token);
    }
    const verified = await this.verifyFresh(token, now);
    if (!verified) return null;
    if (this.verified.size >= this.cacheMax) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, verified);
    return verified.claims;
  }

  private async verifyFresh(token: string, now: Date): Promise<{ claims: TokenClaims; expMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: now, requiredClaims: ['exp', 'iat', 'sub'] });
      const kind = payload.kind === 'user' ? 'user' : payload.kind === 'client' ? 'client' : null;
      if (!kind || typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
      // In the future of the machine's clock (and of the service's, which tests move back in time).
      if (payload.iat > Math.max(now.getTime(), Date.now()) / 1000 + TOKEN_CLOCK_SKEW_SECONDS) return null;
      if (payload.exp - payload.iat > this.ttlSeconds) return null;
      // A person's token without its session could never be ended by signing out: refused.
      if (kind === 'user' && typeof payload.sid !== 'string') return null;
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(isScope) : [];
      const claims: TokenClaims = {
        sub: payload.sub,
        kind,
        name: typeof payload.name === 'string' ? payload.name : payload.sub,
        scopes,
        roles: Array.isArray(payload.roles) ? (payload.roles.filter((r) => r === 'pilot' || r === 'operator' || r === 'faa') as Role[]) : [],
        org: typeof payload.org === 'string' ? payload.org : null,
        ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
      };
      return { claims, expMs: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}
