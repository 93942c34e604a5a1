/**
 * Submit (endpoints.md: POST /v1/operations/{id}/laanc/authorizations). No body, or no hashCodes:
 * every current candidate not yet covered by a pending/approved authorization. The rules of domain.md:
 *   - at most 400 ft AGL;
 *   - Part 107 (and, our choice, every license) at most 90 days ahead;
 *   - further coordination only under Part 107, and with a justification;
 *   - recreational (44809) only at or below the ceiling (such candidates are never offered);
 *   - a blocking notice without a feature (too far ahead, over, not AGL, above 400 ft) stops it all.
 * Auto-authorization candidates become STATUS_APPROVED at once (the sandbox's LAANC answers
 * immediately); further coordination becomes STATUS_PENDING for the FAA (the sandbox FAA API).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { SubmitRequest } from '../../contract/laanc';
import type { AppDeps } from '../../deps';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { laancStore, type AuthorizationRecord } from '../../store/laanc';
import { laancHistoryStore } from '../../store/laanc-history';
import { operationsStore } from '../../store/operations';
import { enqueueStatusChange } from '../callbacks/outbox';
import { isUuid, viewerOf, visibleOperation } from '../operations/service';
import { MAX_DAYS_AHEAD, MAX_LAANC_ALTITUDE_FT, type CandidateDetail } from '../../domain/laanc/candidates';
import { activeHashes, evaluate, laancOf, resultOf } from './service';
import { demGround } from '../elevation/dem-ground';
import { initialStatus } from '../../domain/laanc/state-machine';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The sixteenth field: L + facility + 8 characters, easy to read out over the radio. */
export function newReferenceCode(facility: string): string {
  const bytes = randomBytes(8);
  const tail = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `L${facility.replace(/[^A-Z0-9]/gi, '').toUpperCase().slice(0, 4)}${tail}`;
}

function violation(field: string, rule: string, message: string) {
  return { field, rule, message };
}

export async function submit(deps: AppDeps, p: Principal, id: string, body: SubmitRequest) {
  const seen = await visibleOperation(deps, p, id);
  // The DEM is read before the row lock (I/O); a boundary changed meanwhile falls back to the fixed assumption.
  const ground = await demGround(deps, seen.boundary);
  const now = deps.now();
  const { created, wrote, op, l } = await deps.db.transaction(async (tx) => {
    // The operation row is locked: two submissions of one operation run one after the other.
    const op = isUuid(id) ? await operationsStore.visibleById(tx, id, viewerOf(p), true) : null;
    if (!op) throw notFound(`No operation ${id} that you may see`);
    const l = await laancOf(tx, op);
    const ev = evaluate(deps, op, l, ground);
    const blocking = ev.notices.filter((n) => n.action === 'ACTION_BLOCK' && n.ids.length === 0);
    if (blocking.length) throw unprocessable(`The operation cannot be submitted: ${blocking.map((n) => n.reason).join(', ')}`, { notices: blocking });
    if (l.license === 'LICENSE_UNSPECIFIED') {
      throw unprocessable('Set the license (LICENSE_PART_107 or LICENSE_SECTION_44809) of the LAANC operation before submitting', [
        violation('license', 'license_required', 'license is LICENSE_UNSPECIFIED'),
      ]);
    }
    const taken = activeHashes(await laancStore.authorizations(tx, op.id));
    let chosen: CandidateDetail[];
    if (body.hashCodes) {
      const unknown = body.hashCodes.filter((h) => !ev.candidates.some((c) => c.hashCode === h));
      if (unknown.length) {
        throw unprocessable(`Unknown or no longer current hashCode(s): ${unknown.join(', ')}; candidates change with the operation and the airspace data, read GET /v1/operations/${op.id}/laanc again`, { unknown });
      }
      const dup = body.hashCodes.filter((h) => taken.has(h));
      if (dup.length) throw conflict(`Already submitted and pending or approved: ${dup.join(', ')}`, { hashCodes: dup });
      chosen = ev.candidates.filter((c) => body.hashCodes!.includes(c.hashCode));
    } else {
      if (ev.candidates.length === 0) throw unprocessable('There are no candidates to submit (see the notices)', { notices: ev.notices });
      chosen = ev.candidates.filter((c) => !taken.has(c.hashCode));
      if (chosen.length === 0) throw conflict('Every candidate already has a pending or approved authorization');
    }
    const problems = [];
    for (const c of chosen) {
      const field = `candidate ${c.hashCode}`;
      if (c.altitude > MAX_LAANC_ALTITUDE_FT) problems.push(violation(field, 'max_400_ft', `altitude ${c.altitude} ft exceeds 400 ft AGL`));
      if (Date.parse(c.startTime) > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) problems.push(violation(field, 'max_90_days_ahead', 'starts more than 90 days ahead'));
      if (c.submissionType === 'SUBMISSION_TYPE_FURTHER_COORDINATION') {
        if (l.license !== 'LICENSE_PART_107') problems.push(violation(field, 'further_coordination_part_107_only', 'further coordination is only for Part 107 pilots'));
        if (!body.justification) problems.push(violation('justification', 'justification_required', `candidate ${c.hashCode} needs further coordination: give a justification`));
      }
    }
    if (problems.length) throw unprocessable(problems.map((x) => x.message).join('; '), problems);

    const created: AuthorizationRecord[] = [];
    let wrote = false;
    for (const c of chosen) {
      const a: AuthorizationRecord = {
        id: randomUUID(),
        operationId: op.id,
        referenceCode: newReferenceCode(c.airTrafficControl),
        hashCode: c.hashCode,
        submissionType: c.submissionType,
        geom: c.geom,
        altitude: c.altitude,
        startTime: new Date(c.startTime),
        endTime: new Date(c.endTime),
        status: initialStatus(c.submissionType),
        createdAt: now,
        createdBy: p.id,
        lastUpdatedAt: now,
        editedBy: p.id,
        justification: c.submissionType === 'SUBMISSION_TYPE_FURTHER_COORDINATION' ? (body.justification ?? '') : '',
        airTrafficControl: c.airTrafficControl,
        airspaceClassCodes: c.airspaceClassCodes,
        facilityMaps: c.facilityMaps,
        statusReason: null,
        datasetVersion: ev.datasetVersion,
      };
      await laancStore.insertAuthorization(tx, a);
      await laancHistoryStore.record(tx, { authorizationId: a.id, status: a.status, action: 'submit', at: now, by: p.id, reason: a.justification || null });
      // Creation is the first status change: reported like every other one (spec 6).
      wrote = (await enqueueStatusChange(tx, op, a, now)) || wrote;
      created.push(a);
    }
    return { created, wrote, op, l };
  });
  if (wrote) deps.events.onOutboxWritten();
  const auths = await laancStore.authorizations(deps.db, op.id);
  return { ...(await resultOf(deps, op, l, auths)), submitted: created.map((a) => a.id) };
}
