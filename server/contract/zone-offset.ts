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
