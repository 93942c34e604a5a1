/**
 * POST /v1/positions and the reads of positions and conformance events (docs/positions.md).
 * Visibility is the operations' own (visibleOperation: 404 for one the caller may not see); sending
 * needs operation:update, as replacing the operation does. A batch, its conformance events and their
 * callbacks are written in one transaction, under the operation's row lock, so two concurrent batches
 * of one operation apply the flood rule one after the other.
 */
import { randomUUID } from 'node:crypto';
import type { ConformanceCallback, ConformanceEvent, PositionsRequest, StoredPosition, TelemetryPosition, Track, TrackQuery } from '../../contract/positions';
import type { AppDeps } from '../../deps';
import { notFound, unprocessable } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { rateLimitsFor } from '../../http/rate-limit';
import { callbacksStore } from '../../store/callbacks';
import type { Sql } from '../../store/db';
import type { OperationRecord } from '../../store/operations';
import { positionsStore, type ConformanceRow, type PositionRow } from '../../store/positions';
import { checkPosition, conformanceArea, type Nonconformance } from '../../domain/conformance/rules';
import { EPISODE_GAP_S, foldEpisodes, MAX_OUTSIDE_WINDOW_S, outsideWindowS, positionCapacity, thinKeepRecent, type Episode } from '../../domain/conformance/episodes';
import { airportModelOf } from '../../domain/elevation/airport-model';
import { visibleOperation } from '../operations/service';

/** A position this far ahead of the service's clock is refused: telemetry reports the past. */
export const MAX_FUTURE_SKEW_S = 300;
/** authStatus of a conformance delivery in the callback outbox (its authorizationId is the event id). */
export const CONFORMANCE_DELIVERY_STATUS = 'CONFORMANCE';
/**
 * Conformance deliveries of one operation that may wait in the outbox at once. Past it, events are still
 * stored, answered and listed, but not posted: a receiver that far behind is not reading them, and a
 * batch flapping in and out of the area raises 750 of them (docs/positions.md "Where an event goes").
 */
export const MAX_PENDING_CONFORMANCE_CALLBACKS = 200;
/**
 * Conformance deliveries that may wait at once over all the operations whose callback one caller
 * registered: without it, pending callbacks grew with the number of operations (200 each).
 */
export const MAX_PENDING_CONFORMANCE_CALLBACKS_PER_OWNER = 1000;

/** Positions checked in one turn of the event loop; between turns other requests run (a batch is 1,000). */
export const CONFORMANCE_TURN = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `fn` over `items` in turns of `turn`, letting the event loop through between them: a batch's
 * conformance checks (point in polygon and distance to it for each position) held the loop for the
 * whole batch, and another caller's small request waited behind it (docs/positions.md).
 */
export async function inTurns<T, R>(items: readonly T[], fn: (item: T) => R, turn = CONFORMANCE_TURN, yieldTurn: () => Promise<void> = nextTurn): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % turn === 0) await yieldTurn();
    out.push(fn(items[i]!));
  }
  return out;
}

type CheckedTelemetry = TelemetryPosition & { altitudeReference: 'AGL' | 'MSL' };

function refuseFuture(deps: AppDeps, positions: readonly TelemetryPosition[]): void {
  const limit = deps.now().getTime() + MAX_FUTURE_SKEW_S * 1000;
  const i = positions.findIndex((p) => Date.parse(p.time) > limit);
  if (i < 0) return;
  const field = `body.positions.${i}.time`;
  const message = `is more than ${MAX_FUTURE_SKEW_S} s ahead of the service's clock (${deps.now().toISOString()})`;
  throw unprocessable(`${field}: ${message}`, [{ field, rule: 'not_in_future', message }]);
}

/**
 * A position more than MAX_OUTSIDE_WINDOW_S before the operation's start or after its end is refused:
 * storage follows flight time (docs/positions.md). Within that hour it is stored, and raises
 * OUTSIDE_TIME_WINDOW.
 */
function refuseOutsideWindow(op: OperationRecord, positions: readonly TelemetryPosition[]): void {
  const i = positions.findIndex((p) => Math.abs(outsideWindowS(op, Date.parse(p.time))) > MAX_OUTSIDE_WINDOW_S);
  if (i < 0) return;
  const field = `body.positions.${i}.time`;
  const off = outsideWindowS(op, Date.parse(positions[i]!.time));
  const message = `is more than ${MAX_OUTSIDE_WINDOW_S} s ${off < 0 ? "before the operation's start" : "after the operation's end"} (${(off < 0 ? op.startTime : op.endTime).toISOString()}); positions are kept only within an hour of the operation's window`;
  throw unprocessable(`${field}: ${message}`, [{ field, rule: 'within_operation_window', message }]);
}

/** The position as it is returned and stored in events: normalised time (UTC, milliseconds), explicit reference. */
function normalised(p: TelemetryPosition): CheckedTelemetry {
  return {
    time: new Date(p.time).toISOString(),
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    altitudeReference: p.altitudeReference ?? 'AGL',
    ...(p.speed !== undefined ? { speed: p.speed } : {}),
    ...(p.heading !== undefined ? { heading: p.heading } : {}),
  };
}

export function toConformanceEvent(e: ConformanceRow): ConformanceEvent {
  return {
    id: e.id,
    operationId: e.operationId,
    reason: e.reason,
    detail: e.detail,
    position: e.position as ConformanceEvent['position'],
    createdDate: e.createdAt.toISOString(),
    positionCount: e.positions,
    lastPositionTime: e.lastTime.toISOString(),
  };
}

function toStoredPosition(r: PositionRow): StoredPosition {
  return {
    operationId: r.operationId,
    time: r.time.toISOString(),
    latitude: r.latitude,
    longitude: r.longitude,
    altitude: r.altitude,
    altitudeReference: r.altitudeReference,
    ...(r.speed !== null ? { speed: r.speed } : {}),
    ...(r.heading !== null ? { heading: r.heading } : {}),
    receivedDate: r.receivedAt.toISOString(),
  };
}

export async function ingestPositions(deps: AppDeps, p: Principal, body: PositionsRequest) {
  // Before any work: the caller's positions a minute (docs/security.md "Rate limits"); counted once validated.
  await rateLimitsFor(deps).positionsSent(`${p.kind}:${p.id}`, body.positions.length);
  const op = await visibleOperation(deps, p, body.operationId);
  refuseFuture(deps, body.positions);
  refuseOutsideWindow(op, body.positions);
  const positions = body.positions.map(normalised).sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const area = conformanceArea(op.boundary);
  const model = airportModelOf(deps.datasets.current());
  const ground = (lon: number, lat: number) => model.estimate(lon, lat).elevationFt;
  const checks: Nonconformance[][] = await inTurns(positions, (pos) => checkPosition(op, area, pos, ground));
  const now = deps.now();
  const rows: PositionRow[] = positions.map((pos, i) => ({
    operationId: op.id,
    time: new Date(pos.time),
    latitude: pos.latitude,
    longitude: pos.longitude,
    altitude: pos.altitude,
    altitudeReference: pos.altitudeReference,
    speed: pos.speed ?? null,
    heading: pos.heading ?? null,
    reasons: checks[i]!.map((c) => c.reason),
    receivedAt: now,
  }));
  const capacity = positionCapacity(op);
  const result = await deps.db.transaction(async (tx) => {
    // Serialises batches of one operation (episodes and the count read what came before); 404 if deleted meanwhile.
    const locked = await tx.query('SELECT id FROM operations WHERE id = $1 FOR UPDATE', [op.id]);
    if (!locked.length) throw notFound(`No operation ${op.id} that you may see`);
    const fresh = await positionsStore.insertBatch(tx, rows);
    // Bounded by the window: past its capacity the track is thinned (the newest kept, every other older one dropped).
    let stored = await positionsStore.addStored(tx, op.id, fresh.size);
    for (let round = 0; stored > capacity && round < 8; round++) stored -= await positionsStore.thin(tx, op.id, thinKeepRecent(capacity));
    const events = await foldIntoEpisodes(tx, op, positions, checks, rows, fresh, now);
    const queued = await enqueueConformance(deps, tx, op, events, now);
    return { fresh: fresh.size, written: events, queued };
  });
  if (result.queued) deps.events.onOutboxWritten();
  return {
    statusCode: 200,
    message: 'success',
    data: { accepted: rows.length, duplicates: rows.length - result.fresh, conformance: result.written.map(toConformanceEvent) },
  };
}

type EpisodeOf = Episode<Record<string, unknown>>;

const toEpisode = (r: ConformanceRow): EpisodeOf => ({ id: r.id, reason: r.reason, startMs: r.positionTime.getTime(), lastMs: r.lastTime.getTime(), positions: r.positions, position: r.position, detail: r.detail });

/**
 * The batch's new positions folded into the operation's conformance episodes (docs/positions.md
 * "Episodes"): stored episodes near the batch are extended, new ones inserted. Returns the new ones
 * (what the batch raised: the reply and the callbacks).
 */
async function foldIntoEpisodes(
  tx: Sql,
  op: OperationRecord,
  positions: readonly CheckedTelemetry[],
  checks: readonly Nonconformance[][],
  rows: readonly PositionRow[],
  fresh: ReadonlySet<number>,
  now: Date,
): Promise<ConformanceRow[]> {
  if (!checks.some((c) => c.length)) return [];
  // A re-sent position raised its events when it was first stored; it still tells what came before the next.
  const batch = rows.map((r, i) => ({ timeMs: r.time.getTime(), position: positions[i]! as Record<string, unknown>, problems: checks[i]!, fresh: fresh.has(r.time.getTime()) }));
  const prior = await positionsStore.before(tx, op.id, rows[0]!.time);
  const { near, count } = await positionsStore.episodesNear(tx, op.id, rows[0]!.time, rows.at(-1)!.time, EPISODE_GAP_S * 1000);
  const stored = new Map(near.map((r) => [r.id, r]));
  const folded = foldEpisodes([...stored.values()].map(toEpisode), batch, count, randomUUID, prior ? { timeMs: prior.time.getTime(), reasons: prior.reasons } : null);
  const row = (e: EpisodeOf, createdAt: Date): ConformanceRow => ({
    id: e.id,
    operationId: op.id,
    reason: e.reason,
    positionTime: new Date(e.startMs),
    position: e.position,
    detail: e.detail,
    createdAt,
    lastTime: new Date(e.lastMs),
    positions: e.positions,
  });
  await positionsStore.updateEpisodes(tx, folded.extended.map((e) => row(e, stored.get(e.id)!.createdAt)));
  return positionsStore.insertEvents(tx, folded.created.map((e) => row(e, now)));
}

/**
 * One signed, retried delivery per event through the callback outbox (spec 6 machinery), in one statement,
 * while fewer than MAX_PENDING_CONFORMANCE_CALLBACKS of the operation and fewer than
 * MAX_PENDING_CONFORMANCE_CALLBACKS_PER_OWNER of its callback's owner wait; false when nothing was queued.
 */
async function enqueueConformance(deps: AppDeps, tx: Sql, op: OperationRecord, all: readonly ConformanceRow[], now: Date): Promise<boolean> {
  const url = op.callbackUrl;
  if (!url || !all.length) return false;
  const ofOperation = MAX_PENDING_CONFORMANCE_CALLBACKS - (await callbacksStore.pendingOf(tx, op.id, CONFORMANCE_DELIVERY_STATUS));
  const ofOwner = op.callbackOwner ? MAX_PENDING_CONFORMANCE_CALLBACKS_PER_OWNER - (await callbacksStore.pendingOfOwner(tx, op.callbackOwner, CONFORMANCE_DELIVERY_STATUS)) : ofOperation;
  const room = Math.min(ofOperation, ofOwner);
  const events = all.slice(0, Math.max(0, room));
  if (events.length < all.length) deps.log.warn('conformance callbacks not queued: too many pending for the operation or its callback owner', { operationId: op.id, skipped: all.length - events.length });
  if (!events.length) return false;
  await callbacksStore.enqueueMany(
    tx,
    events.map((e) => {
      const body: ConformanceCallback = { event: 'conformance', operationId: op.id, reason: e.reason, position: e.position as ConformanceCallback['position'], eventId: e.id, detail: e.detail };
      return {
        id: randomUUID(),
        operationId: op.id,
        authorizationId: e.id,
        authStatus: CONFORMANCE_DELIVERY_STATUS,
        url,
        body: JSON.stringify(body),
        signingClientId: op.callbackClientId,
        signingSecret: op.callbackClientId ? null : op.callbackSecret,
        nextAttemptAt: now,
        createdAt: now,
      };
    }),
  );
  return true;
}

export async function lastPosition(deps: AppDeps, p: Principal, operationId: string) {
  const op = await visibleOperation(deps, p, operationId);
  const last = await positionsStore.last(deps.db, op.id);
  return { statusCode: 200, message: last ? 'success' : 'no position yet', data: last ? toStoredPosition(last) : null };
}

export async function conformanceEvents(deps: AppDeps, p: Principal, operationId: string) {
  const op = await visibleOperation(deps, p, operationId);
  return { statusCode: 200, message: 'success', data: (await positionsStore.events(deps.db, op.id)).map(toConformanceEvent) };
}


/** A page of the operation's track, oldest first; nextAfter is the last time when the page is full. */
export async function track(deps: AppDeps, p: Principal, operationId: string, q: TrackQuery): Promise<{ statusCode: number; message: string; data: Track }> {
  const op = await visibleOperation(deps, p, operationId);
  // One more than asked tells whether another page follows, without a count.
  const rows = await positionsStore.track(deps.db, op.id, q.after ? new Date(q.after) : null, q.limit + 1);
  const page = rows.slice(0, q.limit).map(toStoredPosition);
  return { statusCode: 200, message: 'success', data: { positions: page, nextAfter: rows.length > q.limit ? page.at(-1)!.time : null } };
}
