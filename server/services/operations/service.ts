/**
 * Platform operations (spec 2.4, 4.9; endpoints.md): create, get, list, replace, delete.
 * Visibility (docs/operations-laanc.md): a pilot sees their own, an operator their organization's, an
 * API client its own and its organization's; anything else is 404, never 403, and never listed.
 */
import { randomUUID } from 'node:crypto';
import type { OperationListQuery, OperationWrite, PlatformOperation } from '../../contract/operations';
import { operationWindowProblem } from '../../contract/operation-limits';
import type { AppDeps } from '../../deps';
import { ApiError, conflict, notFound, unprocessable } from '../../http/errors';
import type { Principal } from '../../http/principal';
import type { Sql } from '../../store/db';
import { identity } from '../../store/identity';
import { laancStore } from '../../store/laanc';
import { operationsStore, type OperationRecord, type Viewer } from '../../store/operations';
import { publicOperation } from '../../store/operations-json';
import { insertOperation } from '../../store/operations-insert';
import { cachedPage } from './list-cache';
import { assertCallbackAllowed, policyFromConfig } from '../../domain/callbacks/address';
import { newCallbackSecret } from '../../domain/callbacks/signing';
import { checkPolygonLimits } from '../../domain/operations/limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(s: string): boolean {
  return UUID.test(s);
}

export function viewerOf(p: Principal): Viewer {
  return { kind: p.kind, id: p.id, orgId: p.orgId, operator: p.kind === 'user' && p.roles.includes('operator') };
}

/**
 * Whether the caller registered the operation's callback. The address may embed the registrant's
 * credentials (spec 6), so only they see or change it (docs/security.md ("Leaks")), not a claimer nor
 * anyone else who may view the operation.
 */
export function ownsCallback(o: Pick<OperationRecord, 'callbackOwner'>, p: Pick<Principal, 'id'>): boolean {
  return o.callbackOwner !== null && o.callbackOwner === p.id;
}

/** The operation as `p` may see it (callbackUrl only to whoever registered it). */
export function toPlatformOperation(o: OperationRecord, p: Pick<Principal, 'id'>): PlatformOperation {
  return { ...publicOperation(o), ...(o.callbackUrl && ownsCallback(o, p) ? { callbackUrl: o.callbackUrl } : {}) };
}

/** 422 naming the rule when the callback address is not one this deployment calls. */
export async function checkCallbackUrl(deps: AppDeps, url: string | null | undefined, status: 400 | 422 = 422): Promise<void> {
  if (!url) return;
  try {
    await assertCallbackAllowed(url, policyFromConfig(deps.config));
  } catch (err) {
    throw new ApiError(status, (err as Error).message, [{ field: 'callbackUrl', rule: 'callback_address', message: (err as Error).message }]);
  }
}

/** A visible operation or 404 (non-UUID ids are simply unknown). */
export async function visibleOperation(deps: AppDeps, p: Principal, id: string): Promise<OperationRecord> {
  const op = isUuid(id) ? await operationsStore.visibleById(deps.db, id, viewerOf(p)) : null;
  if (!op) throw notFound(`No operation ${id} that you may see`);
  return op;
}

async function resolvePilot(deps: AppDeps, p: Principal, pilotId: string | undefined): Promise<string> {
  if (!pilotId || pilotId === p.id) return p.id;
  // Planning for someone else: only a pilot of the caller's own organization.
  const user = isUuid(pilotId) ? await identity.userById(deps.db, pilotId) : null;
  if (!user || !p.orgId || user.org_id !== p.orgId || (p.kind === 'user' && !p.roles.includes('operator'))) {
    throw unprocessable('pilotId must be your own id, or (for an operator or API client) a pilot of your organization', [
      { field: 'body.pilotId', rule: 'pilot_of_organization', message: 'not a pilot you may plan for' },
    ]);
  }
  return user.id;
}

/** Planned at most 90 days ahead, for at most 90 days (contract/operation-limits.ts; docs/operations-laanc.md). */
function checkWindow(deps: AppDeps, b: OperationWrite): void {
  const bad = operationWindowProblem(Date.parse(b.startTime), Date.parse(b.endTime), deps.now().getTime());
  if (!bad) return;
  const field = `body.${bad.field}`;
  throw unprocessable(`${field}: ${bad.message}`, [{ field, rule: 'operation_window', message: bad.message }]);
}

function checkBoundary(b: OperationWrite['boundary']): void {
  // Holes are allowed on platform operations; a ring crossing itself has no meaningful area.
  const bad = checkPolygonLimits(b, { maxAreaSqMi: Infinity, maxSideNm: Infinity }).filter((v) => v.rule !== 'interior_rings');
  if (bad.length) throw unprocessable(bad.map((v) => v.message).join('; '), bad.map((v) => ({ field: 'body.boundary', rule: v.rule, message: v.message })));
}

function signing(p: Principal, url: string | null | undefined, prev: OperationRecord | null) {
  if (!url) return { callbackClientId: null, callbackSecret: null, revealed: undefined };
  if (p.kind === 'client') return { callbackClientId: p.id, callbackSecret: null, revealed: undefined };
  const keep = prev?.callbackSecret && !prev.callbackClientId ? prev.callbackSecret : null;
  const secret = keep ?? newCallbackSecret();
  return { callbackClientId: null, callbackSecret: secret, revealed: keep ? undefined : secret };
}

export async function createOperation(deps: AppDeps, p: Principal, body: OperationWrite) {
  checkWindow(deps, body);
  checkBoundary(body.boundary);
  await checkCallbackUrl(deps, body.callbackUrl);
  const pilotId = await resolvePilot(deps, p, body.pilotId);
  const now = deps.now();
  const sign = signing(p, body.callbackUrl, null);
  const rec: OperationRecord = {
    id: randomUUID(),
    ...fields(body),
    pilotId,
    createdBy: p.id,
    orgId: p.orgId,
    createdAt: now,
    updatedAt: now,
    callbackUrl: body.callbackUrl ?? null,
    callbackClientId: sign.callbackClientId,
    callbackSecret: sign.callbackSecret,
    callbackOwner: body.callbackUrl ? p.id : null,
    origin: 'api',
  };
  await insertOperation(deps.db, rec);
  return { ...toPlatformOperation(rec, p), ...(sign.revealed ? { callbackSecret: sign.revealed } : {}) };
}

function fields(b: OperationWrite) {
  return {
    name: b.name,
    boundary: b.boundary,
    minAltitude: b.minAltitude,
    maxAltitude: b.maxAltitude,
    startTime: new Date(b.startTime),
    endTime: new Date(b.endTime),
    aircraftId: b.aircraftId ?? null,
    timezone: b.timezone,
    altitudeUnit: b.altitudeUnit,
    altitudeReference: b.altitudeReference,
    flightType: b.flightType,
    authorizationProviders: [...new Set(b.authorizationProviders)],
    desc: b.desc,
  };
}

/**
 * GET /v1/operations. With limit: one page. Without (spec 4.9: "returns all platform operations the
 * caller may view"): every one, streamed as a JSON array page by page from the store (listStream).
 */
export async function listOperations(deps: AppDeps, p: Principal, q: OperationListQuery) {
  if (q.limit === undefined) return listStream(deps, p, q);
  const viewer = viewerOf(p);
  const body = await cachedPage(deps.db, viewer, q, () => pageText(deps, viewer, { ...q, limit: q.limit! }));
  // The page's JSON text: the route sends it as it is (compressed when asked).
  return body;
}

/**
 * The page's operations are stored JSON text (store/operations-json.ts), written as they are: the
 * answer is the contract's OperationList, field for field (the list tests parse it with the schema).
 */
async function pageText(deps: AppDeps, viewer: Viewer, q: OperationListQuery & { limit: number }): Promise<string> {
  const { json, ids, total } = await operationsStore.page(deps.db, viewer, q, deps.now());
  const nextOffset = q.offset + ids.length < total ? q.offset + ids.length : null;
  // The rows are those the caller may see, so their authorizations' statuses are too.
  const authorizationStatuses = await laancStore.statusesOf(deps.db, ids);
  return (
    `{"operations":[${json}],"total":${total},"limit":${q.limit},"offset":${q.offset},"nextOffset":${nextOffset}` +
    `,"authorizationStatuses":${JSON.stringify(authorizationStatuses)}}`
  );
}

/**
 * The whole list as a streamed body: {"operations":[…],"total":…,"limit":null,"offset":…,"nextOffset":null}.
 * Pages are read only as fast as the client reads (pull), so memory stays flat whatever the count. total
 * counts what was sent (plus the rows skipped by offset); rows written meanwhile may or may not be in it.
 */
async function listStream(deps: AppDeps, p: Principal, q: OperationListQuery): Promise<Response> {
  const now = deps.now();
  const viewer = viewerOf(p);
  // Counted first: an offset past the end still reports the true size, and a failing store answers 500
  // before any byte of a 200 is sent.
  const counted = await operationsStore.count(deps.db, viewer, q, now);
  const pages = operationsStore.stream(deps.db, viewer, q, now);
  const enc = new TextEncoder();
  let sent = 0;
  let opened = false;
  const streamedStatuses = new Map<string, unknown>();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!opened) {
        opened = true;
        controller.enqueue(enc.encode('{"operations":['));
        return;
      }
      try {
        const next = await pages.next();
        if (next.done) {
          const total = sent > 0 ? q.offset + sent : Math.min(counted, q.offset);
          // Every list carries authorizationStatuses (the schema requires it), empty when nothing was sent.
          const statuses = JSON.stringify(Object.fromEntries(streamedStatuses));
          controller.enqueue(enc.encode(`],"total":${total},"limit":null,"offset":${q.offset},"nextOffset":null,"authorizationStatuses":${statuses}}`));
          controller.close();
          return;
        }
        const items = next.value.map((o) => JSON.stringify(toPlatformOperation(o, p)));
        for (const [id, st] of Object.entries(await laancStore.statusesOf(deps.db, next.value.map((o) => o.id)))) streamedStatuses.set(id, st);
        controller.enqueue(enc.encode((sent > 0 ? ',' : '') + items.join(',')));
        sent += items.length;
      } catch (err) {
        // Headers are gone: the only honest signal left is a broken body (the client sees invalid JSON).
        deps.log.error('streaming the operation list failed', { error: String(err) });
        controller.error(err);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8' } });
}

async function refuseWhileActive(db: Sql, id: string, what: string): Promise<void> {
  const active = await laancStore.countActive(db, id);
  if (active > 0) throw conflict(`Cannot ${what} while ${active} authorization(s) are pending or approved; cancel or close them first`);
}

/** The operation locked for a change (FOR UPDATE: a concurrent submit waits), or 404. */
async function lockVisible(tx: Sql, p: Principal, id: string): Promise<OperationRecord> {
  const op = isUuid(id) ? await operationsStore.visibleById(tx, id, viewerOf(p), true) : null;
  if (!op) throw notFound(`No operation ${id} that you may see`);
  return op;
}

/**
 * The callbackUrl a PUT leaves on the operation. Someone who did not register the current callback
 * cannot see it, so for them an absent or null callbackUrl keeps it; any value is refused with 403
 * naming the field (they may neither replace nor learn it by trying).
 */
function requestedCallback(p: Principal, prev: OperationRecord, requested: string | null | undefined): string | null {
  if (prev.callbackUrl && !ownsCallback(prev, p)) {
    if (typeof requested === 'string') {
      const message = 'callbackUrl was registered by another client; only it may see or change it (omit callbackUrl or send null to keep it)';
      throw new ApiError(403, message, [{ field: 'body.callbackUrl', rule: 'callback_owner', message }]);
    }
    return prev.callbackUrl;
  }
  return requested ?? null;
}

export async function updateOperation(deps: AppDeps, p: Principal, id: string, body: OperationWrite) {
  // Checks that read elsewhere (identity, DNS) run before the transaction: inside it only tx is used
  // (on the embedded store another query would wait for the transaction, which waits for it).
  const before = await visibleOperation(deps, p, id);
  checkWindow(deps, body);
  checkBoundary(body.boundary);
  const wanted = requestedCallback(p, before, body.callbackUrl);
  if (wanted !== before.callbackUrl) await checkCallbackUrl(deps, wanted);
  const newPilot = body.pilotId === undefined ? undefined : await resolvePilot(deps, p, body.pilotId);
  return deps.db.transaction(async (tx) => {
    const prev = await lockVisible(tx, p, id);
    await refuseWhileActive(tx, prev.id, 'change the operation');
    const url = requestedCallback(p, prev, body.callbackUrl);
    // Changed since the address check above (a concurrent PUT): check the one being stored.
    if (url !== prev.callbackUrl && url !== wanted) throw conflict('The operation changed meanwhile; read it again and retry');
    const urlChanged = url !== prev.callbackUrl;
    const sign = urlChanged ? signing(p, url, prev) : { callbackClientId: prev.callbackClientId, callbackSecret: prev.callbackSecret, revealed: undefined };
    const rec: OperationRecord = {
      ...prev,
      ...fields(body),
      pilotId: newPilot ?? prev.pilotId,
      updatedAt: deps.now(),
      callbackUrl: url,
      callbackClientId: sign.callbackClientId,
      callbackSecret: sign.callbackSecret,
      callbackOwner: !url ? null : urlChanged ? p.id : prev.callbackOwner,
    };
    await operationsStore.update(tx, rec);
    return { ...toPlatformOperation(rec, p), ...(sign.revealed ? { callbackSecret: sign.revealed } : {}) };
  });
}

export async function deleteOperation(deps: AppDeps, p: Principal, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const op = await lockVisible(tx, p, id);
    await refuseWhileActive(tx, op.id, 'delete the operation');
    await operationsStore.delete(tx, op.id);
  });
}
