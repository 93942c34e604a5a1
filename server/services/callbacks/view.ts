/**
 * What operators see of callbacks (GET /v1/operations/{id}/callbacks): every delivery with every
 * attempt, so a failing receiver is visible; and the signing key a receiver verifies with.
 */
import type { AppDeps } from '../../deps';
import { forbidden } from '../../http/errors';
import type { Principal } from '../../http/principal';
import type { CallbackList, CallbackListQuery } from '../../contract/operations';
import { callbacksStore, type AttemptRecord, type OutboxRecord } from '../../store/callbacks';
import { ownsCallback, viewerOf, visibleOperation } from '../operations/service';
import { SIGNATURE_SCHEME } from '../../domain/callbacks/signing';

/**
 * Whether `p` registered the address a delivery went to (docs/security.md ("Leaks")): the signing client
 * itself, or the callback's current owner while the per-operation secret is still the one they got.
 */
function registeredBy(d: OutboxRecord, op: { callbackOwner: string | null; callbackSecret: string | null }, p: Principal): boolean {
  if (d.signingClientId) return d.signingClientId === p.id;
  return op.callbackOwner === p.id && d.signingSecret !== null && d.signingSecret === op.callbackSecret;
}

export async function listCallbacks(deps: AppDeps, p: Principal, operationId: string) {
  const op = await visibleOperation(deps, p, operationId);
  const rows = await callbacksStore.ofOperation(deps.db, op.id);
  const signingKey = op.callbackUrl ? (op.callbackClientId ? 'client' : 'operation') : null;
  const owner = ownsCallback(op, p);
  let signingSecret: string | undefined;
  if (signingKey === 'operation' && op.callbackSecret && owner) signingSecret = op.callbackSecret;
  // A client's own secret only to that client (it signs every operation it registered).
  if (signingKey === 'client' && p.kind === 'client' && p.id === op.callbackClientId) signingSecret = (await callbacksStore.clientSecret(deps.db, p.id)) ?? undefined;
  return {
    // Someone else's callback: absent, as on the operation (null means there is none).
    ...(owner || !op.callbackUrl ? { callbackUrl: op.callbackUrl } : {}),
    signingKey,
    ...(signingSecret ? { signingSecret } : {}),
    deliveries: rows.map((r) => toDelivery(r, registeredBy(r.delivery, op, p))),
  };
}

function toDelivery({ delivery: d, attempts }: { delivery: OutboxRecord; attempts: AttemptRecord[] }, showUrl: boolean) {
  return {
    id: d.id,
    authorizationId: d.authorizationId,
    authStatus: d.authStatus,
    ...(showUrl ? { url: d.url } : {}),
    state: d.state,
    attempts: d.attempts,
    nextAttemptAt: d.state === 'PENDING' && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
    lastError: d.lastError,
    history: attempts.map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), durationMs: a.durationMs, statusCode: a.statusCode, error: a.error })),
  };
}

/**
 * GET /v1/callbacks: deliveries of every operation the caller may view (same visibility as
 * operations), newest first, filtered by state (pending, failing, dead, delivered). No secrets.
 */
export async function listVisibleCallbacks(deps: AppDeps, p: Principal, q: CallbackListQuery): Promise<CallbackList> {
  const { rows, total } = await callbacksStore.visibleList(deps.db, viewerOf(p), { states: q.state, limit: q.limit, offset: q.offset });
  return {
    deliveries: rows.map((r) => ({ ...toDelivery(r, registeredBy(r.delivery, r.operationCallback, p)), operationId: r.delivery.operationId, operationName: r.operationName })),
    total,
    limit: q.limit,
    offset: q.offset,
    nextOffset: q.offset + rows.length < total ? q.offset + rows.length : null,
  };
}

/** An API client's callback signing secret (api_clients.callback_secret). */
export async function clientSigningSecret(deps: AppDeps, p: Principal) {
  if (p.kind !== 'client') {
    throw forbidden('Only API clients have a callback secret; operations a person gives a callbackUrl get their own secret (in the create answer and GET /v1/operations/{id}/callbacks)');
  }
  const secret = await callbacksStore.clientSecret(deps.db, p.id);
  if (!secret) throw forbidden('This client has no callback secret');
  return { secret, header: 'X-Signature' as const, scheme: SIGNATURE_SCHEME };
}
