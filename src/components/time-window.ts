/**
 * Flight windows in the zone of the place flown (spec 2.4: timezone is the display helper), with UTC
 * beside them as controllers and NOTAMs give times: "Sat, Jun 14, 09:00–10:30 PDT (16:00–17:30 UTC)",
 * or with both dates when the window crosses midnight.
 */
import { formatInZone, utcToZonedLocal } from '../lib/zoned-time';

export function formatWindow(startIso: string, endIso: string, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const tz = safeZone(timeZone);
  const sameDay = utcToZonedLocal(start, tz).slice(0, 10) === utcToZonedLocal(end, tz).slice(0, 10);
  let local: string;
  if (!sameDay) local = `${formatInZone(start, tz)} – ${formatInZone(end, tz)}`;
  else {
    const endClock = utcToZonedLocal(end, tz).slice(11, 16);
    // "Sat, Jun 14, 09:00 PDT" → "Sat, Jun 14, 09:00–10:30 PDT"
    const s = formatInZone(start, tz);
    const m = /^(.*\d{2}:\d{2})(\s.*)$/.exec(s);
    local = m ? `${m[1]}–${endClock}${m[2]}` : `${s} – ${formatInZone(end, tz)}`;
  }
  return isUtc(tz) ? local : `${local} (${utcWindow(start, end, tz)})`;
}

/** An instant in the place's zone with UTC beside it: "Sat, Jun 14, 09:00 PDT (16:00 UTC)". */
export function formatInstant(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const tz = safeZone(timeZone);
  const local = formatInZone(at, tz);
  if (isUtc(tz)) return local;
  const sameUtcDay = utcToZonedLocal(at, tz).slice(0, 10) === at.toISOString().slice(0, 10);
  return `${local} (${sameUtcDay ? clock(at) : `${utcDay(at)} ${clock(at)}`} UTC)`;
}

const clock = (d: Date) => d.toISOString().slice(11, 16);
const utcDay = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(d);

/**
 * The window in UTC: its clock times alone when it falls on the local date, with the UTC date when that
 * is another day ("Wed, Nov 25, 17:00–18:00 PST (Nov 26 01:00–02:00 UTC)": without it the UTC times
 * read as the 25th's).
 */
function utcWindow(start: Date, end: Date, tz: string): string {
  const utcDate = start.toISOString().slice(0, 10);
  if (utcDate === end.toISOString().slice(0, 10)) {
    const onLocalDate = utcDate === utcToZonedLocal(start, tz).slice(0, 10);
    return `${onLocalDate ? '' : `${utcDay(start)} `}${clock(start)}–${clock(end)} UTC`;
  }
  return `${utcDay(start)} ${clock(start)} – ${utcDay(end)} ${clock(end)} UTC`;
}

function isUtc(tz: string): boolean {
  return tz === 'UTC' || tz === 'Etc/UTC' || tz === 'Etc/GMT' || tz === 'GMT';
}

export function durationText(startIso: string, endIso: string): string {
  const min = Math.round((Date.parse(endIso) - Date.parse(startIso)) / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  const rest = min % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}

function safeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/** Whether a window reads the same on the clocks of two zones (America/Detroit and America/New_York do). */
export function sameClocks(startIso: string, endIso: string, zoneA: string, zoneB: string): boolean {
  const a = safeZone(zoneA);
  const b = safeZone(zoneB);
  return [startIso, endIso].every((iso) => {
    const at = new Date(iso);
    return utcToZonedLocal(at, a) === utcToZonedLocal(at, b);
  });
}
