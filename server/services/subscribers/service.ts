/**
 * POST, GET and DELETE /v1/subscribers (docs/subscribers.md). Subscribers belong to the caller's
 * organization (or to the caller alone when it has none): nobody else lists or deletes them (404).
 * The callback address passes the same checks as an operation's (server/domain/callbacks/address.ts).
 */
import { randomUUID } from 'node:crypto';
import { bbox } from '@turf/turf';
import { SURFACE_LAYER_CODES } from '../../contract/surface';
import { MAX_SUBSCRIBERS_PER_OWNER, type Subscriber, type SubscriberDelivery, type SubscriberWrite } from '../../contract/subscribers';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { subscribersStore, type SubscriberOwner, type SubscriberRecord } from '../../store/subscribers';
import { newCallbackSecret } from '../../domain/callbacks/signing';
import { checkCallbackUrl, isUuid } from '../operations/service';

const ownerOf = (p: Principal): SubscriberOwner => ({ id: p.id, orgId: p.orgId });

function toSubscriber(s: SubscriberRecord, p: Principal): Subscriber {
  return {
    id: s.id,
    // The address may embed the registrant's credentials: only they see it (as an operation's callbackUrl).
    ...(s.createdBy === p.id ? { callbackUrl: s.callbackUrl } : {}),
    geometry: s.geometry as Subscriber['geometry'],
    layers: s.layers,
    createdDate: s.createdAt.toISOString(),
    signingKey: s.signingClientId ? 'client' : 'subscriber',
  };
}

export async function createSubscriber(deps: AppDeps, p: Principal, body: SubscriberWrite) {
  await checkCallbackUrl(deps, body.callbackUrl);
  const owner = ownerOf(p);
  // An API client signs with its own callback secret; a person gets a secret for this subscriber, once.
  const secret = p.kind === 'client' ? null : newCallbackSecret();
  const rec: SubscriberRecord = {
    id: randomUUID(),
    orgId: p.orgId,
    createdBy: p.id,
    callbackUrl: body.callbackUrl,
    geometry: body.geometry,
    bbox: bbox(body.geometry) as SubscriberRecord['bbox'],
    layers: body.layers ?? [...SURFACE_LAYER_CODES],
    signingClientId: p.kind === 'client' ? p.id : null,
    signingSecret: secret,
    createdAt: deps.now(),
  };
  // Counted and written under the owner's lock: creations at once (on any instance) cannot pass the cap together.
  await deps.db.transaction(async (tx) => {
    await subscribersStore.lockOwner(tx, owner);
    if ((await subscribersStore.count(tx, owner)) >= MAX_SUBSCRIBERS_PER_OWNER) {
      throw conflict(`Your organization has ${MAX_SUBSCRIBERS_PER_OWNER} subscribers, the most it may have; delete one first`);
    }
    await subscribersStore.insert(tx, rec);
  });
  return { statusCode: 201, message: 'success', data: { ...toSubscriber(rec, p), ...(secret ? { callbackSecret: secret } : {}) } };
}

export async function listSubscribers(deps: AppDeps, p: Principal) {
  return { statusCode: 200, message: 'success', data: (await subscribersStore.list(deps.db, ownerOf(p))).map((s) => toSubscriber(s, p)) };
}

export async function deleteSubscriber(deps: AppDeps, p: Principal, id: string): Promise<void> {
  if (!isUuid(id) || !(await subscribersStore.delete(deps.db, ownerOf(p), id))) throw notFound(`No subscriber ${id} of yours`);
}

const iso = (v: unknown) => (v ? new Date(v as Date).toISOString() : null);

/** What the notification said, read back from the exact body sent (nulls if it cannot be read). */
function summary(body: unknown): Pick<SubscriberDelivery, 'datasetVersion' | 'part' | 'parts' | 'changes'> {
  try {
    const b = JSON.parse(String(body)) as { datasetVersion?: unknown; part?: unknown; parts?: unknown; changes?: unknown };
    const int = (v: unknown) => (Number.isInteger(v) ? (v as number) : null);
    return { datasetVersion: typeof b.datasetVersion === 'string' ? b.datasetVersion : null, part: int(b.part), parts: int(b.parts), changes: Array.isArray(b.changes) ? b.changes.length : null };
  } catch {
    return { datasetVersion: null, part: null, parts: null, changes: null };
  }
}

/** GET /v1/subscribers/{id}/deliveries: the owner organization's view of what was sent, newest first. */
export async function subscriberDeliveries(deps: AppDeps, p: Principal, id: string, limit: number) {
  if (!isUuid(id) || !(await subscribersStore.owns(deps.db, ownerOf(p), id))) throw notFound(`No subscriber ${id} of yours`);
  const rows = await subscribersStore.recentDeliveries(deps.db, id, limit);
  const data: SubscriberDelivery[] = rows.map((r) => ({
    id: r.id as string,
    kind: 'DATA_CHANGE',
    ...summary(r.body),
    state: r.state as SubscriberDelivery['state'],
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
    nextAttemptAt: r.state === 'PENDING' ? iso(r.next_attempt_at) : null,
    createdDate: iso(r.created_at)!,
    deliveredDate: iso(r.delivered_at),
  }));
  return { statusCode: 200, message: 'success', data };
}
