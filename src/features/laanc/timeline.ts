/**
 * The status history of an authorization, rebuilt from what the service exposes: who submitted it and
 * when (createdAt/createdBy), the current status (lastUpdatedAt/editedBy/statusReason), and in between
 * the callback deliveries, one per status change (docs/operations-laanc.md "Callbacks"). The service
 * keeps no history of its own, so steps that no delivery records are inferred from the state machine
 * (each status other than CANCELLED has exactly one predecessor) and shown without a time.
 */
import type { Authorization, AuthorizationStatus } from '../../../server/contract/laanc';
import { STATUS_TEXT } from './laanc-text';

export interface TimelineEvent {
  key: string;
  status: AuthorizationStatus | 'SUBMITTED';
  title: string;
  at: string | null;
  who: string | null;
  why: string | null;
}

export interface StatusChange {
  authStatus: string;
  createdAt: string;
}

// CANCELLED is missing on purpose: it follows PENDING or APPROVED, so nothing can be inferred.
const PREVIOUS: Partial<Record<AuthorizationStatus, AuthorizationStatus>> = {
  STATUS_DENIED: 'STATUS_PENDING',
  STATUS_AUTO_CANCELLED: 'STATUS_PENDING',
  STATUS_CLOSED: 'STATUS_APPROVED',
  STATUS_RESCINDED: 'STATUS_APPROVED',
  STATUS_INVALID: 'STATUS_APPROVED',
  STATUS_RESCINDED_ACKNOWLEDGED: 'STATUS_RESCINDED',
  STATUS_INVALID_CANCELLED: 'STATUS_INVALID',
};

const ACTOR: Partial<Record<AuthorizationStatus, string>> = {
  STATUS_APPROVED: 'FAA',
  STATUS_DENIED: 'FAA',
  STATUS_RESCINDED: 'FAA',
  STATUS_INVALID: 'FAA or an airspace data change',
  STATUS_AUTO_CANCELLED: 'SkyPlan (no FAA answer before the start)',
  STATUS_CANCELLED: 'Pilot side',
  STATUS_CLOSED: 'Pilot side',
  STATUS_RESCINDED_ACKNOWLEDGED: 'Pilot side',
  STATUS_INVALID_CANCELLED: 'Pilot side',
};

export function personLabel(id: string, meId: string | null): string {
  return id === meId ? 'you' : `user ${id.slice(0, 8)}`;
}

const isStatus = (s: string): s is AuthorizationStatus => s in STATUS_TEXT;

export function buildTimeline(a: Authorization, statusReason: string | null | undefined, changes: StatusChange[], meId: string | null): TimelineEvent[] {
  const auto = a.submissionType === 'SUBMISSION_TYPE_AUTO_AUTHORIZATION';
  const initial: AuthorizationStatus = auto ? 'STATUS_APPROVED' : 'STATUS_PENDING';
  const events: TimelineEvent[] = [
    {
      key: 'submitted',
      status: 'SUBMITTED',
      title: auto ? 'Submitted for automatic approval' : 'Submitted for further coordination',
      at: a.createdAt,
      who: personLabel(a.createdBy, meId),
      why: a.justification || null,
    },
    {
      key: 'initial',
      status: initial,
      title: STATUS_TEXT[initial].label,
      at: a.createdAt,
      who: auto ? 'LAANC (automatic)' : 'sent to the FAA',
      why: null,
    },
  ];
  if (a.status === initial) return events;

  // The steps between the initial and the current status, oldest first.
  const path: AuthorizationStatus[] = [a.status];
  for (let s = PREVIOUS[a.status]; s && s !== initial; s = PREVIOUS[s]) path.unshift(s);
  const seen = [...changes].sort((x, y) => x.createdAt.localeCompare(y.createdAt));
  const timeOf = (s: AuthorizationStatus) => seen.filter((c) => c.authStatus === s && isStatus(c.authStatus)).at(-1)?.createdAt ?? null;

  for (const s of path.slice(0, -1)) {
    events.push({ key: s, status: s, title: STATUS_TEXT[s].label, at: timeOf(s), who: ACTOR[s] ?? null, why: null });
  }
  const by = personLabel(a.editedBy, meId);
  events.push({
    key: a.status,
    status: a.status,
    title: STATUS_TEXT[a.status].label,
    at: a.lastUpdatedAt,
    who: ACTOR[a.status] ? `${ACTOR[a.status]} (${by})` : by,
    why: statusReason ?? null,
  });
  return events;
}
