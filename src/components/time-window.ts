/**
 * Flight windows in the zone of the place flown (spec 2.4: timezone is the display helper), e.g.
 * "Sat, Jun 14, 09:00–10:30 PDT", or with both dates when the window crosses midnight.
 */
import { formatInZone, utcToZonedLocal } from '../lib/zoned-time';

export function formatWindow(startIso: string, endIso: string, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const tz = safeZone(timeZone);
  const sameDay = utcToZonedLocal(start, tz).slice(0, 10) === utcToZonedLocal(end, tz).slice(0, 10);
  if (!sameDay) return `${formatInZone(start, tz)} – ${formatInZone(end, tz)}`;
  const endClock = utcToZonedLocal(end, tz).slice(11, 16);
  // "Sat, Jun 14, 09:00 PDT" → "Sat, Jun 14, 09:00–10:30 PDT"
  const s = formatInZone(start, tz);
  const m = /^(.*\d{2}:\d{2})(\s.*)$/.exec(s);
  return m ? `${m[1]}–${endClock}${m[2]}` : `${s} – ${formatInZone(end, tz)}`;
}

export function formatInstant(iso: string, timeZone: string): string {
  return formatInZone(new Date(iso), safeZone(timeZone));
}

export function durationText(startIso: string, endIso: string): string {
  const min = Math.round((Date.parse(endIso) - Date.parse(startIso)) / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  const rest = min % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}

/** The browser's own zone, for times that belong to no place (when a record was created). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function safeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}
