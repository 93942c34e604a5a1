/**
 * LAANC operations under a platform operation (spec 2.5, 4.8; endpoints.md): create, get (with
 * candidates, notices and authorizations), replace, delete; and authorization reads. Candidates are
 * computed on every read from the current airspace dataset; candidates already covered by a pending or
 * approved authorization are left out (they are not submittable twice).
 */
import type { Authorization, AuthorizationEvent, AuthorizationEventList, AuthorizationEventListQuery, AuthorizationList, AuthorizationListQuery, AuthorizationResult, LaancOperationResult, LaancOperationWrite } from '../../contract/laanc';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import type { Sql } from '../../store/db';
import { ACTIVE_STATUSES, laancStore, type AuthorizationRecord, type LaancOperationRecord } from '../../store/laanc';
import { laancHistoryStore, type AuthorizationEventRecord } from '../../store/laanc-history';
import { operationsStore, type OperationRecord } from '../../store/operations';
import { isUuid, viewerOf, visibleOperation } from '../operations/service';
import { evaluateLaanc, toCandidate, type LaancEvaluation } from '../../domain/laanc/candidates';
import { autoCancelDue } from './transitions';
import { demGround } from '../elevation/dem-ground';
import type { GroundProvider } from '../../domain/briefing';

export function toAuthorization(a: AuthorizationRecord): Authorization {
  return {
    id: a.id,
    submissionType: a.submissionType,
    geom: a.geom as Authorization['geom'],
    altitude: a.altitude,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    status: a.status,
    createdAt: a.createdAt.toISOString(),
    createdBy: a.createdBy,
    lastUpdatedAt: a.lastUpdatedAt.toISOString(),
    editedBy: a.editedBy,
    justification: a.justification,
    airTrafficControl: a.airTrafficControl,
    airspaceClassCodes: a.airspaceClassCodes,
    facilityMaps: a.facilityMaps,
    referenceCode: a.referenceCode,
  };
}

export function toEvent(e: AuthorizationEventRecord): AuthorizationEvent {
  return { status: e.status, action: e.action, at: e.at.toISOString(), by: e.by, reason: e.reason };
}

/** The wrappers {authorization, operationId, statusReason, history} of some authorizations, history read in one query. */
export async function authorizationResults(db: Sql, list: AuthorizationRecord[]): Promise<AuthorizationResult[]> {
  const history = await laancHistoryStore.of(db, list.map((a) => a.id));
  return list.map((a) => ({
    authorization: toAuthorization(a),
    operationId: a.operationId,
    statusReason: a.statusReason,
    history: (history.get(a.id) ?? []).map(toEvent),
  }));
}

export async function authorizationResult(db: Sql, a: AuthorizationRecord): Promise<AuthorizationResult> {
  return (await authorizationResults(db, [a]))[0]!;
}

/** `groundMaxFt`: demGround() over the operation's boundary, read before (the briefings' ground, docs/elevation.md). */
export function evaluate(deps: AppDeps, op: OperationRecord, l: LaancOperationRecord, groundMaxFt?: GroundProvider): LaancEvaluation {
  return evaluateLaanc(deps.datasets.current(), {
    boundary: op.boundary,
    maxAltitude: op.maxAltitude,
    altitudeUnit: op.altitudeUnit,
    altitudeReference: op.altitudeReference,
    flightType: op.flightType,
    startTime: op.startTime,
    endTime: op.endTime,
    license: l.license,
    fixedAltitude: l.fixedAltitude,
    now: deps.now(),
    groundMaxFt,
  });
}

export function activeHashes(auths: AuthorizationRecord[]): Set<string> {
  return new Set(auths.filter((a) => ACTIVE_STATUSES.includes(a.status)).map((a) => a.hashCode));
}

export async function laancOf(db: Sql, op: OperationRecord): Promise<LaancOperationRecord> {
  const l = await laancStore.operation(db, op.id);
  if (!l) throw notFound(`Operation ${op.id} has no LAANC operation yet; create it with POST /v1/operations/${op.id}/laanc`);
  return l;
}

export async function resultOf(deps: AppDeps, op: OperationRecord, l: LaancOperationRecord, auths: AuthorizationRecord[]): Promise<LaancOperationResult> {
  const ev = evaluate(deps, op, l, await demGround(deps, op.boundary));
  const taken = activeHashes(auths);
  const details = await authorizationResults(deps.db, auths);
  const open = ev.candidates.filter((c) => !taken.has(c.hashCode));
  return {
    operation: {
      license: l.license,
      fixedAltitude: l.fixedAltitude,
      pointOfContact: l.pointOfContact,
      candidates: open.map(toCandidate),
      notices: ev.notices,
      authorizations: details.map((d) => d.authorization),
    },
    candidateDetails: open.map((c) => ({ hashCode: c.hashCode, ceilingFt: c.ceilingFt })),
    authorizationDetails: details.map((d) => ({ authorizationId: d.authorization.id, statusReason: d.statusReason, history: d.history })),
  };
}

export async function getLaanc(deps: AppDeps, p: Principal, id: string): Promise<LaancOperationResult> {
  const op = await visibleOperation(deps, p, id);
  const l = await laancOf(deps.db, op);
  await autoCancelDue(deps, op.id);
  return resultOf(deps, op, l, await laancStore.authorizations(deps.db, op.id));
}

export async function createLaanc(deps: AppDeps, p: Principal, id: string, body: LaancOperationWrite): Promise<LaancOperationResult> {
  const op = await visibleOperation(deps, p, id);
  if (await laancStore.operation(deps.db, op.id)) throw conflict(`Operation ${op.id} already has a LAANC operation; change it with PUT`);
  const now = deps.now();
  const l: LaancOperationRecord = { operationId: op.id, ...body, createdAt: now, updatedAt: now };
  try {
    await laancStore.insertOperation(deps.db, l);
  } catch {
    throw conflict(`Operation ${op.id} already has a LAANC operation; change it with PUT`);
  }
  return resultOf(deps, op, l, []);
}

/**
 * The operation's row lock, taken by a submission (submit.ts) for its whole transaction: a change of the
 * LAANC operation waits for a submission in progress on any instance and then counts its authorizations.
 * Without it, on PostgreSQL, a PUT or DELETE on one instance changed the LAANC operation under an
 * authorization another instance was committing.
 */
async function lockOperation(tx: Sql, p: Principal, id: string): Promise<void> {
  if (!(await operationsStore.visibleById(tx, id, viewerOf(p), true))) throw notFound(`No operation ${id} that you may see`);
}

export async function updateLaanc(deps: AppDeps, p: Principal, id: string, body: LaancOperationWrite): Promise<LaancOperationResult> {
  const op = await visibleOperation(deps, p, id);
  await laancOf(deps.db, op);
  const l = await deps.db.transaction(async (tx) => {
    await lockOperation(tx, p, op.id);
    if ((await laancStore.countActive(tx, op.id)) > 0) {
      throw conflict('Cannot change the LAANC operation while authorizations are pending or approved; cancel or close them first');
    }
    const next: LaancOperationRecord = { ...(await laancOf(tx, op)), ...body, updatedAt: deps.now() };
    await laancStore.updateOperation(tx, next);
    return next;
  });
  return resultOf(deps, op, l, await laancStore.authorizations(deps.db, op.id));
}

export async function deleteLaanc(deps: AppDeps, p: Principal, id: string): Promise<void> {
  const op = await visibleOperation(deps, p, id);
  await laancOf(deps.db, op);
  await deps.db.transaction(async (tx) => {
    await lockOperation(tx, p, op.id);
    if ((await laancStore.countActive(tx, op.id)) > 0) {
      throw conflict('Cannot delete the LAANC operation while authorizations are pending or approved; cancel or close them first');
    }
    await laancStore.deleteOperation(tx, op.id);
  });
}

/** An authorization of a visible operation, or 404 (also when it belongs to another operation). */
export async function visibleAuthorization(deps: AppDeps, p: Principal, operationId: string, authorizationId: string): Promise<AuthorizationRecord> {
  const op = await visibleOperation(deps, p, operationId);
  const a = isUuid(authorizationId) ? await laancStore.authorization(deps.db, authorizationId) : null;
  if (!a || a.operationId !== op.id) throw notFound(`No authorization ${authorizationId} in operation ${operationId}`);
  return a;
}

export async function getAuthorization(deps: AppDeps, p: Principal, operationId: string, authorizationId: string) {
  const first = await visibleAuthorization(deps, p, operationId, authorizationId);
  await autoCancelDue(deps, first.operationId);
  return authorizationResult(deps.db, (await laancStore.authorization(deps.db, first.id))!);
}

/** GET /v1/laanc/operations/rescinded-invalid: what still needs the pilot's acknowledgement or cancel. */
export async function rescindedInvalid(deps: AppDeps, p: Principal) {
  const rows = await laancStore.byStatus(deps.db, ['STATUS_RESCINDED', 'STATUS_INVALID'], viewerOf(p));
  const results = await authorizationResults(deps.db, rows.map((r) => r.authorization));
  const byOp = new Map<string, { operationId: string; name: string; startTime: string; endTime: string; timezone: string; authorizations: AuthorizationResult[] }>();
  for (const [i, r] of rows.entries()) {
    const id = r.authorization.operationId;
    const entry = byOp.get(id) ?? {
      operationId: id, name: r.operationName, startTime: r.operationStart.toISOString(), endTime: r.operationEnd.toISOString(), timezone: r.operationTimezone, authorizations: [],
    };
    entry.authorizations.push(results[i]!);
    byOp.set(id, entry);
  }
  return { operations: [...byOp.values()] };
}

/**
 * GET /v1/laanc/authorizations: the authorizations of every operation the caller may view (the same
 * visibility as operations), by start time. Stale PENDING ones are auto-cancelled first.
 */
export async function listAuthorizations(deps: AppDeps, p: Principal, q: AuthorizationListQuery): Promise<AuthorizationList> {
  await autoCancelDue(deps);
  const { rows, total } = await laancStore.visibleList(deps.db, viewerOf(p), { statuses: q.status, operationId: q.operationId, limit: q.limit, offset: q.offset });
  const results = await authorizationResults(deps.db, rows.map((r) => r.authorization));
  return {
    authorizations: rows.map((r, i) => ({
      ...results[i]!,
      operationName: r.operationName,
      operationStartTime: r.operationStart.toISOString(),
      operationEndTime: r.operationEnd.toISOString(),
      operationTimezone: r.operationTimezone,
      pilotId: r.pilotId,
    })),
    total,
    limit: q.limit,
    offset: q.offset,
    nextOffset: q.offset + rows.length < total ? q.offset + rows.length : null,
  };
}

/** GET /v1/laanc/events: the newest status changes the caller may see, for notifications (ours). */
export async function listAuthorizationEvents(deps: AppDeps, p: Principal, q: AuthorizationEventListQuery): Promise<AuthorizationEventList> {
  await autoCancelDue(deps);
  const rows = await laancHistoryStore.visibleRecent(deps.db, viewerOf(p), { since: q.since ? new Date(q.since) : undefined, limit: q.limit });
  return { events: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
}
