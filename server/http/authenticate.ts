/**
 * Resolves the caller of a request: a bearer token (API clients and people alike) or the portal's
 * session cookie. Cookie-authenticated requests that change state must echo the CSRF token in
 * X-CSRF-Token (double submit), so another site cannot act with a signed-in person's cookie.
 * A person's bearer token lives only as long as the session it was issued from; a client's as long as the client.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Config } from '../config';
import type { AppDeps } from '../deps';
import { identity, sha256 } from '../store/identity';
import { ApiError, unauthorized } from './errors';
import { scopesForRoles, type Principal } from './principal';

export const CSRF_COOKIE = 'sp_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Over https the session cookie is `__Host-sp_session`: the browser then only takes it Secure, for
 * Path=/ and without Domain, so a neighbouring subdomain cannot plant or shadow it. Plain http (local
 * development, the e2e tests) cannot use the prefix.
 */
export function sessionCookieName(config: Config): string {
  return config.publicUrl.startsWith('https://') ? '__Host-sp_session' : 'sp_session';
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function requireCsrf(c: Context, csrfToken: string): void {
  if (SAFE.has(c.req.method)) return;
  const sent = c.req.header(CSRF_HEADER);
  if (!sent || sent !== csrfToken) throw new ApiError(403, 'Missing or wrong X-CSRF-Token header for a request made with the session cookie');
}

export async function authenticate(c: Context, deps: AppDeps): Promise<Principal | null> {
  const header = c.req.header('authorization');
  if (header !== undefined) return bearerPrincipal(header, deps);
  const sessionId = getCookie(c, sessionCookieName(deps.config));
  if (!sessionId) return null;
  const session = await identity.sessionById(deps.db, sessionId);
  if (!session) return null;
  requireCsrf(c, session.csrf_token);
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
    sessionHash: sha256(sessionId),
  };
}

/** API clients seen to exist on the embedded store, with the client generation then (identity.clientGeneration). */
const clientsSeen = new WeakMap<AppDeps['db'], Map<string, number>>();

/**
 * Whether an API client still exists. The embedded store is one process, and clients leave it only
 * through identity.deleteClient, which moves the generation: a client seen since then still exists
 * without asking again, so a repeated request costs no statement. On PostgreSQL (several instances, and
 * an administrator's SQL) every request asks.
 */
async function clientStillExists(deps: AppDeps, id: string): Promise<boolean> {
  const cacheable = deps.db.engine === 'pglite';
  const generation = identity.clientGeneration();
  let seen = clientsSeen.get(deps.db);
  if (cacheable && seen?.get(id) === generation) return true;
  const exists = await identity.clientExists(deps.db, id);
  if (exists && cacheable && identity.clientGeneration() === generation) {
    if (!seen) clientsSeen.set(deps.db, (seen = new Map()));
    if (seen.size >= 10_000) seen.clear();
    seen.set(id, generation);
  }
  return exists;
}

/** The caller of an Authorization header, or a 401 (also for briefings given again before the app: briefing.fast-path.ts). */
export async function bearerPrincipal(header: string, deps: AppDeps): Promise<Principal> {
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) throw unauthorized('The Authorization header must be "Bearer <access token>"', true);
  const claims = await deps.tokens.verify(m[1]!, deps.now());
  if (!claims) throw unauthorized('The access token is invalid or expired; ask POST /v1/oauth/token for a new one', true);
  if (claims.kind === 'user') {
    const session = claims.sid ? await identity.sessionByHash(deps.db, claims.sid) : null;
    if (!session || session.user_id !== claims.sub) throw unauthorized('The session this token was issued from has ended; sign in again', true);
  } else if (!(await clientStillExists(deps, claims.sub))) {
    // A client's tokens die with the client: a deleted API client's token is refused at once.
    throw unauthorized('The API client this token was issued to no longer exists', true);
  }
  let p = principals.get(claims);
  if (!p) {
    p = {
      kind: claims.kind,
      id: claims.sub,
      name: claims.name,
      scopes: new Set(claims.scopes),
      roles: claims.roles,
      orgId: claims.org,
      via: 'bearer',
      ...(claims.sid ? { sessionHash: claims.sid } : {}),
    };
    principals.set(claims, p);
  }
  return p;
}

/**
 * The caller of each verified token's claims, made once: the token cache (tokens.ts) gives the same
 * claims object while the token is cached, so a request does not build its scope set again.
 */
const principals = new WeakMap<object, Principal>();
