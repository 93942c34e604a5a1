/**
 * Sandbox sign-up (docs/auth.md "Sign-up"): anyone creates an account and their own organization, of
 * which they are the operator, then signs in. Only on the sandbox profile: elsewhere the route is not mounted, and the
 * handler answers the 404 of an unknown path should it ever be.
 */
import type { Context } from 'hono';
import type { Role, SignUpAccepted, SignUpRequest } from '../../contract/auth';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/client-address';
import { ApiError, conflict, errorBody } from '../../http/errors';
import { rateLimitsFor } from '../../http/rate-limit';
import { accounts } from '../../store/accounts';
import { hashSecret } from '../../store/identity';
import { secretHashing } from '../../http/secret-hashing';

/** The founder of an organization flies too, and manages its people. */
const FOUNDER_ROLES: Role[] = ['pilot', 'operator'];

/** An invite sign-up's answer to a taken email (the link is a secret: only its holder learns it). */
export const EMAIL_TAKEN = 'email: an account with this email already exists; sign in instead';

/**
 * The one answer to a sign-up, whether the email was free (the account now exists) or taken (nothing was
 * made): sign-up never says whether an account exists. The person then signs in with the email and
 * password; for a taken email that works only with the existing account's password, and every failed
 * sign-in counts against the address and the account (security.md), so probing emails costs what
 * guessing passwords costs.
 */
export const SIGN_UP_ACCEPTED: SignUpAccepted = {
  statusCode: 202,
  message: 'Sign-up received: sign in with this email and password. If an account with this email already existed, nothing was changed: sign in with its password.',
};

/** Thrown inside the transaction to roll back the organization when the email is taken. */
class EmailTaken extends Error {}

export async function signUp(deps: AppDeps, c: Context, body: SignUpRequest): Promise<SignUpAccepted> {
  if (deps.config.profile !== 'sandbox') throw new ApiError(404, errorBody(404, `No such endpoint: POST ${c.req.path}`).message);
  const limits = rateLimitsFor(deps);
  await limits.beforeAccountCreation(clientAddress(c, deps.config.trustProxyHops));
  // Hashed before anything is looked up, so a taken email costs the same scrypt as a new one.
  const passwordHash = await secretHashing.run(() => hashSecret(body.password));
  try {
    await deps.db.transaction(async (tx) => {
      // The organization name first: its answer (409) does not depend on whether the email is taken.
      const orgId = await accounts.createOrganization(tx, body.organizationName);
      if (!orgId) throw conflict('organizationName: an organization with this name already exists; choose another name');
      const id = await accounts.createUser(tx, { email: body.email, name: body.name, passwordHash, roles: FOUNDER_ROLES, orgId });
      if (!id) throw new EmailTaken();
    });
  } catch (err) {
    if (!(err instanceof EmailTaken)) throw err;
  }
  return SIGN_UP_ACCEPTED;
}
