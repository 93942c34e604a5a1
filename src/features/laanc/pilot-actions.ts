/**
 * What the pilot side may do from each status: the pilot rows of the service's own lifecycle table
 * (server/contract/laanc-lifecycle.ts). The service refuses anything else with 409; offering only
 * these keeps people from meeting that refusal.
 */
import type { AuthorizationStatus } from '../../../server/contract/laanc';
import { ACTOR, TRANSITIONS, type AuthorizationAction } from '../../../server/contract/laanc-lifecycle';
import type { PilotAction } from './api/act-on-authorization';

export interface ActionText {
  action: PilotAction;
  label: string;
  title: string;
  confirm: string;
  danger: boolean;
}

const CANCEL: ActionText = {
  action: 'cancel',
  label: 'Cancel',
  title: 'Cancel this authorization?',
  confirm: 'The authorization ends and cannot be restored; you would have to submit again.',
  danger: true,
};
const CLOSE: ActionText = {
  action: 'close',
  label: 'Close',
  title: 'Close this authorization?',
  confirm: 'Close it when the flight is done. It cannot be used again.',
  danger: false,
};
const ACKNOWLEDGE: ActionText = {
  action: 'acknowledge-rescinded',
  label: 'Acknowledge',
  title: 'Acknowledge the rescinded authorization?',
  confirm: 'You confirm that you have seen that the FAA withdrew it and that you will not fly under it.',
  danger: false,
};
const CANCEL_INVALID: ActionText = {
  action: 'cancel-invalid',
  label: 'Cancel invalid',
  title: 'Cancel the invalid authorization?',
  confirm: 'It became invalid after an airspace change. Cancelling records that you will not fly under it.',
  danger: true,
};

/** The words for each pilot action, in the order they are offered (the usual one first). */
const TEXT: Partial<Record<AuthorizationAction, ActionText>> = { close: CLOSE, cancel: CANCEL, acknowledge_rescinded: ACKNOWLEDGE, cancel_invalid: CANCEL_INVALID };
const ORDER = Object.keys(TEXT) as AuthorizationAction[];

export function pilotActions(status: AuthorizationStatus): ActionText[] {
  const allowed = TRANSITIONS[status] ?? {};
  return ORDER.filter((a) => ACTOR[a] === 'pilot' && allowed[a] !== undefined).map((a) => TEXT[a]!);
}

/** Pending or approved: the operation and its LAANC part cannot change (the service answers 409). */
export function isActive(status: AuthorizationStatus): boolean {
  return status === 'STATUS_PENDING' || status === 'STATUS_APPROVED';
}
