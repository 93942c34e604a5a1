/**
 * The offset of an IANA time zone from UTC at an instant, from the runtime's own zone database (Intl),
 * with no library. Shared by the service (schedules, times of use, legacy local times) and the portal
 * (times shown and typed in the area's zone). Pure; imports nothing.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone, as the milliseconds of the same fields read as UTC. */
export function wallClockMs(instantMs: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(instantMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** Offset of the zone from UTC at the instant, in milliseconds (east positive, e.g. -7 h for PDT). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  return wallClockMs(instantMs, timeZone) - Math.floor(instantMs / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * How a wall-clock time is read where clocks change:
 * - 'compatible': what a pilot typing a time means (and what calendars and Temporal do): a time that
 *   occurs twice (clocks go back) is the first one; a time in the hour skipped when clocks go forward is
 *   read with the offset before the change, so 02:30 on the spring change in Seattle is 03:30 PDT.
 * - 'earliest' / 'latest': the first / last instant the wall clock could mean; in the skipped hour, the
 *   readings with the offsets before and after the change. A restriction's window opens at its start's
 *   earliest reading and closes at its end's latest (docs/briefing-rules.md, "Local times"): a window
 *   read an hour short would brief an active restriction as over.
 */
export type WallReading = 'compatible' | 'earliest' | 'latest';

/**
 * The UTC instant of a wall-clock time in a zone. `wallMs`: the wall clock's fields read as UTC
 * (Date.UTC(y, m, d, h, mi)). The offsets a day either side bound any change of offset near the time.
 */
export function wallToUtc(wallMs: number, timeZone: string, reading: WallReading): number {
  const before = zoneOffsetMs(wallMs - DAY_MS, timeZone);
  const after = zoneOffsetMs(wallMs + DAY_MS, timeZone);
  if (before === after) return wallMs - before;
  const a = wallMs - before;
  const b = wallMs - after;
  const aValid = zoneOffsetMs(a, timeZone) === before;
  const bValid = zoneOffsetMs(b, timeZone) === after;
  if (aValid !== bValid) return aValid ? a : b;
  // Both valid: the time occurs twice. Neither: it is skipped; `a` reads it with the offset before.
  if (reading === 'earliest') return Math.min(a, b);
  if (reading === 'latest') return Math.max(a, b);
  return aValid ? Math.min(a, b) : a;
}
