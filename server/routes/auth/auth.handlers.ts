import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { TokenRequest, TokenResponse } from '../../contract/auth';
import { isScope, type Scope } from '../../contract/scopes';
import type { AppDeps } from '../../deps';
import { CSRF_COOKIE, requireCsrf, sessionCookieName } from '../../http/authenticate';
import { clientAddress } from '../../http/client-address';
import { unauthorized } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { rateLimitsFor } from '../../http/rate-limit';
import { dummySecretHash, identity, verifySecret } from '../../store/identity';
import { secretHashing, verifyClientSecret } from '../../http/secret-hashing';
import { startSession } from './start-session';
import { toUser } from './to-user';
import { clientCredentials, oauthError } from './oauth';

/**
 * Client credentials grant (domain.md, RFC 6749 4.4). An optional space-separated `scope` narrows the
 * grant. Rate-limited per address and per client_id; an unknown client costs the same scrypt as a wrong
 * secret. Errors carry RFC 6749's `error` beside the envelope (./oauth.ts).
 */
export async function issueClientToken(deps: AppDeps, c: Context, body: TokenRequest) {
  const credentials = clientCredentials(c, body);
  const limits = rateLimitsFor(deps);
  const address = clientAddress(c, deps.config.trustProxyHops);
  await limits.beforeToken(address, credentials.id);
  const client = await identity.clientById(deps.db, credentials.id);
  const secretOk = client
    ? await verifyClientSecret(client.id, credentials.secret, client.secret_hash)
    : await secretHashing.run(async () => verifySecret(credentials.secret, await dummySecretHash()));
  await limits.afterToken(address, credentials.id, !!client && secretOk);
  // Same answer for an unknown client and a wrong secret: no hint which one was wrong.
  if (!client || !secretOk) throw oauthError(401, 'invalid_client', 'Unknown client or wrong client secret');
  let scopes: Scope[] = client.scopes;
  if (body.scope !== undefined && body.scope.trim() !== '') {
    const asked = body.scope.trim().split(/\s+/);
    const unknown = asked.filter((s) => !isScope(s));
    if (unknown.length) throw oauthError(400, 'invalid_scope', `Unknown scope: ${unknown.join(', ')}`);
    const notGranted = asked.filter((s) => !client.scopes.includes(s as Scope));
    if (notGranted.length) throw oauthError(403, 'invalid_scope', `The client may not have the scope ${notGranted.join(', ')}`);
    scopes = asked as Scope[];
  }
  const { token, expires } = await deps.tokens.issue({ sub: client.id, kind: 'client', name: client.name, scopes, roles: [], org: client.org_id }, deps.now());
  return tokenReply(token, expires, scopes, deps.now());
}

/** The legacy envelope and, at the top level, RFC 6749 5.1's fields (one token, two spellings). */
function tokenReply(token: string, expires: Date, scopes: readonly string[], now: Date): TokenResponse {
  const scope = scopes.join(' ');
  return {
    statusCode: 200,
    message: 'success',
    data: { accessToken: token, expires: expires.toISOString(), scope, tokenType: 'Bearer' },
    access_token: token,
    token_type: 'Bearer',
    // Rounded down: never claims a second the token does not have.
    expires_in: Math.max(0, Math.floor((expires.getTime() - now.getTime()) / 1000)),
    scope,
  };
}

/**
 * Rate-limited per address and per account. An unknown email is checked against a dummy hash, so it
 * costs the same as a wrong password and answers the same.
 */
export async function signIn(deps: AppDeps, c: Context, body: { email: string; password: string }) {
  const limits = rateLimitsFor(deps);
  const address = clientAddress(c, deps.config.trustProxyHops);
  await limits.beforeSignIn(address, body.email);
  const user = await identity.userByEmail(deps.db, body.email);
  const stored = user?.password_hash ?? (await dummySecretHash());
  const passwordOk = await secretHashing.run(() => verifySecret(body.password, stored));
  await limits.afterSignIn(address, body.email, !!user && passwordOk);
  if (!user || !passwordOk) throw unauthorized('Wrong email or password');
  return startSession(deps, c, user);
}

/** Ends the session (and with it every bearer token issued from it). Needs the CSRF header like any change. */
export async function signOut(deps: AppDeps, c: Context) {
  const name = sessionCookieName(deps.config);
  const id = getCookie(c, name);
  const session = id ? await identity.sessionById(deps.db, id) : null;
  if (id && session) {
    requireCsrf(c, session.csrf_token);
    await identity.deleteSession(deps.db, id);
  }
  const secure = deps.config.publicUrl.startsWith('https://');
  deleteCookie(c, name, { path: '/', secure });
  deleteCookie(c, CSRF_COOKIE, { path: '/', secure });
}

export async function me(deps: AppDeps, p: Principal, c: Context) {
  const user = await identity.userById(deps.db, p.id);
  if (!user) throw unauthorized();
  const id = getCookie(c, sessionCookieName(deps.config));
  const session = id ? await identity.sessionById(deps.db, id) : null;
  return {
    user: toUser(user),
    csrfToken: session?.csrf_token ?? '',
    expires: (session?.expires_at ?? new Date(deps.now().getTime() + deps.config.tokenTtlSeconds * 1000)).toISOString(),
  };
}

/**
 * A person's bearer token (for scripts of their own), tied to the session it was asked from: signing
 * out ends it too.
 */
export async function issueUserToken(deps: AppDeps, p: Principal) {
  if (!p.sessionHash) throw unauthorized('A person token needs a signed-in session');
  const claims = { sub: p.id, kind: 'user' as const, name: p.name, scopes: [...p.scopes], roles: [...p.roles], org: p.orgId, sid: p.sessionHash };
  const { token, expires } = await deps.tokens.issue(claims, deps.now());
  return tokenReply(token, expires, [...p.scopes], deps.now());
}
