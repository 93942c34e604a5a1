import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { Session } from '../../contract/auth';
import type { AppDeps } from '../../deps';
import { CSRF_COOKIE, sessionCookieName } from '../../http/authenticate';
import { identity, type UserRow } from '../../store/identity';
import { toUser } from './to-user';

/**
 * Starts a person's portal session: the httpOnly session cookie and the readable CSRF cookie (sign-in,
 * sign-up, sign-up by invite).
 */
export async function startSession(deps: AppDeps, c: Context, user: UserRow): Promise<Session> {
  const session = await identity.createSession(deps.db, user.id, deps.config.sessionTtlSeconds);
  const secure = deps.config.publicUrl.startsWith('https://');
  const maxAge = deps.config.sessionTtlSeconds;
  setCookie(c, sessionCookieName(deps.config), session.id, { httpOnly: true, sameSite: 'Lax', path: '/', secure, maxAge });
  // The CSRF cookie keeps its plain name: the portal reads it, and it proves nothing by itself (the
  // header is compared with the session's stored token, not with this cookie).
  setCookie(c, CSRF_COOKIE, session.csrfToken, { httpOnly: false, sameSite: 'Lax', path: '/', secure, maxAge });
  return { user: toUser(user), csrfToken: session.csrfToken, expires: session.expires.toISOString() };
}
