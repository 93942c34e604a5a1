/**
 * The authorization lifecycle (domain.md "LAANC", our choice of statuses and transitions), as one pure
 * table. Every status change in the service goes through next(); anything not in the table is refused
 * with the list of what is allowed from the current status.
 *
 *   submit → APPROVED (auto-authorization) or PENDING (further coordination)
 *   PENDING  → APPROVED (FAA approve), DENIED (FAA deny), AUTO_CANCELLED (start reached), CANCELLED (pilot)
 *   APPROVED → CANCELLED (pilot), CLOSED (pilot, flight done), RESCINDED (FAA), INVALID (data change)
 *   RESCINDED → RESCINDED_ACKNOWLEDGED (pilot)
 *   INVALID   → INVALID_CANCELLED (pilot)
 * DENIED, CANCELLED, AUTO_CANCELLED, RESCINDED_ACKNOWLEDGED, INVALID_CANCELLED and CLOSED are final.
 */
import type { AuthorizationStatus, SubmissionType } from '../../contract/laanc';
import { TRANSITIONS, type AuthorizationAction } from '../../contract/laanc-lifecycle';

// The table itself is in the contract: the portal offers exactly the actions the service allows.
export { ACTIONS, ACTOR, TRANSITIONS, type AuthorizationAction } from '../../contract/laanc-lifecycle';

/** The status a new authorization starts in. */
export function initialStatus(t: SubmissionType): AuthorizationStatus {
  return t === 'SUBMISSION_TYPE_FURTHER_COORDINATION' ? 'STATUS_PENDING' : 'STATUS_APPROVED';
}

export function allowedFrom(status: AuthorizationStatus): Array<{ action: AuthorizationAction; to: AuthorizationStatus }> {
  return Object.entries(TRANSITIONS[status] ?? {}).map(([action, to]) => ({ action: action as AuthorizationAction, to: to! }));
}

export type TransitionResult =
  | { ok: true; to: AuthorizationStatus }
  | { ok: false; message: string; allowed: Array<{ action: AuthorizationAction; to: AuthorizationStatus }> };

export function next(from: AuthorizationStatus, action: AuthorizationAction): TransitionResult {
  const to = TRANSITIONS[from]?.[action];
  if (to) return { ok: true, to };
  const allowed = allowedFrom(from);
  const list = allowed.length ? allowed.map((a) => `${a.action} (→ ${a.to})`).join(', ') : 'nothing (it is final)';
  return { ok: false, allowed, message: `Cannot ${action.replace(/_/g, ' ')} an authorization in ${from}; allowed from ${from}: ${list}` };
}

export function isFinal(s: AuthorizationStatus): boolean {
  return allowedFrom(s).length === 0;
}
