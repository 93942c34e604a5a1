/**
 * Airspace that stops or qualifies a LAANC request, read straight from the Dataset (self-contained;
 * the briefing engine answers the briefing question, this one the LAANC question):
 *   TFR → BLOCK REASON_OPERATION_IN_TFR (spec 2.5, the one reason seen)
 *   SUA prohibited → BLOCK; SUA restricted → WARN (domain.md: R not while active; LAANC does not clear it)
 *   NSUFR (14 CFR 99.7) → BLOCK; Washington FRZ (FDC NOTAM 4/2565) → BLOCK
 * A restriction counts only while in effect during the flight: its schedule's start/end are honoured;
 * times of use within a schedule are NOT narrowed (conservative: treated as in effect throughout,
 * docs/operations-laanc.md). A floor above the requested altitude (AGL) leaves the flight clear of it.
 */
import type { Polygon } from 'geojson';
import type { NoticeAction, NoticeReason } from '../../contract/laanc';
import { geometryBBox, type Dataset } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { isAreal, largestPolygon, overlap } from './geometry';

export interface Window {
  start: number;
  end: number;
}

export interface RestrictionHit {
  feature: AirspaceFeature;
  action: NoticeAction;
  reason: NoticeReason;
  /** Where it meets the operation. */
  geom: Polygon;
  /** When, within the flight window, it is in effect. */
  window: Window;
}

function rule(f: AirspaceFeature): { action: NoticeAction; reason: NoticeReason } | null {
  switch (f.layer) {
    case 'tfr':
      return { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_TFR' };
    case 'nsufr':
      return { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_NSUFR' };
    case 'washington_frz':
      return { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_WASHINGTON_FRZ' };
    case 'sua':
      if (f.subtype === 'PROHIBITED') return { action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_PROHIBITED_AREA' };
      if (f.subtype === 'RESTRICTED') return { action: 'ACTION_WARN', reason: 'REASON_OPERATION_IN_RESTRICTED_AREA' };
      return null;
    default:
      return null;
  }
}

/** The part of the flight window a feature is in effect, or null. */
export function effectWindow(f: AirspaceFeature, flight: Window): Window | null {
  const s = f.schedule?.startTime ? Date.parse(f.schedule.startTime) : -Infinity;
  const e = f.schedule?.endTime ? Date.parse(f.schedule.endTime) : Infinity;
  const start = Math.max(Number.isNaN(s) ? -Infinity : s, flight.start);
  const end = Math.min(Number.isNaN(e) ? Infinity : e, flight.end);
  return start < end ? { start, end } : null;
}

function floorAboveFt(f: AirspaceFeature, altitudeFt: number): boolean {
  const lower = f.lower;
  if (!lower || lower.reference === 'MSL') return false; // MSL floors cannot be compared without terrain: assume they reach down
  return lower.value > altitudeFt;
}

export function restrictionsFor(dataset: Dataset, boundary: Polygon, flight: Window, altitudeFt: number): RestrictionHit[] {
  const out: RestrictionHit[] = [];
  for (const f of dataset.search(geometryBBox(boundary), ['tfr', 'sua', 'nsufr', 'washington_frz'])) {
    const r = rule(f);
    if (!r || !isAreal(f.geometry) || floorAboveFt(f, altitudeFt)) continue;
    const window = effectWindow(f, flight);
    if (!window) continue;
    const shared = overlap(boundary, f.geometry);
    if (!shared) continue;
    out.push({ feature: f, ...r, geom: largestPolygon(shared), window });
  }
  return out.sort((a, b) => a.window.start - b.window.start || a.feature.id.localeCompare(b.feature.id));
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
