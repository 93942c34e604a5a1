/**
 * Wall-clock times in a named IANA zone without a date library: the pilot types the start in the
 * area's local time (the zone of the place they fly, not of their browser) and the service gets UTC.
 */
import { wallToUtc, zoneOffsetMs } from '../../server/contract/zone-offset';

/** The zone's offset from UTC at `instant`, in minutes (e.g. -420 for PDT). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(zoneOffsetMs(instant.getTime(), timeZone) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * 'YYYY-MM-DDTHH:mm' read in `timeZone` → the UTC instant. A time that occurs twice (clocks go back)
 * is the first one; a time in the hour skipped when clocks go forward is read with the offset before
 * the change (as most calendars do): 02:30 on the spring change in Seattle is 03:30 PDT, never the
 * hour before what the pilot typed.
 */
export function zonedLocalToUtc(local: string, timeZone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const naive = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return new Date(wallToUtc(naive, timeZone, 'compatible'));
}

/**
 * Where the clocks change, a typed time is one of two: 'skipped' (in the hour the clocks jump over in
 * spring; zonedLocalToUtc reads it an hour later) or 'repeated' (in the hour that occurs twice in
 * autumn), with its first and second instants; null for every other time.
 */
export function clockChangeAt(local: string, timeZone: string): { kind: 'skipped' | 'repeated'; first: Date; second: Date } | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const naive = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const first = new Date(wallToUtc(naive, timeZone, 'earliest'));
  const second = new Date(wallToUtc(naive, timeZone, 'latest'));
  if (first.getTime() === second.getTime()) return null;
  return { kind: utcToZonedLocal(first, timeZone) === local ? 'repeated' : 'skipped', first, second };
}

/** What a skipped or repeated typed time means, in words; null for every other time. `at`: the instant it is read as. */
export function clockChangeText(local: string, timeZone: string, at: Date, what: 'starts' | 'ends'): string | null {
  const c = clockChangeAt(local, timeZone);
  if (!c) return null;
  const hm = local.slice(11);
  return c.kind === 'skipped'
    ? `${hm} does not occur that day in ${timeZone} (the clocks go forward): the flight ${what} at ${formatInZone(at, timeZone)}.`
    : `${hm} occurs twice that day in ${timeZone} (the clocks go back): this is ${formatInZone(at, timeZone)}.`;
}

/** The UTC instant as 'YYYY-MM-DDTHH:mm' on the wall clocks of `timeZone` (for datetime-local inputs). */
export function utcToZonedLocal(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** e.g. "Sat, Jun 14, 09:00 PDT" in `timeZone`. */
export function formatInZone(instant: Date, timeZone: string): string {
  // en-US: it names US zones by their abbreviations (PDT), where en-GB says GMT-7.
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(instant);
}

/** The next quarter hour from `now`, at least five minutes ahead: a sensible default start. */
export function nextQuarterHour(now: Date): Date {
  const q = 15 * 60_000;
  return new Date(Math.ceil((now.getTime() + 5 * 60_000) / q) * q);
}
