/**
 * Daylight over a flight window at a place, computed offline (suncalc), and what 14 CFR 107.29 then
 * requires: civil twilight (the sun between 0 and 6 degrees below the horizon) needs anti-collision
 * lighting visible for 3 statute miles; night also needs the remote pilot's night training.
 * Sunrise and sunset are the sun's upper edge on the horizon (-0.833°, refraction included).
 */
import * as SunCalc from 'suncalc';
import type { Daylight } from '../../contract/briefing';

type Period = Daylight['periods'][number];

/** Samples of the sun's height over the window: every 5 minutes, at most this many. */
const MAX_SAMPLES = 2000;

function periodAt(t: Date, lat: number, lon: number): Period {
  // suncalc 2 gives the altitude in degrees.
  const alt = SunCalc.getPosition(t, lat, lon).altitude;
  if (alt >= -0.833) return 'DAY';
  if (alt >= -6) return 'CIVIL_TWILIGHT';
  return 'NIGHT';
}

const iso = (d: Date | null | undefined): string | null => (d && !Number.isNaN(d.getTime()) ? d.toISOString() : null);

export const DAYLIGHT_TEXT = {
  day: 'Daylight throughout the window.',
  twilight: 'Part of the window is in civil twilight: 14 CFR 107.29 requires anti-collision lighting visible for at least 3 statute miles.',
  night:
    'Part of the window is at night: 14 CFR 107.29 requires the remote pilot to have completed the night training (or passed the knowledge test since April 6, 2021) and anti-collision lighting visible for at least 3 statute miles.',
} as const;

export function daylightFor(lat: number, lon: number, start: Date, end: Date): Daylight {
  const span = Math.max(0, end.getTime() - start.getTime());
  const step = Math.max(5 * 60_000, span / MAX_SAMPLES);
  const seen = new Set<Period>();
  for (let t = start.getTime(); t < end.getTime(); t += step) seen.add(periodAt(new Date(t), lat, lon));
  seen.add(periodAt(end, lat, lon));
  const periods = (['DAY', 'CIVIL_TWILIGHT', 'NIGHT'] as const).filter((p) => seen.has(p));
  const times = SunCalc.getTimes(new Date(start.getTime() + span / 2), lat, lon);
  const message = seen.has('NIGHT') ? DAYLIGHT_TEXT.night : seen.has('CIVIL_TWILIGHT') ? DAYLIGHT_TEXT.twilight : DAYLIGHT_TEXT.day;
  return { sunrise: iso(times.sunrise), sunset: iso(times.sunset), civilTwilightStart: iso(times.dawn), civilTwilightEnd: iso(times.dusk), periods, message };
}
