/**
 * Ephemeral operations (spec 2.6, 4.7; domain.md "Ephemeral operations and claim links"), also what
 * the legacy 4.3 creates. Decisions (docs/operations-laanc.md "Ephemeral operations"):
 * - The claim link is {portalUrl}/plan/operations/<id>/claim; on claim the platform operation gets the
 *   same id, owned by the claimer (pilotId, createdBy) and the claimer's organization.
 * - Unclaimed ones expire config.ephemeralTtlMinutes after creation: Get, preview and claim answer
 *   410 Gone (details.reason EXPIRED) until purged 7 days later, 404 after; the creator may still
 *   delete one. A claimed one answers 410 on the public preview (reason CLAIMED).
 * - Who sees one: its creator (and, for an API client or an operator, the creator's organization);
 *   while unclaimed any signed-in person (holding the link is what lets them claim it); once claimed
 *   also the claimer. Anyone else: 404.
 */
import { randomUUID } from 'node:crypto';
import type { Polygon } from 'geojson';
import type { EphemeralOperation } from '../../contract/ephemeral';
import type { AppDeps } from '../../deps';
import { ApiError, conflict, notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { ephemeralStore, type EphemeralRecord } from '../../store/ephemeral';
import { operationsStore, type OperationRecord } from '../../store/operations';
import { identity } from '../../store/identity';
import { newCallbackSecret } from '../../domain/callbacks/signing';
import { nearestAirport } from '../../domain/places/nearest-airport';
import { nearestPlace } from '../../domain/places/nearest-place';
import { bboxCentre, shortWayBBox } from '../../domain/geometry/antimeridian';
import { isUuid, toPlatformOperation } from './service';
import { addMinutes } from '../../domain/operations/time';

/** Expired unclaimed rows stay (answering 410) this long before the purge removes them. */
export const PURGE_AFTER_EXPIRY_MINUTES = 7 * 24 * 60;

export interface EphemeralInput {
  name: string;
  boundary: Polygon;
  flightType: EphemeralRecord['flightType'];
  maxAltitude: number;
  fixedAltitude: boolean;
  callbackUrl: string | null;
  timezone: string;
  startTime: Date;
  durationMinutes: number;
}

export function claimUrl(deps: AppDeps, id: string): string {
  return `${deps.config.portalUrl}/plan/operations/${id}/claim`;
}

/** Creates one (the caller validated the input and the callback address); returns its id and link. */
export async function createEphemeral(deps: AppDeps, p: Principal, input: EphemeralInput, origin: 'v1' | 'v2-legacy') {
  const now = deps.now();
  const rec: EphemeralRecord = {
    id: randomUUID(),
    ...input,
    callbackClientId: input.callbackUrl && p.kind === 'client' ? p.id : null,
    callbackSecret: input.callbackUrl && p.kind === 'user' ? newCallbackSecret() : null,
    createdBy: p.id,
    createdByKind: p.kind,
    orgId: p.orgId,
    origin,
    createdAt: now,
    expiresAt: addMinutes(now, deps.config.ephemeralTtlMinutes),
    claimedBy: null,
    claimedAt: null,
  };
  await ephemeralStore.insert(deps.db, rec);
  return { id: rec.id, url: claimUrl(deps, rec.id) };
}

function creatorSide(e: EphemeralRecord, p: Principal): boolean {
  if (e.createdBy === p.id) return true;
  const orgWide = p.kind === 'client' || p.roles.includes('operator');
  return orgWide && !!p.orgId && e.orgId === p.orgId;
}

function expired(e: EphemeralRecord, now: Date): boolean {
  return !e.claimedAt && e.expiresAt.getTime() <= now.getTime();
}

const goneExpired = (id: string) => new ApiError(410, `Ephemeral operation ${id} expired unclaimed`, { reason: 'EXPIRED' });

async function find(deps: AppDeps, id: string): Promise<EphemeralRecord> {
  const e = isUuid(id) ? await ephemeralStore.byId(deps.db, id) : null;
  if (!e) throw notFound(`No ephemeral operation ${id}`);
  return e;
}

/** What both the full view and the public preview show of the flight itself. */
function flightOf(e: EphemeralRecord) {
  return {
    id: e.id,
    name: e.name,
    boundary: e.boundary as EphemeralOperation['boundary'],
    flightType: e.flightType,
    maxAltitude: e.maxAltitude,
    startTime: e.startTime.toISOString(),
    endTime: addMinutes(e.startTime, e.durationMinutes).toISOString(),
    timezoneName: e.timezone,
    expiresAt: e.expiresAt.toISOString(),
  };
}

function view(deps: AppDeps, e: EphemeralRecord, p: Principal): EphemeralOperation {
  // EXPIRED is never served by Get (410), but a record is typed with every state it can have.
  const state = e.claimedAt ? 'CLAIMED' : expired(e, deps.now()) ? 'EXPIRED' : 'UNCLAIMED';
  return {
    ...flightOf(e),
    fixedAltitude: e.fixedAltitude,
    // The callback address may embed the registrant's credentials (spec 6): only whoever registered it
    // (the creator) sees it, not their organization nor a claimer (docs/security.md ("Leaks")).
    ...(e.callbackUrl && e.createdBy === p.id ? { callbackUrl: e.callbackUrl } : {}),
    ...(e.callbackSecret && e.createdBy === p.id ? { callbackSecret: e.callbackSecret } : {}),
    duration: e.durationMinutes,
    state,
    url: claimUrl(deps, e.id),
    createdBy: e.createdBy,
    createdAt: e.createdAt.toISOString(),
    claimedBy: e.claimedBy,
    claimedAt: e.claimedAt ? e.claimedAt.toISOString() : null,
    operationId: e.claimedAt ? e.id : null,
  };
}

export async function getEphemeral(deps: AppDeps, p: Principal, id: string): Promise<EphemeralOperation> {
  const e = await find(deps, id);
  const mine = creatorSide(e, p);
  const holder = p.kind === 'user' && (!e.claimedAt || e.claimedBy === p.id);
  if (!mine && !holder) throw notFound(`No ephemeral operation ${id}`);
  if (expired(e, deps.now())) throw goneExpired(id);
  return view(deps, e, p);
}

/** Public: the minimum a claim page draws before sign-in. Ids are random UUIDv4 (122 bits): not guessable. */
export async function previewEphemeral(deps: AppDeps, id: string) {
  const e = await find(deps, id);
  if (e.claimedAt) throw new ApiError(410, `Ephemeral operation ${id} was already claimed`, { reason: 'CLAIMED' });
  if (expired(e, deps.now())) throw goneExpired(id);
  return {
    ...flightOf(e),
    sentBy: await senderName(deps, e),
    nearestAirport: nearestAirport(deps.datasets.current(), ringCentre(e.boundary)),
    nearestPlace: nearestPlace(ringCentre(e.boundary)),
  };
}

async function senderName(deps: AppDeps, e: EphemeralRecord): Promise<string | null> {
  if (e.createdByKind === 'client') return (await identity.clientById(deps.db, e.createdBy))?.name ?? null;
  return isUuid(e.createdBy) ? ((await identity.userById(deps.db, e.createdBy))?.name ?? null) : null;
}

/** The middle of the area's bounding box (the short way across 180°): close enough to name the nearest airport. */
const ringCentre = (p: Polygon): [number, number] => bboxCentre(shortWayBBox(p));

export async function deleteEphemeral(deps: AppDeps, p: Principal, id: string): Promise<void> {
  const e = await find(deps, id);
  if (!creatorSide(e, p)) throw notFound(`No ephemeral operation ${id}`);
  if (e.claimedAt) throw conflict(`Ephemeral operation ${id} was claimed; it is now operation ${e.id} (delete that instead)`);
  if (!(await ephemeralStore.deleteUnclaimed(deps.db, e.id))) throw conflict(`Ephemeral operation ${id} was claimed meanwhile`);
}

export async function claimEphemeral(deps: AppDeps, p: Principal, id: string) {
  const e = await find(deps, id);
  if (e.claimedAt) throw conflict(`Ephemeral operation ${id} was already claimed`, { reason: 'CLAIMED' });
  if (expired(e, deps.now())) throw goneExpired(id);
  const now = deps.now();
  const op = await deps.db.transaction(async (tx) => {
    const won = await ephemeralStore.claim(tx, e.id, p.id, now);
    if (!won) throw conflict(`Ephemeral operation ${id} was already claimed`, { reason: 'CLAIMED' });
    const rec: OperationRecord = {
      id: won.id,
      name: won.name,
      pilotId: p.id,
      boundary: won.boundary,
      minAltitude: 0,
      maxAltitude: won.maxAltitude,
      startTime: won.startTime,
      endTime: addMinutes(won.startTime, won.durationMinutes),
      aircraftId: null,
      timezone: won.timezone,
      // 4.3/2.6 altitudes are feet above ground level.
      altitudeUnit: 'ALTITUDE_UNIT_FEET',
      altitudeReference: 'ALTITUDE_REFERENCE_AGL',
      flightType: won.flightType,
      authorizationProviders: ['APPROVAL_PROVIDER_LAANC'],
      desc: '',
      createdBy: p.id,
      orgId: p.orgId,
      createdAt: now,
      updatedAt: now,
      // The callback stays with whoever registered it, signed with their key.
      callbackUrl: won.callbackUrl,
      callbackClientId: won.callbackClientId,
      callbackSecret: won.callbackSecret,
      callbackOwner: won.callbackUrl ? won.createdBy : null,
      origin: 'ephemeral',
    };
    await operationsStore.insert(tx, rec);
    return rec;
  });
  return { operation: toPlatformOperation(op, p), fixedAltitude: e.fixedAltitude };
}

export async function purgeExpiredEphemeral(deps: AppDeps): Promise<number> {
  return ephemeralStore.purgeExpired(deps.db, addMinutes(deps.now(), -PURGE_AFTER_EXPIRY_MINUTES));
}
