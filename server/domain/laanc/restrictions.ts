/**
 * Airspace that stops or qualifies a LAANC request. What is in effect where and when is the briefing
 * engine's answer (`restrictionsFor` in server/domain/briefing: schedules, times of use in the
 * feature's zone, part-time NSUFR hours, stadium events ±1 h, floors above the flight); this module
 * only turns each restriction into a LAANC notice (docs/operations-laanc.md):
 *   TFR → BLOCK REASON_OPERATION_IN_TFR (spec 2.5, the one reason seen)
 *   STADIUM (during an event window) → BLOCK REASON_OPERATION_IN_TFR: the standing stadium TFR
 *     (FDC NOTAM 4/3621, a TFR under 14 CFR 99.7)
 *   PROHIBITED_AREA → BLOCK; RESTRICTED_AREA while active → WARN (domain.md: R not while active;
 *     LAANC does not clear it)
 *   NSUFR (14 CFR 99.7) → BLOCK; WASHINGTON_FRZ (FDC NOTAM 4/2565) → BLOCK
 * and says where it meets the operation (the overlap) and when (each period in effect in the flight).
 */
import type { Polygon } from 'geojson';
import { normaliseAtAntimeridian } from '../geometry/antimeridian';
import type { NoticeAction, NoticeReason } from '../../contract/laanc';
import type { Dataset } from '../../data/dataset';
import { restrictionsFor, type GroundProvider, type RestrictionKind } from '../briefing';
import { isAreal, largestPolygon, overlap, type Areal } from './geometry';

export interface Window {
  start: number;
  end: number;
}

export interface RestrictionHit {
  featureId: string;
  action: NoticeAction;
  reason: NoticeReason;
  /** Where it meets the operation. */
  geom: Polygon;
  /** When, within the flight window, it is in effect. */
  window: Window;
}

const RULES: Record<RestrictionKind, { action: NoticeAction; reason: NoticeReason }> = {
  TFR: { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_TFR' },
  STADIUM: { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_TFR' },
  PROHIBITED_AREA: { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_PROHIBITED_AREA' },
  RESTRICTED_AREA: { action: 'ACTION_WARN', reason: 'REASON_OPERATION_IN_RESTRICTED_AREA' },
  NSUFR: { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_NSUFR' },
  WASHINGTON_FRZ: { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_WASHINGTON_FRZ' },
};

/**
 * One hit per restriction and period in effect during the flight, where it really overlaps the boundary
 * (a stored Polygon across 180° is cut there first: its parts, not the band around the globe).
 */
export function restrictionHits(dataset: Dataset, stored: Areal, flight: Window, altitudeFt: number, groundMaxFt?: GroundProvider): RestrictionHit[] {
  const boundary = normaliseAtAntimeridian(stored);
  const out: RestrictionHit[] = [];
  for (const r of restrictionsFor(dataset, boundary, { start: new Date(flight.start), end: new Date(flight.end), maxAltitudeFt: altitudeFt, groundMaxFt })) {
    if (!isAreal(r.geometry)) continue;
    const shared = overlap(boundary, r.geometry);
    if (!shared) continue;
    const geom = largestPolygon(shared);
    for (const window of r.periods) out.push({ featureId: r.featureId, ...RULES[r.kind], geom, window });
  }
  return out.sort((a, b) => a.window.start - b.window.start || a.featureId.localeCompare(b.featureId));
}

/** The flight window minus the blocking windows: the times a candidate may cover (≥ 1 minute each). */
export function openWindows(flight: Window, blocks: Window[]): Window[] {
  let open: Window[] = [flight];
  for (const b of blocks) {
    open = open.flatMap((w) => {
      if (b.end <= w.start || b.start >= w.end) return [w];
      const parts: Window[] = [];
      if (b.start > w.start) parts.push({ start: w.start, end: b.start });
      if (b.end < w.end) parts.push({ start: b.end, end: w.end });
      return parts;
    });
  }
  return open.filter((w) => w.end - w.start >= 60_000);
}
