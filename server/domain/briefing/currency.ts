/**
 * Data currency (docs/briefing-rules.md, "Audit 2026-11-28, third pass"): FAA data published on a cycle
 * (a UDDS facility map: 56 days) stops being current at its effective date plus the cycle. A flight that
 * starts at or after that instant is judged on data that may have changed since: its facility-map
 * ceilings are never a ground for auto-authorization (LAANC: further coordination) and the briefing says
 * so. Generated (sandbox) data and FAA data without a cycle (ADDS layers, TFRs) never end here.
 */
import type { Dataset } from '../../data/dataset';
import { validUntil, type AirspaceFeature } from '../../data/model';
import { startsAtOrAfter, type FlightWindow } from './time';

export interface EndedCycle {
  /** The cycle's effective date (RFC 3339). */
  effectiveDate: string;
  /** When it stopped being current (RFC 3339): effectiveDate plus the cycle. */
  validUntil: string;
}

type Sources = Pick<Dataset, 'sources' | 'kind'>;

/** Per dataset, each source's cycle end (ms) or null: sources are few, features many. */
const ends = new WeakMap<Sources, Map<string, { ms: number; cycle: EndedCycle } | null>>();

/** The end of the cycle a feature's data belongs to, or null when its source has none. */
function cycleEnd(dataset: Sources, f: AirspaceFeature): { ms: number; cycle: EndedCycle } | null {
  let bySource = ends.get(dataset);
  if (!bySource) ends.set(dataset, (bySource = new Map()));
  let end = bySource.get(f.sourceId);
  if (end === undefined) {
    const s = dataset.sources.find((x) => x.id === f.sourceId);
    const until = s ? validUntil(s, dataset.kind) : undefined;
    end = s && until ? { ms: Date.parse(until), cycle: { effectiveDate: s.effectiveDate, validUntil: until } } : null;
    bySource.set(f.sourceId, end);
  }
  return end;
}

/** The cycle a feature's data belongs to when it ended at or before `atMs` (the flight's start); else undefined. */
export function endedCycle(dataset: Sources, f: AirspaceFeature, atMs: number): EndedCycle | undefined {
  const end = cycleEnd(dataset, f);
  return end && end.ms <= atMs ? end.cycle : undefined;
}

/**
 * endedCycle for a flight window: the start is compared through `startsAtOrAfter`, so an observed
 * window (time.ts ObservedWindow) notes a bound on its start instead of a read.
 */
export function endedCycleIn(dataset: Sources, f: AirspaceFeature, window: FlightWindow): EndedCycle | undefined {
  const end = cycleEnd(dataset, f);
  return end && startsAtOrAfter(window, end.ms) ? end.cycle : undefined;
}

const day = (iso: string) => iso.slice(0, 10);

/** The sentence a notice carries: "FAA data of the cycle effective …, which ended …: it may no longer be current." */
export function endedCycleText(c: EndedCycle): string {
  return `FAA data of the cycle effective ${day(c.effectiveDate)}, which ended ${day(c.validUntil)}: it may no longer be current.`;
}
