/**
 * LAANC candidates and notices for an operation (spec 2.5; domain.md "LAANC"). Pure: a Dataset and the
 * request in, candidates and notices out; the same input always gives the same hashCodes.
 *
 * - Candidates come from the facility-map grid cells the boundary crosses (the briefing engine's
 *   facilityMapCells), one per facility (and per polygon part, and per time window when a blocking
 *   restriction splits the flight window). Restrictions in effect come from the engine too
 *   (./restrictions.ts); this module keeps the LAANC rules: overlap, split, altitude, notices.
 * - Altitude: min(requested, lowest ceiling of the facility's cells) unless fixedAltitude; a facility
 *   whose lowest ceiling is 0 keeps the requested altitude (auto-adjusting to 0 ft would be no flight).
 * - SUBMISSION_TYPE_AUTO_AUTHORIZATION when the altitude is within every ceiling (and none is 0) and
 *   every cell's FAA cycle is still current when the flight starts (REASON_FACILITY_MAP_NOT_CURRENT),
 *   and no live source is past its promise (REASON_LIVE_DATA_NOT_CURRENT, docs/live-data.md),
 *   otherwise SUBMISSION_TYPE_FURTHER_COORDINATION: Part 107 only; a recreational flyer (44809) gets a
 *   blocking notice instead (domain.md: recreational only at or below the ceiling).
 * - Blocks: TFR, stadium event, prohibited area, NSUFR, FRZ (time-split), not LAANC-enabled (including
 *   controlled airspace no facility-map cell covers), above 400 ft, more than 90 days ahead, already
 *   over, altitude not AGL.
 * - Warns where no cell covers the boundary but modelled (sandbox) controlled airspace lies within the
 *   briefing's model margin (REASON_MODELLED_AIRSPACE), as the briefing answers CAUTION there.
 */
import { createHash } from 'node:crypto';
import type { Polygon } from 'geojson';
import type { AirspaceClassCode, Candidate, LaancNotice, License, NoticeAction, NoticeReason, SubmissionType } from '../../contract/laanc';
import { uncoveredLayers } from '../../data/coverage';
import { geometryBBox, type Dataset } from '../../data/dataset';
import { assessArea, endedCycle, facilityMapCells, liveDataInDoubt, modelledNear, type FacilityMapCell, type GroundProvider } from '../briefing';
import { normaliseAtAntimeridian } from '../geometry/antimeridian';
import { isAreal, largestPolygon, onePolygon, outside, overlap, polygonsOf, roundPolygon, touches, unionAll, type Areal } from './geometry';
import { openWindows, restrictionHits, type Window } from './restrictions';
import { flightFeet } from '../../contract/units';

export const MAX_LAANC_ALTITUDE_FT = 400;
/** domain.md: Part 107 requests up to 90 days ahead (applied to every license: docs). */
export const MAX_DAYS_AHEAD = 90;

export interface LaancRequest {
  boundary: Polygon;
  maxAltitude: number;
  altitudeUnit: string;
  altitudeReference: string;
  flightType: string;
  startTime: Date;
  endTime: Date;
  license: License;
  fixedAltitude: boolean;
  now: Date;
  /** The imported DEM's ground, as the briefings get it (docs/elevation.md): the same floors count. */
  groundMaxFt?: GroundProvider | undefined;
}

export interface CandidateDetail extends Candidate {
  /** The lowest facility-map ceiling under the candidate (ft AGL). */
  ceilingFt: number;
  airspaceClassCodes: AirspaceClassCode[];
  facilityMaps: { id: string; lastEditDate: string }[];
}

export interface LaancEvaluation {
  candidates: CandidateDetail[];
  notices: LaancNotice[];
  datasetVersion: string;
}

export function isRecreational(r: Pick<LaancRequest, 'license' | 'flightType'>): boolean {
  return r.license === 'LICENSE_SECTION_44809' || (r.license === 'LICENSE_UNSPECIFIED' && r.flightType === 'FLIGHT_TYPE_RECREATIONAL');
}

/**
 * Requested altitude in feet (LAANC works in feet AGL). Metres are rounded **up** (contract/units.ts
 * flightFeet, which the portal shows too): the flight reaches the metres asked, so 30.5 m (100.07 ft) is
 * above a 100 ft ceiling and 122 m above 400 ft; rounded down they passed as within them.
 */
export function requestedFeet(r: Pick<LaancRequest, 'maxAltitude' | 'altitudeUnit'>): number {
  return flightFeet(r.maxAltitude, r.altitudeUnit);
}

const iso = (ms: number) => new Date(ms).toISOString();

function notice(action: NoticeAction, reason: NoticeReason, ids: string[], geom: Polygon, w: Window): LaancNotice {
  return { action, reason, ids, geom: roundPolygon(geom), startTime: iso(w.start), endTime: iso(w.end) };
}

/** A dataset date as RFC 3339 (sources may carry a plain date). */
function asDateTime(s: string | undefined, fallback: string): string {
  const t = s ? Date.parse(s) : NaN;
  return Number.isNaN(t) ? fallback : new Date(t).toISOString();
}

export function hashCandidate(c: Omit<Candidate, 'hashCode'>, cellIds: string[]): string {
  const canonical = JSON.stringify([c.airTrafficControl, c.submissionType, c.altitude, c.startTime, c.endTime, c.geom.coordinates, [...cellIds].sort()]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}

/**
 * Whether the FAA lets LAANC auto-authorize this cell for the license (UDDS APTn_Enabled: 107-AA for
 * Part 107, 44809-AA for recreational flyers). Data that does not say (generated cells) leaves it to
 * laancEnabled; a cell whose airport is not LAANC-enabled never gets here (it is blocked before).
 */
export function autoAuthorizationAllowed(cell: FacilityMapCell, recreational: boolean): boolean {
  const flag = recreational ? cell.feature.props?.recreationalAutoAuthorization : cell.feature.props?.part107AutoAuthorization;
  return flag !== false;
}

interface Cell {
  cell: FacilityMapCell;
  /** The part of the boundary inside the cell. */
  shared: Areal;
}

function classCodes(dataset: Dataset, part: Polygon): AirspaceClassCode[] {
  const codes = new Set<AirspaceClassCode>();
  for (const f of dataset.search(geometryBBox(part), ['class_airspace'])) {
    const s = f.subtype;
    if ((s === 'CLASS_B' || s === 'CLASS_C' || s === 'CLASS_D' || s === 'CLASS_E') && isAreal(f.geometry) && overlap(part, f.geometry)) codes.add(s);
  }
  return [...codes].sort();
}

/**
 * Controlled airspace that counts for this flight (the briefing engine decides: in effect during the
 * window, floor within reach) where no facility-map cell lies: LAANC cannot authorize there (cells LAANC
 * does not serve are blocked on their own) (docs/briefing-rules.md, "Audit 2026-11-25, second pass"). Without this an operation in a Class D
 * or E surface area that has no facility map (imported class airspace whose facility has no grid, or the
 * part of an area past the last cell) got no candidate and no notice: "nothing to authorize", while the
 * briefing of the same place says DroneZone. Class airspace LAANC is known not to serve is blocked above.
 */
function uncoveredControlled(dataset: Dataset, boundary: Areal, r: LaancRequest, requestFt: number, rest: Areal, notices: LaancNotice[], flight: Window): void {
  // Geometry first, cheapest test first: where cells cover the whole boundary (wherever a facility map
  // exists) or no class airspace touches what they leave (Class G), the engine is not asked.
  const touched = dataset.searchNear(rest, 0, ['class_airspace']).filter((f) => f.laancEnabled !== false && isAreal(f.geometry) && touches(rest, f.geometry));
  if (touched.length === 0) return;
  // What counts for this flight is the briefing's answer for the operation's boundary (floors, hours).
  const counts = new Set<string>();
  for (const e of assessArea(dataset, boundary, { start: r.startTime, end: r.endTime, now: r.now, maxAltitudeFt: requestFt, includeGeometry: false, groundMaxFt: r.groundMaxFt })) {
    if (e.controlled) for (const f of e.features) counts.add(f.id);
  }
  for (const f of touched) {
    if (!counts.has(f.id)) continue;
    const where = overlap(rest, f.geometry as Areal);
    if (where) notices.push(notice('ACTION_BLOCK', 'REASON_NOT_LAANC_ENABLED', [f.id], largestPolygon(where), flight));
  }
}

/** Modelled features named in a REASON_MODELLED_AIRSPACE notice: the nearest of each facility, at most this many. */
const MODELLED_NAMED = 5;

/**
 * The part of the boundary no facility-map cell covers, within MODEL_MARGIN_NM of controlled airspace or
 * cells the sandbox modelled: the briefing answers CAUTION there ("Modelled airspace: boundary
 * uncertain", model-margin.ts) instead of Class G, and LAANC has nothing to authorize from the model. A
 * WARN says so, naming the modelled features, so LAANC is not silent where the briefing is not
 * (docs/briefing-rules.md, "Audit 2026-11-28, third pass"). Imported FAA data has exact edges: no warning.
 */
function modelMargin(dataset: Dataset, rest: Areal, notices: LaancNotice[], flight: Window): void {
  const near = modelledNear(dataset, rest);
  if (near.length === 0) return;
  const ids: string[] = [];
  const facilities = new Set<string>();
  for (const { feature } of near) {
    const facility = feature.facility ?? feature.ident ?? feature.id;
    if (facilities.has(facility)) continue;
    facilities.add(facility);
    ids.push(feature.id);
    if (ids.length === MODELLED_NAMED) break;
  }
  notices.push(notice('ACTION_WARN', 'REASON_MODELLED_AIRSPACE', ids, largestPolygon(rest), flight));
}

/**
 * One notice per action, reason and window: the cells of one facility LAANC does not serve are one
 * notice naming them all (over the largest part of their union), not one per cell.
 */
export function mergeNotices(list: readonly LaancNotice[]): LaancNotice[] {
  const groups = new Map<string, LaancNotice[]>();
  for (const n of list) {
    const key = `${n.action}|${n.reason}|${n.startTime}|${n.endTime}`;
    const g = groups.get(key) ?? [];
    g.push(n);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    if (g.length === 1) return g[0]!;
    const ids = [...new Set(g.flatMap((n) => n.ids))];
    const geom = largestPolygon(unionAll(g.map((n) => n.geom)) ?? g[0]!.geom);
    return { ...g[0]!, ids, geom: roundPolygon(geom) };
  });
}

export function evaluateLaanc(dataset: Dataset, r: LaancRequest): LaancEvaluation {
  const flight: Window = { start: r.startTime.getTime(), end: r.endTime.getTime() };
  const notices: LaancNotice[] = [];
  const done = (candidates: CandidateDetail[] = []) => ({ candidates, notices: mergeNotices(notices), datasetVersion: dataset.version });
  const requestFt = requestedFeet(r);
  const recreational = isRecreational(r);

  // Operation-wide rules first: nothing can be submitted when one of them fails.
  if (flight.end <= r.now.getTime()) notices.push(notice('ACTION_BLOCK', 'REASON_OPERATION_IN_PAST', [], r.boundary, flight));
  if (flight.start > r.now.getTime() + MAX_DAYS_AHEAD * 86_400_000) notices.push(notice('ACTION_BLOCK', 'REASON_TOO_FAR_AHEAD', [], r.boundary, flight));
  if (r.altitudeReference === 'ALTITUDE_REFERENCE_AMSL' || r.altitudeReference === 'ALTITUDE_REFERENCE_WGS84') {
    notices.push(notice('ACTION_BLOCK', 'REASON_ALTITUDE_REFERENCE_NOT_AGL', [], r.boundary, flight));
  }
  if (r.fixedAltitude && requestFt > MAX_LAANC_ALTITUDE_FT) notices.push(notice('ACTION_BLOCK', 'REASON_ABOVE_400_FT', [], r.boundary, flight));
  if (r.license === 'LICENSE_UNSPECIFIED') notices.push(notice('ACTION_WARN', 'REASON_LICENSE_UNSPECIFIED', [], r.boundary, flight));
  // A live source past its promise (stale TFR feed, TFRs of unknown area; docs/live-data.md): a TFR may
  // cover the area unseen, so nothing is auto-authorized (further coordination for Part 107; a
  // recreational flyer has no such path). The briefing's own test, so both say the same.
  const inDoubt = liveDataInDoubt(dataset);
  if (inDoubt) notices.push(notice(recreational ? 'ACTION_BLOCK' : 'ACTION_WARN', 'REASON_LIVE_DATA_NOT_CURRENT', [], r.boundary, flight));

  // The boundary as the engines see it: cut at 180° when it crosses (its parts, never the band).
  const boundary = normaliseAtAntimeridian(r.boundary);
  const hits = restrictionHits(dataset, boundary, flight, requestFt, r.groundMaxFt);
  for (const h of hits) notices.push(notice(h.action, h.reason, [h.featureId], h.geom, h.window));
  const windows = openWindows(flight, hits.filter((h) => h.action === 'ACTION_BLOCK').map((h) => h.window));

  // Controlled airspace that LAANC does not serve (DroneZone instead).
  for (const f of dataset.searchNear(boundary, 0, ['class_airspace'])) {
    if (f.laancEnabled !== false || !isAreal(f.geometry)) continue;
    const shared = overlap(boundary, f.geometry);
    if (shared) notices.push(notice('ACTION_BLOCK', 'REASON_NOT_LAANC_ENABLED', [f.id], largestPolygon(shared), flight));
  }

  const byFacility = new Map<string, Cell[]>();
  const mapped: Areal[] = [];
  for (const cell of facilityMapCells(dataset, boundary)) {
    const shared = overlap(boundary, cell.geometry);
    if (!shared) continue;
    mapped.push(shared);
    if (!cell.laancEnabled) {
      notices.push(notice('ACTION_BLOCK', 'REASON_NOT_LAANC_ENABLED', [cell.id], largestPolygon(shared), flight));
      continue;
    }
    const list = byFacility.get(cell.facility) ?? [];
    list.push({ cell, shared });
    byFacility.set(cell.facility, list);
  }

  // What no cell covers: controlled airspace there is blocked, modelled airspace near it warned of.
  const rest = outside(boundary, unionAll(mapped));
  if (rest) {
    uncoveredControlled(dataset, boundary, r, requestFt, rest, notices, flight);
    modelMargin(dataset, rest, notices, flight);
  }

  // Where the special-use airspace is not known (the sandbox's sample, an import that lacks it), a
  // restricted area or MOA may be here: never auto-authorization (docs/briefing-rules.md, "Coverage").
  const suaUnknown = byFacility.size > 0 && uncoveredLayers(dataset, geometryBBox(boundary)).includes('sua');
  if (suaUnknown) notices.push(notice(recreational ? 'ACTION_BLOCK' : 'ACTION_WARN', 'REASON_SUA_NOT_MODELLED', [], r.boundary, flight));

  if (notices.some((n) => n.action === 'ACTION_BLOCK' && n.ids.length === 0)) return done();
  // Part of the area is controlled airspace LAANC does not serve: the flight's channel is DroneZone (the
  // briefing of the area says so), so LAANC offers nothing for the rest of it either: one channel per flight.
  if (notices.some((n) => n.action === 'ACTION_BLOCK' && n.reason === 'REASON_NOT_LAANC_ENABLED')) return done();

  const candidates: CandidateDetail[] = [];
  for (const [facility, cells] of [...byFacility.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    cells.sort((a, b) => a.cell.id.localeCompare(b.cell.id));
    const area = unionAll(cells.map((c) => c.shared));
    if (!area) continue;
    const lowest = Math.min(...cells.map((c) => c.cell.ceilingFt));
    const zero = cells.filter((c) => c.cell.ceilingFt === 0);
    const altitude = r.fixedAltitude || lowest === 0 ? requestFt : Math.min(requestFt, lowest);
    const noAuto = cells.filter((c) => !autoAuthorizationAllowed(c.cell, recreational));
    if (noAuto.length) {
      notices.push(notice(recreational ? 'ACTION_BLOCK' : 'ACTION_WARN', 'REASON_NOT_LAANC_ENABLED', noAuto.map((c) => c.cell.id), largestPolygon(unionAll(noAuto.map((c) => c.shared)) ?? area), flight));
    }
    // A facility map whose FAA cycle ended before the flight starts may no longer be current: never a ground
    // for auto-authorization (further coordination for Part 107; a recreational flyer has no such path).
    // The briefing's own rule (currency.ts), so both say the same of the same cell.
    const stale = cells.filter((c) => endedCycle(dataset, c.cell.feature, flight.start));
    if (stale.length) {
      notices.push(notice(recreational ? 'ACTION_BLOCK' : 'ACTION_WARN', 'REASON_FACILITY_MAP_NOT_CURRENT', stale.map((c) => c.cell.id), largestPolygon(unionAll(stale.map((c) => c.shared)) ?? area), flight));
    }
    // Auto-authorization only where the FAA enables it for every cell of the facility here, on current data.
    // One request per facility, window and altitude (issue 32): an area that meets the facility's map in
    // several places (a U around another facility's cells) asks for their hull, not for each part, which
    // read as identical requests the FAA could answer apart ("half the area is legal"). The hull may
    // reach cells of this facility outside the area: their ceilings count too, restrictively.
    const parts = polygonsOf(area);
    const geom = roundPolygon(onePolygon(parts));
    const hullCells = parts.length > 1 ? facilityMapCells(dataset, geom).filter((c) => c.facility === facility && overlap(geom, c.geometry)) : [];
    const hullLowest = Math.min(lowest, ...hullCells.map((c) => c.ceilingFt));
    const hullNoAuto = hullCells.some((c) => !c.laancEnabled || !autoAuthorizationAllowed(c, recreational) || endedCycle(dataset, c.feature, flight.start));
    const within = lowest > 0 && altitude <= lowest && noAuto.length === 0 && stale.length === 0 && altitude <= hullLowest && !hullNoAuto && !inDoubt && !suaUnknown;
    if (!within && !recreational && cells.some((c) => c.cell.feature.props?.part107FurtherCoordination === false)) continue;
    const type: SubmissionType = within ? 'SUBMISSION_TYPE_AUTO_AUTHORIZATION' : 'SUBMISSION_TYPE_FURTHER_COORDINATION';
    const where = largestPolygon(unionAll(zero.map((c) => c.shared)) ?? area);
    if (zero.length) notices.push(notice(recreational ? 'ACTION_BLOCK' : 'ACTION_WARN', 'REASON_ZERO_CEILING', zero.map((c) => c.cell.id), where, flight));
    if (altitude > lowest && lowest > 0) {
      const above = cells.filter((c) => c.cell.ceilingFt < altitude);
      notices.push(notice(recreational ? 'ACTION_BLOCK' : 'ACTION_WARN', 'REASON_ABOVE_CEILING', above.map((c) => c.cell.id), largestPolygon(unionAll(above.map((c) => c.shared)) ?? area), flight));
    }
    if (!within && recreational) continue; // 44809: only at or below the ceiling, no further coordination
    if (altitude > MAX_LAANC_ALTITUDE_FT) continue;
    const facilityMaps = cells.map(({ cell }) => ({
      id: cell.id,
      lastEditDate: asDateTime(cell.lastEditDate ?? cell.effectiveDate, asDateTime(dataset.generatedAt, new Date(0).toISOString())),
    }));
    const codes = classCodes(dataset, geom);
    for (const w of windows) {
      const base = { submissionType: type, startTime: iso(w.start), endTime: iso(w.end), geom, altitude, airTrafficControl: facility };
      candidates.push({ hashCode: hashCandidate(base, cells.map(({ cell }) => `${cell.id}@${cell.ceilingFt}`)), ...base, ceilingFt: Math.min(lowest, hullLowest), airspaceClassCodes: codes, facilityMaps });
    }
  }
  return done(candidates);
}

/** Spec 2.5 candidate (7 fields) from the detail. */
export function toCandidate(c: CandidateDetail): Candidate {
  return { hashCode: c.hashCode, submissionType: c.submissionType, startTime: c.startTime, endTime: c.endTime, geom: c.geom, altitude: c.altitude, airTrafficControl: c.airTrafficControl };
}
