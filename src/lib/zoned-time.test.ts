import { describe, expect, it } from 'vitest';
import { formatInZone, nextQuarterHour, utcToZonedLocal, zonedLocalToUtc, zoneOffsetMinutes } from './zoned-time';

describe('zoned time', () => {
  it('knows Seattle is UTC-7 in summer and UTC-8 in winter', () => {
    expect(zoneOffsetMinutes(new Date('2025-07-01T12:00:00Z'), 'America/Los_Angeles')).toBe(-420);
    expect(zoneOffsetMinutes(new Date('2025-01-01T12:00:00Z'), 'America/Los_Angeles')).toBe(-480);
  });

  it('reads a local wall time in the area’s zone, not the browser’s', () => {
    expect(zonedLocalToUtc('2025-07-01T09:00', 'America/Los_Angeles')!.toISOString()).toBe('2025-07-01T16:00:00.000Z');
    expect(zonedLocalToUtc('2025-07-01T09:00', 'America/New_York')!.toISOString()).toBe('2025-07-01T13:00:00.000Z');
  });

  it('round-trips across the autumn change', () => {
    const utc = new Date('2025-11-02T10:30:00Z'); // 02:30 PST, after the change
    expect(utcToZonedLocal(utc, 'America/Los_Angeles')).toBe('2025-11-02T02:30');
    expect(zonedLocalToUtc('2025-11-02T02:30', 'America/Los_Angeles')!.toISOString()).toBe(utc.toISOString());
  });

  it('refuses malformed input', () => {
    expect(zonedLocalToUtc('tomorrow', 'UTC')).toBeNull();
  });

  it('formats with the zone abbreviation', () => {
    expect(formatInZone(new Date('2025-07-01T16:00:00Z'), 'America/Los_Angeles')).toMatch(/09:00.*PDT/);
  });

  it('rounds the default start up to a quarter hour at least five minutes ahead', () => {
    expect(nextQuarterHour(new Date('2025-07-01T16:11:00Z')).toISOString()).toBe('2025-07-01T16:30:00.000Z');
    expect(nextQuarterHour(new Date('2025-07-01T16:05:00Z')).toISOString()).toBe('2025-07-01T16:15:00.000Z');
  });
});
