/**
 * Invites by link (docs/auth.md "Invites"). An operator creates, lists and revokes their organization's
 * invites; whoever holds a link sees who invites them, then signs up with it or, signed in, joins.
 * The link's secret (32 random bytes) travels in the request body and in the portal URL's fragment,
 * never in a path or query a log could keep; the store keeps its SHA-256.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Role, Session } from '../../contract/auth';
import type { Invite, InviteCreated, InvitePreview, InviteRole, InviteSignUpRequest } from '../../contract/organization';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/client-address';
import { conflict, forbidden, gone, notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { rateLimitsFor } from '../../http/rate-limit';
import { accounts } from '../../store/accounts';
import { hashSecret, identity, sha256 } from '../../store/identity';
import { secretHashing } from '../../http/secret-hashing';
import { inviteState, invites, type InviteRow } from '../../store/invites';
import { EMAIL_TAKEN } from '../auth/signup.handlers';
import { startSession } from '../auth/start-session';
import { toUser } from '../auth/to-user';

const DAY_MS = 86_400_000;

const ROLES: Record<InviteRole, Role[]> = { pilot: ['pilot'], operator: ['pilot', 'operator'] };

const toInvite = (r: InviteRow): Invite => ({
  id: r.id,
  role: r.role,
  invitedBy: r.created_by_name,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
});

/** An operator of an organization (a person: API clients do not manage people). */
function operatorOrg(p: Principal): { userId: string; orgId: string } {
  if (p.kind !== 'user' || !p.roles.includes('operator') || !p.orgId) throw forbidden("Only an operator of the organization manages its invites");
  return { userId: p.id, orgId: p.orgId };
}

export async function createInvite(deps: AppDeps, p: Principal, body: { role: InviteRole; expiresInDays: number }): Promise<InviteCreated> {
  const { userId, orgId } = operatorOrg(p);
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const row = await invites.create(deps.db, { tokenHash: sha256(token), orgId, role: body.role, createdBy: userId, now, expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS) });
  return { invite: toInvite(row), token, link: `${deps.config.portalUrl}/invite#${token}` };
}

export async function listInvites(deps: AppDeps, p: Principal): Promise<{ invites: Invite[] }> {
  const { orgId } = operatorOrg(p);
  return { invites: (await invites.pending(deps.db, orgId, deps.now())).map(toInvite) };
}

export async function revokeInvite(deps: AppDeps, p: Principal, id: string): Promise<void> {
  const { orgId } = operatorOrg(p);
  // Another organization's invite, an unknown id and a spent one all answer the same.
  if (!(await invites.revoke(deps.db, orgId, id, deps.now()))) throw notFound('No pending invite of your organization with this id');
}

const SPENT: Record<'used' | 'revoked' | 'expired', string> = {
  used: 'This invite link has already been used; ask the operator for a new one',
  revoked: 'This invite link was revoked by the organization; ask the operator for a new one',
  expired: 'This invite link has expired; ask the operator for a new one',
};

/**
 * The invite a link names, if it can still be used; counted against the caller's address (sign-in's
 * window), and a wrong or spent link as a failure. 404 unknown; 410 used, revoked or expired.
 */
async function usableInvite(deps: AppDeps, c: Context, token: string): Promise<InviteRow> {
  const limits = rateLimitsFor(deps);
  const address = clientAddress(c, deps.config.trustProxyHops);
  await limits.beforeInvite(address);
  const row = await invites.byTokenHash(deps.db, sha256(token));
  const state = row ? inviteState(row, deps.now()) : null;
  await limits.afterInvite(address, !!row && !state);
  if (!row) throw notFound('No invite with this link; check that the whole link was copied');
  if (state) throw gone(SPENT[state]);
  return row;
}

export async function previewInvite(deps: AppDeps, c: Context, token: string): Promise<InvitePreview> {
  const row = await usableInvite(deps, c, token);
  return { organization: row.org_name, invitedBy: row.created_by_name, role: row.role, expiresAt: row.expires_at.toISOString() };
}

/** A new person signs up with the link: their account is created in the organization, and signed in. */
export async function signUpWithInvite(deps: AppDeps, c: Context, body: InviteSignUpRequest): Promise<Session> {
  const row = await usableInvite(deps, c, body.token);
  await rateLimitsFor(deps).beforeAccountCreation(clientAddress(c, deps.config.trustProxyHops));
  // Hashed before the email is looked at: a taken email costs the same scrypt as a new one.
  const passwordHash = await secretHashing.run(() => hashSecret(body.password));
  const userId = await deps.db.transaction(async (tx) => {
    const id = await accounts.createUser(tx, { email: body.email, name: body.name, passwordHash, roles: ROLES[row.role], orgId: row.org_id });
    if (!id) throw conflict(EMAIL_TAKEN);
    if (!(await invites.consume(tx, row.id, id, deps.now()))) throw gone('This invite link was used or revoked a moment ago; ask the operator for a new one');
    return id;
  });
  const user = await identity.userById(deps.db, userId);
  if (!user) throw new Error('the new account vanished');
  return startSession(deps, c, user);
}

/**
 * A signed-in person joins with the link. One organization per person: someone already in one (or the
 * sandbox FAA) is refused, and the link stays usable for the person it was meant for.
 */
export async function joinWithInvite(deps: AppDeps, c: Context, p: Principal, token: string) {
  const row = await usableInvite(deps, c, token);
  if (p.kind !== 'user') throw forbidden('Only a signed-in person can join an organization');
  const me = await identity.userById(deps.db, p.id);
  if (!me) throw forbidden('Only a signed-in person can join an organization');
  if (me.roles.includes('faa')) throw forbidden('The sandbox FAA account cannot join an organization');
  if (me.org_id) {
    const where = me.org_id === row.org_id ? 'this organization already' : `${me.org_name ?? 'another organization'}`;
    throw conflict(`You are a member of ${where}, and a person belongs to one organization. To accept, sign out and sign up with the link under another email.`);
  }
  await deps.db.transaction(async (tx) => {
    if (!(await invites.consume(tx, row.id, me.id, deps.now()))) throw gone('This invite link was used or revoked a moment ago; ask the operator for a new one');
    if (!(await accounts.joinOrganization(tx, me.id, row.org_id, ROLES[row.role]))) throw conflict('You joined another organization a moment ago; a person belongs to one organization');
  });
  const user = await identity.userById(deps.db, me.id);
  return { user: toUser(user!) };
}
