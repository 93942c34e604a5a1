/** Time helpers for schedules: UTC day anchors and local wall-clock times in IANA zones. */
import tzlookup from '@photostructure/tz-lookup';
import { wallToUtc, zoneOffsetMs } from '../../contract/zone-offset';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** RFC 3339 in UTC without milliseconds, the form the spec's samples use. */
export function iso(ms: number | Date): string {
  return new Date(typeof ms === 'number' ? ms : ms.getTime()).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Midnight UTC of the day containing `now`: the anchor of all time-relative sandbox content. */
export function utcDayStart(now: Date): number {
  return Math.floor(now.getTime() / DAY_MS) * DAY_MS;
}

/** "20250314" for the UTC day of `ms`. */
export function dayStamp(ms: number): string {
  return iso(ms).slice(0, 10).replace(/-/g, '');
}

/** IANA time zone at a position (offline lookup, @photostructure/tz-lookup). */
export function timeZoneAt(lon: number, lat: number): string {
  return tzlookup(lat, lon);
}

/**
 * The UTC instant of a local wall-clock time on the local calendar day that contains `dayMs`+12 h, read
 * as a person means it (wallToUtc 'compatible': the skipped spring hour forward, a repeated hour's first).
 */
export function localTime(dayMs: number, hhmm: string, timeZone: string): number {
  const noon = dayMs + 12 * HOUR_MS;
  const localNoon = new Date(noon + zoneOffsetMs(noon, timeZone));
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return wallToUtc(Date.UTC(localNoon.getUTCFullYear(), localNoon.getUTCMonth(), localNoon.getUTCDate(), h, m), timeZone, 'compatible');
}

/** Day of week (SUN..SAT) of a UTC day anchor. */
export function weekday(dayMs: number): 'SUN' | 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' {
  return (['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const)[new Date(dayMs).getUTCDay()]!;
}
