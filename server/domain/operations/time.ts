/**
 * Time parsing for the legacy operation (spec 4.3: startTime is "ISO 8601" and timezoneName an IANA
 * zone). With an offset (Z, ±hh:mm) the instant is taken as is; without one, the wall-clock time is
 * read in timezoneName (our reading: that is what the zone field is for). Pure; no service imports.
 */
import { wallToUtc } from '../../contract/zone-offset';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Wall-clock time in a zone → the instant, read as the pilot meant it: a time that occurs twice is the
 * first; a time in the hour skipped in spring is read forward (02:30 is 03:30 daylight time), as the
 * portal reads its start field (src/lib/zoned-time.ts; docs/briefing-rules.md).
 */
export function localToUtc(local: { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number }, timeZone: string): Date {
  return new Date(wallToUtc(Date.UTC(local.y, local.mo - 1, local.d, local.h, local.mi, local.s, local.ms), timeZone, 'compatible'));
}

/** Parses an ISO 8601 date-time; null when it is not one. */
export function parseIsoInZone(value: string, timeZone: string): Date | null {
  const v = value.trim();
  if (WITH_OFFSET.test(v)) {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : new Date(t);
  }
  const m = LOCAL.exec(v);
  if (!m) return null;
  const [y, mo, d, h, mi, s, frac] = m.slice(1).map((x, i) => (i === 6 ? Number(((x ?? '0') + '00').slice(0, 3)) : Number(x ?? 0))) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || s! > 59) return null;
  return localToUtc({ y: y!, mo: mo!, d: d!, h: h!, mi: mi!, s: s!, ms: frac! }, timeZone);
}

export function addMinutes(d: Date, minutes: number): Date {
  return new Date(d.getTime() + minutes * 60000);
}
