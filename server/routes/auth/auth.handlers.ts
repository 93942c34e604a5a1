import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { User } from '../../contract/auth';
import { isScope, type Scope } from '../../contract/scopes';
import type { AppDeps } from '../../deps';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../http/authenticate';
import { ApiError, badRequest, unauthorized } from '../../http/errors';
import { scopesForRoles, type Principal } from '../../http/principal';
import { identity, verifySecret, type UserRow } from '../../store/identity';

/** Client credentials grant (domain.md). An optional space-separated `scope` narrows the grant. */
export async function issueClientToken(deps: AppDeps, body: { client_id: string; client_secret: string; scope?: string | undefined }) {
  const client = await identity.clientById(deps.db, body.client_id);
  // Same answer for an unknown client and a wrong secret: no hint which one was wrong.
  if (!client || !(await verifySecret(body.client_secret, client.secret_hash))) {
    throw unauthorized('Unknown client or wrong client secret');
  }
  let scopes: Scope[] = client.scopes;
  if (body.scope !== undefined && body.scope.trim() !== '') {
    const asked = body.scope.trim().split(/\s+/);
    const unknown = asked.filter((s) => !isScope(s));
    if (unknown.length) throw badRequest(`Unknown scope: ${unknown.join(', ')}`);
    const notGranted = asked.filter((s) => !client.scopes.includes(s as Scope));
    if (notGranted.length) throw new ApiError(403, `The client may not have the scope ${notGranted.join(', ')}`);
    scopes = asked as Scope[];
  }
  const { token, expires } = await deps.tokens.issue({ sub: client.id, kind: 'client', name: client.name, scopes, roles: [], org: client.org_id }, deps.now());
  return { statusCode: 200, message: 'success', data: { accessToken: token, expires: expires.toISOString(), scope: scopes.join(' '), tokenType: 'Bearer' as const } };
}

export function toUser(u: UserRow): User {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    roles: u.roles,
    organization: u.org_id ? { id: u.org_id, name: u.org_name ?? '' } : null,
    scopes: scopesForRoles(u.roles),
  };
}

export async function signIn(deps: AppDeps, c: Context, body: { email: string; password: string }) {
  const user = await identity.userByEmail(deps.db, body.email);
  if (!user || !(await verifySecret(body.password, user.password_hash))) throw unauthorized('Wrong email or password');
  const session = await identity.createSession(deps.db, user.id, deps.config.sessionTtlSeconds);
  const secure = deps.config.publicUrl.startsWith('https://');
  const maxAge = deps.config.sessionTtlSeconds;
  setCookie(c, SESSION_COOKIE, session.id, { httpOnly: true, sameSite: 'Lax', path: '/', secure, maxAge });
  setCookie(c, CSRF_COOKIE, session.csrfToken, { httpOnly: false, sameSite: 'Lax', path: '/', secure, maxAge });
  return { user: toUser(user), csrfToken: session.csrfToken, expires: session.expires.toISOString() };
}

export async function signOut(deps: AppDeps, c: Context) {
  const id = getCookie(c, SESSION_COOKIE);
  if (id) await identity.deleteSession(deps.db, id);
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, CSRF_COOKIE, { path: '/' });
}

export async function me(deps: AppDeps, p: Principal, c: Context) {
  const user = await identity.userById(deps.db, p.id);
  if (!user) throw unauthorized();
  const id = getCookie(c, SESSION_COOKIE);
  const session = id ? await identity.sessionById(deps.db, id) : null;
  return {
    user: toUser(user),
    csrfToken: session?.csrf_token ?? '',
    expires: (session?.expires_at ?? new Date(deps.now().getTime() + deps.config.tokenTtlSeconds * 1000)).toISOString(),
  };
}

/** A person's bearer token (for scripts of their own, and for the portal when it talks to another deployment). */
export async function issueUserToken(deps: AppDeps, p: Principal) {
  const { token, expires } = await deps.tokens.issue({ sub: p.id, kind: 'user', name: p.name, scopes: [...p.scopes], roles: [...p.roles], org: p.orgId }, deps.now());
  return { statusCode: 200, message: 'success', data: { accessToken: token, expires: expires.toISOString(), scope: [...p.scopes].join(' '), tokenType: 'Bearer' as const } };
}
