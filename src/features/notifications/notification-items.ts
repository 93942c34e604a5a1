/**
 * Which authorization changes a person is told about, and in what words. Pure; the bell reads the
 * service's event list and the time the person last looked (kept per person in localStorage).
 */
import type { AuthorizationEventListItem, AuthorizationStatus } from '../../../server/contract/laanc';

/** The changes a pilot must act on or may now fly under (issue: approved, denied, rescinded, invalid). */
export const NOTIFY: ReadonlySet<AuthorizationStatus> = new Set(['STATUS_APPROVED', 'STATUS_DENIED', 'STATUS_RESCINDED', 'STATUS_INVALID']);

const VERB: Partial<Record<AuthorizationStatus, string>> = {
  STATUS_APPROVED: 'approved',
  STATUS_DENIED: 'denied',
  STATUS_RESCINDED: 'rescinded: do not fly',
  STATUS_INVALID: 'invalid: do not fly',
};

export interface NotificationItem {
  key: string;
  title: string;
  body: string;
  operationId: string;
  at: string;
  timeZone: string;
  status: AuthorizationStatus;
  unread: boolean;
}

export function notificationItems(events: readonly AuthorizationEventListItem[], seenAt: string | null): NotificationItem[] {
  return events
    .filter((e) => NOTIFY.has(e.status))
    .map((e) => ({
      key: `${e.authorizationId}:${e.status}:${e.at}`,
      title: `${e.operationName}: ${e.referenceCode} ${VERB[e.status]}`,
      body: e.reason ? `Reason: ${e.reason}` : e.status === 'STATUS_APPROVED' ? 'You may fly within its area, altitude and time.' : 'Open the operation for what to do.',
      operationId: e.operationId,
      at: e.at,
      timeZone: e.operationTimezone,
      status: e.status,
      unread: !seenAt || e.at > seenAt,
    }));
}

const seenKey = (userId: string) => `skyplan.notifications.seen.${userId}`;

export function readSeenAt(userId: string): string | null {
  return localStorage.getItem(seenKey(userId));
}

export function writeSeenAt(userId: string, at: string): void {
  localStorage.setItem(seenKey(userId), at);
}
