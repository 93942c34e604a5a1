/** Signed access tokens (HS256, jose). No refresh token: a client asks again after `expires` (domain.md). */
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
}

const ISSUER = 'skyplan';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: TokenClaims, now = new Date()): Promise<{ token: string; expires: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({ kind: claims.kind, name: claims.name, scope: claims.scopes.join(' '), roles: claims.roles, org: claims.org })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expires: new Date(exp * 1000) };
  }

  /** The claims of a valid token, or null when it is malformed, forged or expired. */
  async verify(token: string, now = new Date()): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'], currentDate: now });
      const kind = payload.kind === 'user' ? 'user' : payload.kind === 'client' ? 'client' : null;
      if (!kind || typeof payload.sub !== 'string') return null;
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(isScope) : [];
      return {
        sub: payload.sub,
        kind,
        name: typeof payload.name === 'string' ? payload.name : payload.sub,
        scopes,
        roles: Array.isArray(payload.roles) ? (payload.roles.filter((r) => r === 'pilot' || r === 'operator' || r === 'faa') as Role[]) : [],
        org: typeof payload.org === 'string' ? payload.org : null,
      };
    } catch {
      return null;
    }
  }
}
