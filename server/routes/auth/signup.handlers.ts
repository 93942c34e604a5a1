/**
 * Sandbox sign-up (docs/auth.md "Sign-up"): anyone creates an account and their own organization, of
 * which they are the operator. Only on the sandbox profile: elsewhere the route is not mounted, and the
 * handler answers the 404 of an unknown path should it ever be.
 */
import type { Context } from 'hono';
import type { Role, Session, SignUpRequest } from '../../contract/auth';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/client-address';
import { ApiError, conflict, errorBody } from '../../http/errors';
import { rateLimitsFor } from '../../http/rate-limit';
import { accounts } from '../../store/accounts';
import { hashSecret, identity } from '../../store/identity';
import { secretHashing } from '../../http/secret-hashing';
import { startSession } from './start-session';

/** The founder of an organization flies too, and manages its people. */
const FOUNDER_ROLES: Role[] = ['pilot', 'operator'];

/** The same answer whoever asks about a taken email: nothing about the account behind it. */
export const EMAIL_TAKEN = 'email: an account with this email already exists; sign in instead';

export async function signUp(deps: AppDeps, c: Context, body: SignUpRequest): Promise<Session> {
  if (deps.config.profile !== 'sandbox') throw new ApiError(404, errorBody(404, `No such endpoint: POST ${c.req.path}`).message);
  const limits = rateLimitsFor(deps);
  await limits.beforeAccountCreation(clientAddress(c, deps.config.trustProxyHops));
  // Hashed before anything is looked up, so a taken email costs the same scrypt as a new one.
  const passwordHash = await secretHashing.run(() => hashSecret(body.password));
  const userId = await deps.db.transaction(async (tx) => {
    const orgId = await accounts.createOrganization(tx, body.organizationName);
    if (!orgId) throw conflict('organizationName: an organization with this name already exists; choose another name');
    const id = await accounts.createUser(tx, { email: body.email, name: body.name, passwordHash, roles: FOUNDER_ROLES, orgId });
    if (!id) throw conflict(EMAIL_TAKEN);
    return id;
  });
  const user = await identity.userById(deps.db, userId);
  if (!user) throw new Error('the new account vanished');
  return startSession(deps, c, user);
}
