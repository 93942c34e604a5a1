/**
 * Applies one lifecycle action to one authorization, safely under concurrency: inside a transaction
 * the row is locked (FOR UPDATE), the pure state machine decides, and the UPDATE is conditional on
 * the status read (WHERE status = $expected). Of two concurrent actions one applies and the other is
 * refused with 409, so the authorization always ends in one legal state. The callback outbox row and
 * the history event are written in the same transaction (spec 6: every status change is reported).
 */
import type { AuthorizationStatus } from '../../contract/laanc';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import { laancStore, type AuthorizationRecord } from '../../store/laanc';
import { laancHistoryStore } from '../../store/laanc-history';
import { operationsStore } from '../../store/operations';
import { enqueueStatusChange } from '../callbacks/outbox';
import { next, type AuthorizationAction } from '../../domain/laanc/state-machine';

export interface TransitionInput {
  authorizationId: string;
  action: AuthorizationAction;
  /** Who: a user or client id, or "system". */
  by: string;
  /** Why (FAA decisions, auto-cancel, data changes); kept as the authorization's statusReason. */
  reason?: string | null;
  /** Refuse unless the authorization is still in this status (the caller read it before deciding). */
  expected?: AuthorizationStatus;
}

export async function transition(deps: AppDeps, t: TransitionInput): Promise<AuthorizationRecord> {
  const now = deps.now();
  const { updated, wrote } = await deps.db.transaction(async (tx) => {
    const current = await laancStore.authorization(tx, t.authorizationId, true);
    if (!current) throw notFound(`No authorization ${t.authorizationId}`);
    if (t.expected && current.status !== t.expected) {
      throw conflict(`The authorization is now ${current.status}, no longer ${t.expected}`, { status: current.status });
    }
    const decision = next(current.status, t.action);
    if (!decision.ok) throw conflict(decision.message, { status: current.status, allowed: decision.allowed });
    const row = await laancStore.setStatus(tx, current.id, current.status, decision.to, t.by, now, t.reason ?? null);
    // Zero rows: another transaction changed it between our read and write (only possible without row locks).
    if (!row) throw conflict(`The authorization changed concurrently; read it again (it was ${current.status})`);
    await laancHistoryStore.record(tx, { authorizationId: row.id, status: row.status, action: t.action, at: now, by: t.by, reason: t.reason ?? null });
    const op = await operationsStore.byId(tx, row.operationId);
    const wrote = op ? await enqueueStatusChange(tx, op, row, now) : false;
    return { updated: row, wrote };
  });
  if (wrote) deps.events.onOutboxWritten();
  return updated;
}

/**
 * domain.md: further coordination not answered before the start is auto-cancelled. Run by a worker
 * and lazily before reads, so a reader never sees a PENDING authorization whose start has passed.
 */
export async function autoCancelDue(deps: AppDeps, operationId?: string): Promise<number> {
  const ids = await laancStore.pendingStartedIds(deps.db, deps.now(), operationId);
  let n = 0;
  for (const id of ids) {
    try {
      await transition(deps, {
        authorizationId: id,
        action: 'auto_cancel',
        by: 'system',
        expected: 'STATUS_PENDING',
        reason: 'Further coordination was not answered before the start time',
      });
      n++;
    } catch {
      // Someone decided it meanwhile (approve, deny, cancel): nothing to do.
    }
  }
  return n;
}
