/**
 * Resolves the caller of a request: a bearer token (API clients and people alike) or the portal's
 * session cookie. Cookie-authenticated requests that change state must echo the CSRF token in
 * X-CSRF-Token (double submit), so another site cannot act with a signed-in person's cookie.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppDeps } from '../deps';
import { identity } from '../store/identity';
import { ApiError, unauthorized } from './errors';
import { scopesForRoles, type Principal } from './principal';

export const SESSION_COOKIE = 'sp_session';
export const CSRF_COOKIE = 'sp_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function authenticate(c: Context, deps: AppDeps): Promise<Principal | null> {
  const header = c.req.header('authorization');
  if (header !== undefined) {
    const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (!m) throw unauthorized('The Authorization header must be "Bearer <access token>"');
    const claims = await deps.tokens.verify(m[1]!, deps.now());
    if (!claims) throw unauthorized('The access token is invalid or expired; ask POST /v1/oauth/token for a new one');
    return { kind: claims.kind, id: claims.sub, name: claims.name, scopes: new Set(claims.scopes), roles: claims.roles, orgId: claims.org, via: 'bearer' };
  }
  const sessionId = getCookie(c, SESSION_COOKIE);
  if (!sessionId) return null;
  const session = await identity.sessionById(deps.db, sessionId);
  if (!session) return null;
  if (!SAFE.has(c.req.method)) {
    const sent = c.req.header(CSRF_HEADER);
    if (!sent || sent !== session.csrf_token) {
      throw new ApiError(403, 'Missing or wrong X-CSRF-Token header for a request made with the session cookie');
    }
  }
  const user = await identity.userById(deps.db, session.user_id);
  if (!user) return null;
  return {
    kind: 'user',
    id: user.id,
    name: user.name,
    scopes: new Set(scopesForRoles(user.roles)),
    roles: user.roles,
    orgId: user.org_id,
    via: 'cookie',
  };
}
