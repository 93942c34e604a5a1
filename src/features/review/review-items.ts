/**
 * The review queue's rows, from two lists the service offers (docs/operations-laanc.md): the
 * authorizations that wait for someone (GET /v1/laanc/authorizations?status=STATUS_RESCINDED,
 * STATUS_INVALID,STATUS_PENDING) and the callback deliveries that fail (GET /v1/callbacks?state=failing,dead).
 * Pure: the hook gathers, this decides what needs attention.
 */
import type { Authorization, AuthorizationList } from '../../../server/contract/laanc';
import type { CallbackList } from '../../../server/contract/operations';

export type ReviewKind = 'rescinded' | 'invalid' | 'pending' | 'callback';

export interface ReviewItem {
  key: string;
  kind: ReviewKind;
  operationId: string;
  operationName: string;
  authorization: Authorization | null;
  /** Why it needs attention: the FAA's reason, the justification waiting, the receiver's error. */
  why: string | null;
  at: string;
  /** Zone of the operation's area, in which its times are shown (UTC where the list does not say). */
  timeZone: string;
  /** Failing deliveries of the operation (callback rows). */
  failures: number;
}

export const KIND_TEXT: Record<ReviewKind, { label: string; tone: string; order: number }> = {
  rescinded: { label: 'Rescinded: acknowledge', tone: 'danger', order: 0 },
  invalid: { label: 'Invalid: cancel', tone: 'danger', order: 1 },
  callback: { label: 'Callback failing', tone: 'warning', order: 2 },
  pending: { label: 'Pending FAA', tone: 'warning', order: 3 },
};

interface Sources {
  authorizations: AuthorizationList | undefined;
  callbacks: CallbackList | undefined;
}

const KIND_OF: Partial<Record<Authorization['status'], ReviewKind>> = {
  STATUS_RESCINDED: 'rescinded',
  STATUS_INVALID: 'invalid',
  STATUS_PENDING: 'pending',
};

export function buildReviewItems({ authorizations, callbacks }: Sources): ReviewItem[] {
  const items: ReviewItem[] = [];
  for (const { authorization: a, operationId, operationName, operationTimezone: timeZone, statusReason } of authorizations?.authorizations ?? []) {
    const kind = KIND_OF[a.status];
    if (!kind) continue;
    if (kind === 'pending') {
      const why = a.justification ? `Justification: “${a.justification}”` : null;
      items.push({ key: `pending:${a.id}`, kind, operationId, operationName, authorization: a, why, at: a.createdAt, timeZone, failures: 0 });
    } else {
      items.push({ key: `${kind}:${a.id}`, kind, operationId, operationName, authorization: a, why: statusReason, at: a.lastUpdatedAt, timeZone, failures: 0 });
    }
  }
  // One row per operation: its newest failing delivery and how many fail.
  const zoneOf = new Map(items.map((i) => [i.operationId, i.timeZone]));
  const byOperation = new Map<string, ReviewItem>();
  for (const d of callbacks?.deliveries ?? []) {
    if (d.state === 'DELIVERED' || (d.state === 'PENDING' && d.attempts === 0)) continue;
    const row = byOperation.get(d.operationId);
    if (row) row.failures += 1;
    else {
      byOperation.set(d.operationId, {
        key: `callback:${d.operationId}`, kind: 'callback', operationId: d.operationId, operationName: d.operationName, authorization: null,
        why: d.lastError, at: d.createdAt, timeZone: zoneOf.get(d.operationId) ?? 'UTC', failures: 1,
      });
    }
  }
  items.push(...byOperation.values());
  return items.sort((a, b) => KIND_TEXT[a.kind].order - KIND_TEXT[b.kind].order || b.at.localeCompare(a.at));
}

export function filterItems(items: ReviewItem[], kind: ReviewKind | '', q: string): ReviewItem[] {
  const needle = q.trim().toLowerCase();
  return items.filter(
    (i) => (!kind || i.kind === kind) && (!needle || `${i.operationName}\n${i.authorization?.referenceCode ?? ''}\n${i.authorization?.airTrafficControl ?? ''}`.toLowerCase().includes(needle)),
  );
}
