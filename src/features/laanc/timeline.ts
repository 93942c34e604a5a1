/**
 * The status history of an authorization, as the service records it (docs/operations-laanc.md
 * "Authorization history"): one event per status change, with when, who and why. The submit event is
 * shown as two steps, the submission (with its justification) and the status it started in.
 */
import type { Authorization, AuthorizationEvent, AuthorizationEventAction, AuthorizationStatus } from '../../../server/contract/laanc';
import { STATUS_TEXT } from './laanc-text';

export interface TimelineEvent {
  key: string;
  status: AuthorizationStatus | 'SUBMITTED';
  title: string;
  at: string;
  who: string;
  why: string | null;
}

const ACTOR: Record<Exclude<AuthorizationEventAction, 'submit'>, string> = {
  approve: 'FAA',
  deny: 'FAA',
  rescind: 'FAA',
  invalidate: 'FAA',
  auto_cancel: 'SkyPlan (no FAA answer before the start)',
  cancel: 'Pilot side',
  close: 'Pilot side',
  acknowledge_rescinded: 'Pilot side',
  cancel_invalid: 'Pilot side',
};

export function personLabel(id: string, meId: string | null): string {
  return id === meId ? 'you' : `user ${id.slice(0, 8)}`;
}

function whoOf(e: AuthorizationEvent, meId: string | null): string {
  if (e.action === 'submit') return personLabel(e.by, meId);
  if (e.by === 'system') return e.action === 'invalidate' ? 'SkyPlan (airspace data changed)' : ACTOR[e.action];
  return `${ACTOR[e.action]} (${personLabel(e.by, meId)})`;
}

export function buildTimeline(a: Pick<Authorization, 'id' | 'submissionType'>, history: AuthorizationEvent[], meId: string | null): TimelineEvent[] {
  const auto = a.submissionType === 'SUBMISSION_TYPE_AUTO_AUTHORIZATION';
  return history.flatMap((e, i): TimelineEvent[] => {
    const step: TimelineEvent = { key: `${i}:${e.status}`, status: e.status, title: STATUS_TEXT[e.status].label, at: e.at, who: whoOf(e, meId), why: e.reason };
    if (e.action !== 'submit') return [step];
    return [
      {
        key: `${i}:submitted`,
        status: 'SUBMITTED',
        title: auto ? 'Submitted for automatic approval' : 'Submitted for further coordination',
        at: e.at,
        who: whoOf(e, meId),
        why: e.reason,
      },
      { ...step, who: e.status === 'STATUS_APPROVED' ? 'LAANC (automatic)' : 'sent to the FAA', why: null },
    ];
  });
}
