import { describe, expect, it } from 'vitest';
import { hash32, pick, shuffled, unit } from './prng';
import { iso, localTime, timeZoneAt, utcDayStart } from './time';

describe('time helpers', () => {
  it('converts local wall-clock times across daylight saving', () => {
    const summer = utcDayStart(new Date('2026-07-04T12:00:00Z'));
    expect(iso(localTime(summer, '19:05', 'America/New_York'))).toBe('2026-07-04T23:05:00Z');
    const winter = utcDayStart(new Date('2026-11-22T12:00:00Z'));
    expect(iso(localTime(winter, '19:05', 'America/New_York'))).toBe('2026-11-23T00:05:00Z');
    expect(iso(localTime(winter, '13:00', 'Pacific/Honolulu'))).toBe('2026-11-22T23:00:00Z');
    expect(iso(localTime(summer, '12:00', 'America/Phoenix'))).toBe('2026-07-04T19:00:00Z');
  });

  it('looks up time zones offline', () => {
    expect(timeZoneAt(-122.33, 47.6)).toBe('America/Los_Angeles');
    expect(timeZoneAt(-77.04, 38.9)).toBe('America/New_York');
  });
});

describe('keyed pseudo-random numbers', () => {
  it('are the same for the same key and differ between keys', () => {
    expect(unit('a')).toBe(unit('a'));
    expect(unit('a')).not.toBe(unit('b'));
    expect(hash32('stadium:x')).toBe(hash32('stadium:x'));
    expect(pick([1, 2, 3], 'k')).toBe(pick([1, 2, 3], 'k'));
    expect(shuffled([1, 2, 3, 4, 5], 'k').sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
