/**
 * The authorization lifecycle table (domain.md "LAANC"; server/domain/laanc/state-machine.ts enforces it).
 * In the contract so the portal offers exactly the actions the service allows. Pure; types only.
 */
import type { AuthorizationStatus } from './laanc';

export type AuthorizationAction =
  | 'approve'
  | 'deny'
  | 'auto_cancel'
  | 'cancel'
  | 'close'
  | 'rescind'
  | 'invalidate'
  | 'acknowledge_rescinded'
  | 'cancel_invalid';

export const ACTIONS: readonly AuthorizationAction[] = ['approve', 'deny', 'auto_cancel', 'cancel', 'close', 'rescind', 'invalidate', 'acknowledge_rescinded', 'cancel_invalid'];

/** Who may take an action: the pilot side (API), the FAA (sandbox), or the service itself. */
export const ACTOR: Record<AuthorizationAction, 'pilot' | 'faa' | 'system'> = {
  approve: 'faa',
  deny: 'faa',
  rescind: 'faa',
  invalidate: 'faa',
  auto_cancel: 'system',
  cancel: 'pilot',
  close: 'pilot',
  acknowledge_rescinded: 'pilot',
  cancel_invalid: 'pilot',
};

export const TRANSITIONS: Readonly<Partial<Record<AuthorizationStatus, Partial<Record<AuthorizationAction, AuthorizationStatus>>>>> = {
  STATUS_PENDING: { approve: 'STATUS_APPROVED', deny: 'STATUS_DENIED', auto_cancel: 'STATUS_AUTO_CANCELLED', cancel: 'STATUS_CANCELLED' },
  STATUS_APPROVED: { cancel: 'STATUS_CANCELLED', close: 'STATUS_CLOSED', rescind: 'STATUS_RESCINDED', invalidate: 'STATUS_INVALID' },
  STATUS_RESCINDED: { acknowledge_rescinded: 'STATUS_RESCINDED_ACKNOWLEDGED' },
  STATUS_INVALID: { cancel_invalid: 'STATUS_INVALID_CANCELLED' },
};

