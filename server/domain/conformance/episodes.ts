/**
 * What one operation's telemetry may store, as pure rules (docs/positions.md "Storage follows flight
 * time"): which position times are refused, how many positions the operation keeps, and how
 * nonconforming positions fold into episodes (entering and leaving a state, with a count), never one
 * row per position.
 */
import type { ConformanceReason } from '../../contract/positions';
import type { Nonconformance } from './rules';

/** A position more than this outside its operation's window (before start or after end) is refused (422). */
export const MAX_OUTSIDE_WINDOW_S = 3600;
/** Positions stored per second of the operation's window, at most. */
export const POSITIONS_PER_WINDOW_SECOND = 10;
/** Whatever the window, an operation keeps at least this many positions (an hour at 1 Hz)... */
export const MIN_STORED_POSITIONS = 3600;
/** ...and at most this many (under three hours at 10 Hz, a day at 1 Hz); beyond it the track is thinned. */
export const MAX_STORED_POSITIONS = 100_000;
/** When thinned, this share of the capacity (the newest positions) is kept as it is; every other older one goes. */
export const THIN_KEEP_RECENT_SHARE = 0.25;
/** Positions of one reason closer in time than this belong to one episode (a flapping drone is one episode). */
export const EPISODE_GAP_S = 30;
/** Episodes one operation keeps at most (plus one per reason): past it, new ones extend the latest of their reason. */
export const MAX_EPISODES_PER_OPERATION = 1000;

/** Seconds before the window's start (negative) or after its end (positive) `t` lies; 0 inside. */
export function outsideWindowS(window: { startTime: Date; endTime: Date }, t: number): number {
  if (t < window.startTime.getTime()) return (t - window.startTime.getTime()) / 1000;
  if (t > window.endTime.getTime()) return (t - window.endTime.getTime()) / 1000;
  return 0;
}

/** How many positions the operation keeps: 10 a second of its window, between the two bounds. */
export function positionCapacity(window: { startTime: Date; endTime: Date }): number {
  const seconds = Math.max(0, (window.endTime.getTime() - window.startTime.getTime()) / 1000);
  return Math.min(MAX_STORED_POSITIONS, Math.max(MIN_STORED_POSITIONS, Math.ceil(seconds * POSITIONS_PER_WINDOW_SECOND)));
}

/** The newest positions a thinning leaves as they are. */
export function thinKeepRecent(capacity: number): number {
  return Math.floor(capacity * THIN_KEEP_RECENT_SHARE);
}

export interface Episode<P = unknown> {
  id: string;
  reason: ConformanceReason;
  /** Time (ms) of the first position in the state: the episode's entry. */
  startMs: number;
  /** Time (ms) of the last position in the state: after it the drone left the state. */
  lastMs: number;
  /** Positions in the state. */
  positions: number;
  /** The entry position and what was measured there. */
  position: P;
  detail: string;
}

export interface CheckedBatchPosition<P> {
  timeMs: number;
  position: P;
  problems: readonly Nonconformance[];
  /** False for a re-sent position (stored before): it counts nothing again, but tells what came before the next. */
  fresh?: boolean;
}

export interface FoldResult<P> {
  /** Episodes this batch started, in the order started. */
  created: Episode<P>[];
  /** Stored episodes this batch extended (changed in place). */
  extended: Episode<P>[];
}

/**
 * Folds a batch (time order) into the operation's episodes. `known` are the stored episodes that may be
 * extended (those near the batch, and the latest of each reason); `before` the stored position just
 * before the batch's first (its time and reasons); `storedCount` how many episodes the operation has.
 * A position breaking a reason joins the episode of that reason that the position before it was in
 * (a contiguous excursion, however long its gaps), or one within EPISODE_GAP_S of it (earlier positions
 * move the entry back), or starts one; once the operation has MAX_EPISODES_PER_OPERATION it extends the
 * latest episode of the reason instead.
 */
export function foldEpisodes<P>(
  known: Episode<P>[],
  batch: readonly CheckedBatchPosition<P>[],
  storedCount: number,
  newId: () => string,
  before: { timeMs: number; reasons: readonly ConformanceReason[] } | null = null,
): FoldResult<P> {
  const gap = EPISODE_GAP_S * 1000;
  const all = [...known];
  const created: Episode<P>[] = [];
  const extended = new Set<Episode<P>>();
  let count = storedCount;
  let prev = before;
  for (const b of batch) {
    if (b.fresh !== false) {
      for (const problem of b.problems) {
        const same = all.filter((e) => e.reason === problem.reason);
        const p = prev;
        let into =
          (p && p.reasons.includes(problem.reason) ? same.find((e) => p.timeMs >= e.startMs && p.timeMs <= e.lastMs) : undefined) ??
          same.find((e) => b.timeMs >= e.startMs - gap && b.timeMs <= e.lastMs + gap);
        if (!into && count >= MAX_EPISODES_PER_OPERATION && same.length) into = same.reduce((a, e) => (e.lastMs > a.lastMs ? e : a));
        if (into) {
          if (b.timeMs < into.startMs) {
            into.startMs = b.timeMs;
            into.position = b.position;
            into.detail = problem.detail;
          }
          into.lastMs = Math.max(into.lastMs, b.timeMs);
          into.positions++;
          if (!created.includes(into)) extended.add(into);
          continue;
        }
        const e: Episode<P> = { id: newId(), reason: problem.reason, startMs: b.timeMs, lastMs: b.timeMs, positions: 1, position: b.position, detail: problem.detail };
        all.push(e);
        created.push(e);
        count++;
      }
    }
    prev = { timeMs: b.timeMs, reasons: b.problems.map((x) => x.reason) };
  }
  return { created, extended: [...extended] };
}
