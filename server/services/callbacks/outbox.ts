/**
 * Writes a callback for an authorization status change into the outbox, inside the caller's
 * transaction (spec 6: every status change of an authorization of an operation with a callbackUrl).
 * After the transaction commits the caller calls deps.events.onOutboxWritten() to wake the deliverer.
 */
import { randomUUID } from 'node:crypto';
import type { CallbackBody } from '../../contract/operations';
import type { Sql } from '../../store/db';
import { callbacksStore } from '../../store/callbacks';
import type { AuthorizationRecord } from '../../store/laanc';
import type { OperationRecord } from '../../store/operations';

/** Spec 6 body. duration in minutes (as spec 2.6), atc the facility code. */
export function callbackBody(a: AuthorizationRecord): CallbackBody {
  return {
    authId: a.id,
    authStatus: a.status,
    authStatusDate: a.lastUpdatedAt.toISOString(),
    startTime: a.startTime.toISOString(),
    duration: Math.round((a.endTime.getTime() - a.startTime.getTime()) / 60000),
    altitude: a.altitude,
    atc: a.airTrafficControl,
  };
}

/** Returns whether a row was written (false when the operation has no callbackUrl). */
export async function enqueueStatusChange(tx: Sql, op: OperationRecord, a: AuthorizationRecord, now: Date): Promise<boolean> {
  if (!op.callbackUrl) return false;
  await callbacksStore.enqueue(tx, {
    id: randomUUID(),
    operationId: op.id,
    authorizationId: a.id,
    authStatus: a.status,
    url: op.callbackUrl,
    body: JSON.stringify(callbackBody(a)),
    signingClientId: op.callbackClientId,
    signingSecret: op.callbackClientId ? null : op.callbackSecret,
    nextAttemptAt: now,
    createdAt: now,
  });
  return true;
}
