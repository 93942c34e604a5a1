import { describe, expect, it } from 'vitest';
import { DAYLIGHT_TEXT, daylightFor } from './daylight';

/** Boeing Field, Seattle. On 2026-12-08 the sun rises about 07:46 PST (15:46Z) and sets about 16:18 PST (00:18Z). */
const [LAT, LON] = [47.53, -122.302];
const at = (iso: string) => new Date(iso);
const near = (iso: string | null, expected: string, minutes = 10) => {
  expect(iso).not.toBeNull();
  expect(Math.abs(Date.parse(iso!) - Date.parse(expected)) / 60_000).toBeLessThan(minutes);
};

describe('daylight over a flight window (14 CFR 107.29)', () => {
  it('gives sunrise, sunset and civil twilight for the place and day, and says a midday flight is in daylight', () => {
    const d = daylightFor(LAT, LON, at('2026-12-08T20:00:00Z'), at('2026-12-08T21:00:00Z'));
    near(d.sunrise, '2026-12-08T15:46:00Z');
    near(d.sunset, '2026-12-09T00:18:00Z');
    near(d.civilTwilightStart, '2026-12-08T15:09:00Z');
    near(d.civilTwilightEnd, '2026-12-09T00:55:00Z');
    expect(d.periods).toEqual(['DAY']);
    expect(d.message).toBe(DAYLIGHT_TEXT.day);
  });

  it('says when the window crosses into civil twilight: anti-collision lighting', () => {
    const d = daylightFor(LAT, LON, at('2026-12-09T00:00:00Z'), at('2026-12-09T00:40:00Z'));
    expect(d.periods).toEqual(['DAY', 'CIVIL_TWILIGHT']);
    expect(d.message).toMatch(/civil twilight: 14 CFR 107\.29 requires anti-collision lighting visible for at least 3 statute miles/);
  });

  it('says when the window reaches night: night training and lighting', () => {
    const d = daylightFor(LAT, LON, at('2026-12-09T00:30:00Z'), at('2026-12-09T02:00:00Z'));
    expect(d.periods).toEqual(['CIVIL_TWILIGHT', 'NIGHT']);
    expect(d.message).toMatch(/at night: 14 CFR 107\.29 requires the remote pilot to have completed the night training/);
  });

  it('gives no sunrise where the sun does not rise (Utqiagvik in December), and says it is night', () => {
    const d = daylightFor(71.29, -156.79, at('2026-12-20T21:00:00Z'), at('2026-12-20T22:00:00Z'));
    expect(d.sunrise).toBeNull();
    expect(d.sunset).toBeNull();
    expect(d.periods).not.toContain('DAY');
  });
});
