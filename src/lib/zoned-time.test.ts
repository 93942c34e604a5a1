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

  it('reads a time that occurs twice as the first one', () => {
    expect(zonedLocalToUtc('2026-11-01T01:30', 'America/Los_Angeles')!.toISOString()).toBe('2026-11-01T08:30:00.000Z'); // 01:30 PDT
  });

  it('reads a time in the hour skipped in spring forward (03:30 PDT for 02:30), not an hour early', () => {
    // Before: 09:30Z, shown as "01:30 PST" for a typed 02:30.
    expect(zonedLocalToUtc('2027-03-14T02:30', 'America/Los_Angeles')!.toISOString()).toBe('2027-03-14T10:30:00.000Z');
    expect(zonedLocalToUtc('2027-03-14T02:00', 'America/New_York')!.toISOString()).toBe('2027-03-14T07:00:00.000Z');
    // Either side of the change, as typed.
    expect(zonedLocalToUtc('2027-03-14T01:59', 'America/Los_Angeles')!.toISOString()).toBe('2027-03-14T09:59:00.000Z');
    expect(zonedLocalToUtc('2027-03-14T03:00', 'America/Los_Angeles')!.toISOString()).toBe('2027-03-14T10:00:00.000Z');
  });

  it('reads times in zones without changes and far from UTC', () => {
    expect(zonedLocalToUtc('2026-07-01T09:00', 'Pacific/Honolulu')!.toISOString()).toBe('2026-07-01T19:00:00.000Z');
    expect(zonedLocalToUtc('2026-07-01T09:00', 'America/Phoenix')!.toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(zonedLocalToUtc('2026-07-01T09:00', 'Pacific/Guam')!.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(zonedLocalToUtc('2026-01-01T09:00', 'America/Adak')!.toISOString()).toBe('2026-01-01T19:00:00.000Z');
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
