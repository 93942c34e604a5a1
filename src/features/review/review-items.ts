/**
 * The review queue's rows, from three sources the service offers (docs/operations-laanc.md):
 * rescinded and invalid authorizations (GET /v1/laanc/operations/rescinded-invalid), pending further
 * coordination (each upcoming operation's LAANC operation) and failing callback deliveries (each
 * operation's GET …/callbacks). Pure: the hook gathers, this decides what needs attention.
 */
import type { Authorization, LaancOperationResult } from '../../../server/contract/laanc';
import type { RescindedInvalidList } from '../laanc/api/list-rescinded-invalid';
import { isFailing, type CallbackDeliveryList } from '../operations/api/list-operation-callbacks';

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
  rescindedInvalid: RescindedInvalidList | undefined;
  laanc: { operationId: string; name: string; result: LaancOperationResult | null | undefined }[];
  callbacks: { operationId: string; name: string; list: CallbackDeliveryList | undefined }[];
}

export function buildReviewItems({ rescindedInvalid, laanc, callbacks }: Sources): ReviewItem[] {
  const items: ReviewItem[] = [];
  for (const op of rescindedInvalid?.operations ?? []) {
    for (const { authorization: a, statusReason } of op.authorizations) {
      if (a.status !== 'STATUS_RESCINDED' && a.status !== 'STATUS_INVALID') continue;
      const kind = a.status === 'STATUS_RESCINDED' ? 'rescinded' : 'invalid';
      items.push({ key: `${kind}:${a.id}`, kind, operationId: op.operationId, operationName: op.name, authorization: a, why: statusReason, at: a.lastUpdatedAt, failures: 0 });
    }
  }
  for (const { operationId, name, result } of laanc) {
    for (const a of result?.operation.authorizations ?? []) {
      if (a.status !== 'STATUS_PENDING') continue;
      const why = a.justification ? `Justification: “${a.justification}”` : null;
      items.push({ key: `pending:${a.id}`, kind: 'pending', operationId, operationName: name, authorization: a, why, at: a.createdAt, failures: 0 });
    }
  }
  for (const { operationId, name, list } of callbacks) {
    const failing = (list?.deliveries ?? []).filter(isFailing);
    const latest = failing[0]; // newest first
    if (!latest) continue;
    items.push({ key: `callback:${operationId}`, kind: 'callback', operationId, operationName: name, authorization: null, why: latest.lastError, at: latest.createdAt, failures: failing.length });
  }
  return items.sort((a, b) => KIND_TEXT[a.kind].order - KIND_TEXT[b.kind].order || b.at.localeCompare(a.at));
}

export function filterItems(items: ReviewItem[], kind: ReviewKind | '', q: string): ReviewItem[] {
  const needle = q.trim().toLowerCase();
  return items.filter(
    (i) => (!kind || i.kind === kind) && (!needle || `${i.operationName}\n${i.authorization?.referenceCode ?? ''}\n${i.authorization?.airTrafficControl ?? ''}`.toLowerCase().includes(needle)),
  );
}
