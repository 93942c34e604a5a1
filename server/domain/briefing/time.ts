/**
 * Time awareness: is a feature in effect during the flight window? Schedules (validity start/end),
 * times of use (days and daily windows in the feature's own time zone) and stadium events
 * (1 hour before to 1 hour after, FDC NOTAM 4/3621) are all reduced to UTC intervals.
 */
import { wallClockMs, wallToUtc } from '../../contract/zone-offset';
import type { AirspaceFeature, Schedule, ScheduledEvent, TimeOfUse } from '../../data/model';

export interface FlightWindow {
  start: Date;
  end: Date;
}

/** Milliseconds since the epoch, end exclusive. */
export interface Interval {
  start: number;
  end: number;
}

/**
 * active: in effect at some moment of the window; inactive: valid, but its times of use (or events)
 * miss the window; upcoming: takes effect after the window; expired: ended before the window.
 */
export type ActivityState = 'active' | 'inactive' | 'upcoming' | 'expired';

export interface Activity {
  state: ActivityState;
  /** The intervals in effect that overlap the window (unclipped). */
  intervals: Interval[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** FDC NOTAM 4/3621: the stadium restriction runs from 1 hour before to 1 hour after the event. */
export const STADIUM_MARGIN_MS = HOUR;
/** Times of use repeat weekly: looking at 8 local days covers every weekday and a midnight-crossing window. */
const MAX_DAYS_SCANNED = 9;
/**
 * A flight's periods in effect are listed day by day up to this many days (two zone conversions a
 * day); a longer flight under times of use is counted in effect throughout, the restrictive side.
 */
const MAX_DAYS_LISTED = 100;
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

export function overlaps(a: Interval, w: Interval): boolean {
  return a.start < w.end && w.start < a.end;
}

function parseTime(s: string | undefined, fallback: number): number {
  if (s === undefined) return fallback;
  const t = Date.parse(s);
  return Number.isNaN(t) ? fallback : t;
}

export function validZone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    wallClockMs(0, tz);
    return tz;
  } catch {
    return 'UTC';
  }
}

/** Local calendar day of an instant in a zone. */
function localParts(ms: number, timeZone: string): { y: number; m: number; d: number } {
  const wall = new Date(wallClockMs(ms, timeZone));
  return { y: wall.getUTCFullYear(), m: wall.getUTCMonth() + 1, d: wall.getUTCDate() };
}

/**
 * "HH:MM" (the model's form), also "HHMM" and "H:MM" as other sources write them; null when unreadable.
 * An unreadable time made the window NaN, so the time of use never matched and the restriction read as
 * not in effect (audit 2026-11-25): the caller now counts the whole day instead.
 */
function minutes(hhmm: string | undefined, fallback: number): number | null {
  if (!hhmm) return fallback;
  const m = /^\s*(\d{1,2}):?(\d{2})\s*$/.exec(hhmm);
  if (!m) return null;
  const v = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && v <= 24 * 60 ? v : null;
}

/** Day names as sources write them (MON, Mon, MONDAY); null for one that is none of the seven. */
function dayOf(d: string): (typeof DAYS)[number] | null {
  const k = String(d).trim().slice(0, 3).toUpperCase();
  return (DAYS as readonly string[]).includes(k) ? (k as (typeof DAYS)[number]) : null;
}

/** The intervals of one TimeOfUse that fall between from and to. */
export function timeOfUseIntervals(tou: TimeOfUse, scheduleZone: string | undefined, from: number, to: number, maxDays = MAX_DAYS_SCANNED): Interval[] {
  const zone = tou.timezone ?? scheduleZone;
  const tz = validZone(zone);
  const lo = Math.max(from, parseTime(tou.startTime, -Infinity));
  const hi = Math.min(to, parseTime(tou.endTime, Infinity));
  if (lo >= hi) return [];
  // What the data does not say readably counts on the restrictive side: an unknown day name, zone or
  // daily time makes the time of use hold every day, all day (within its own start and end).
  const named = (tou.daysActive ?? []).map(dayOf);
  const days = named.length > 0 && !named.includes(null) ? new Set(named) : null;
  let startMin = minutes(tou.dailyStart, 0);
  let endMin = minutes(tou.dailyEnd, 24 * 60);
  if (startMin === null || endMin === null || (zone && tz !== zone)) [startMin, endMin] = [0, 24 * 60];
  // A daily window ending at or before its start crosses midnight (e.g. 22:00-06:00).
  if (endMin <= startMin) endMin += 24 * 60;
  const first = localParts(lo - DAY, tz);
  const out: Interval[] = [];
  const span = Math.min(Math.ceil((hi - lo) / DAY) + 2, maxDays);
  for (let i = 0; i <= span; i++) {
    const dayWall = Date.UTC(first.y, first.m - 1, first.d + i);
    if (days && !days.has(DAYS[new Date(dayWall).getUTCDay()]!)) continue;
    // Where clocks change, the window is read at its widest (docs/briefing-rules.md, "Local times where clocks change").
    const iv = { start: wallToUtc(dayWall + startMin * 60_000, tz, 'earliest'), end: wallToUtc(dayWall + endMin * 60_000, tz, 'latest') };
    const clipped = { start: Math.max(iv.start, parseTime(tou.startTime, -Infinity)), end: Math.min(iv.end, parseTime(tou.endTime, Infinity)) };
    if (clipped.start < clipped.end && overlaps(clipped, { start: lo, end: hi })) out.push(clipped);
  }
  return out;
}

/** Stadium events widened by an hour on each side. */
export function eventWindows(events: readonly ScheduledEvent[] | undefined): Interval[] {
  return (events ?? [])
    .map((e) => ({ start: Date.parse(e.startTime) - STADIUM_MARGIN_MS, end: Date.parse(e.endTime) + STADIUM_MARGIN_MS }))
    .filter((i) => !Number.isNaN(i.start) && !Number.isNaN(i.end));
}

function validity(s: Schedule | undefined): Interval {
  return { start: parseTime(s?.startTime, -Infinity), end: parseTime(s?.endTime, Infinity) };
}

/**
 * Whether a feature is in effect during the window. A window of zero length counts as the instant.
 * When a long window is scanned only its first days count for times of use, which repeat weekly.
 */
export function activity(f: AirspaceFeature, window: FlightWindow, maxDays = MAX_DAYS_SCANNED): Activity {
  const w = windowInterval(window);
  const valid = validity(f.schedule);
  if (valid.end <= w.start) return { state: 'expired', intervals: [] };
  if (valid.start >= w.end) return { state: 'upcoming', intervals: [] };
  if (f.layer === 'stadium') {
    const hits = eventWindows(f.events).filter((i) => overlaps(i, w));
    return { state: hits.length > 0 ? 'active' : 'inactive', intervals: hits };
  }
  const tous = f.schedule?.timesOfUse ?? [];
  if (tous.length > 0) {
    const from = Math.max(w.start, valid.start), to = Math.min(w.end, valid.end);
    const hits = tous.flatMap((t) => timeOfUseIntervals(t, f.schedule?.timezone, from, to, maxDays));
    return { state: hits.length > 0 ? 'active' : 'inactive', intervals: hits };
  }
  return { state: 'active', intervals: [valid] };
}

/**
 * activity(f, window).state. A feature with no schedule that is not a stadium is in effect whatever the
 * window (its validity is unbounded and it has no times of use): said at once, without the intervals
 * activity() builds (a briefing asks for every hit: ~100 facility-map cells near KBFI).
 */
export function activityState(f: AirspaceFeature, window: FlightWindow): ActivityState {
  if (f.schedule === undefined && f.layer !== 'stadium') return 'active';
  return activity(f, observe(window, (from, to) => stateBoundaries(f, from, to))).state;
}

/** The window as an interval; a window of zero length counts as the instant (1 ms). */
export function windowInterval(window: FlightWindow): Interval {
  return { start: window.start.getTime(), end: Math.max(window.end.getTime(), window.start.getTime() + 1) };
}

/**
 * The parts of the window in which the feature is in effect: its active intervals clipped to the
 * window and to its schedule's validity, merged, in order. Empty when it is not in effect.
 */
export function inEffectWithin(f: AirspaceFeature, window: FlightWindow): Interval[] {
  const first = activity(f, window);
  if (first.state !== 'active') return [];
  const w = windowInterval(window);
  const valid = validity(f.schedule);
  const lo = Math.max(w.start, valid.start), hi = Math.min(w.end, valid.end);
  // The first days scanned decide whether it is in effect at all; its periods are every day's, not
  // only those days' (a LAANC flight of weeks must be blocked in each day's hours, not the first nine).
  const days = Math.ceil((hi - lo) / DAY) + 2;
  if (f.schedule?.timesOfUse?.length && days > MAX_DAYS_LISTED) return lo < hi ? [{ start: lo, end: hi }] : [];
  const a = days > MAX_DAYS_SCANNED ? activity(f, window, days) : first;
  const out: Interval[] = [];
  for (const i of a.intervals.map((i) => ({ start: Math.max(i.start, lo), end: Math.min(i.end, hi) })).sort((x, y) => x.start - y.start)) {
    if (i.start >= i.end) continue;
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push(i);
  }
  return out;
}

/**
 * A flight window that notes how a briefing used it, so that an answer can be given again for a later
 * window only when it cannot differ (server/services/briefing/answer-cache.ts). Any read of `start` or
 * `end` marks the window as read: from then on the answer may depend on any detail of the window. The
 * engine's time decisions (activityState, the events a notice lists, an FAA cycle's end) instead look
 * through `peek` and note the range of starts over which their outcome cannot change (`bound`), for a
 * window of the same length. A briefing that never marked its window gives the same answer for every
 * window of its length whose start lies in `[startFrom, startBefore)`: the engine is a pure function of
 * its inputs, and each decision that looked at the time holds over that range.
 */
export class ObservedWindow implements FlightWindow {
  readonly #start: Date;
  readonly #end: Date;
  /** Whether the briefing read the window's start or end. */
  read = false;
  /** The lowest start (ms) for which every time decision noted so far holds. */
  startFrom = -Infinity;
  /** The first start (ms) beyond that range. */
  startBefore = Infinity;

  constructor(start: Date, end: Date) {
    this.#start = start;
    this.#end = end;
  }

  get start(): Date {
    this.read = true;
    return this.#start;
  }

  get end(): Date {
    this.read = true;
    return this.#end;
  }

  /** The window's edges without marking it read: only for a decision that notes its own `bound`. */
  peek(): FlightWindow {
    return { start: this.#start, end: this.#end };
  }

  /** A decision taken on `peek` holds for starts in [from, before). */
  bound(from: number, before: number): void {
    if (from > this.startFrom) this.startFrom = from;
    if (before < this.startBefore) this.startBefore = before;
  }

  /** Whether the answer given for this window holds for a window of the same length starting at `startMs`. */
  holdsFor(startMs: number): boolean {
    return !this.read && startMs >= this.startFrom && startMs < this.startBefore;
  }
}

/** How far past its start an observed window's time decisions look for the next change (and so the longest reuse). */
export const OBSERVED_HORIZON_MS = HOUR;
/** Windows longer than this are read outright (times of use are scanned a bounded number of days). */
const OBSERVED_MAX_LENGTH_MS = 2 * DAY;

/**
 * Notes on an observed window the range over which a decision holds, the decision depending on the window
 * only through comparisons of its start or end with the instants `at` (the boundaries of a feature's
 * periods in effect, its events' ends): such a decision is constant while neither edge crosses one of them,
 * so from the start up to the first start at which an edge would meet one (or the horizon). A start that
 * already meets one holds only for itself. Returns the window to decide on.
 */
function observe(window: FlightWindow, at: (from: number, to: number) => Iterable<number>): FlightWindow {
  if (!(window instanceof ObservedWindow)) return window;
  const plain = window.peek();
  const s = plain.start.getTime();
  const length = Math.max(plain.end.getTime() - s, 1);
  // Deciding on the window itself reads it: the answer is not given again.
  if (length > OBSERVED_MAX_LENGTH_MS) return window;
  let before = s + OBSERVED_HORIZON_MS;
  for (const b of at(s, s + length + OBSERVED_HORIZON_MS)) {
    // The start meets a boundary when it equals b (start edge) or b - length (end edge).
    for (const c of [b, b - length]) {
      if (c === s) before = s + 1;
      else if (c > s && c < before) before = c;
    }
  }
  window.bound(s, before);
  return plain;
}

/** The instants at which a feature's state (activity) can change, between from and to and a day either side. */
function* stateBoundaries(f: AirspaceFeature, from: number, to: number): Iterable<number> {
  const valid = validity(f.schedule);
  yield valid.start;
  yield valid.end;
  if (f.layer === 'stadium') {
    for (const i of eventWindows(f.events)) yield* [i.start, i.end];
    return;
  }
  for (const t of f.schedule?.timesOfUse ?? []) {
    yield parseTime(t.startTime, -Infinity);
    yield parseTime(t.endTime, Infinity);
    for (const i of timeOfUseIntervals(t, f.schedule?.timezone, from - DAY, to + DAY, MAX_DAYS_SCANNED + 2)) yield* [i.start, i.end];
  }
}

/** The instants at which the events a notice lists can change: an event is listed until an hour after its end. */
function* eventListBoundaries(f: AirspaceFeature): Iterable<number> {
  for (const e of f.events ?? []) yield Date.parse(e.endTime) + 3_600_000;
}

/** A window to decide a feature's events on, noting on an observed window how long the decision holds. */
export function eventsWindow(f: AirspaceFeature, window: FlightWindow): FlightWindow {
  return observe(window, () => eventListBoundaries(f));
}

/** Whether the window starts at or after `ms`; an observed window notes it as a bound on its start instead of a read. */
export function startsAtOrAfter(window: FlightWindow, ms: number): boolean {
  if (!(window instanceof ObservedWindow)) return window.start.getTime() >= ms;
  const s = window.peek().start.getTime();
  if (s >= ms) window.bound(ms, Infinity);
  else window.bound(-Infinity, ms);
  return s >= ms;
}

/** The flight window a request asks for: start defaults to now, end to one hour later (our choice). */
export function flightWindow(opts: { start?: Date | undefined; end?: Date | undefined; now?: Date | undefined; window?: FlightWindow | undefined }): FlightWindow {
  if (opts.window) return opts.window;
  const start = opts.start ?? opts.now ?? new Date();
  const end = opts.end ?? new Date(start.getTime() + HOUR);
  return { start, end };
}

export function isoOrUndefined(ms: number): string | undefined {
  return Number.isFinite(ms) ? new Date(ms).toISOString().replace(/\.000Z$/, 'Z') : undefined;
}
