/**
 * Wall-clock times where clocks change (wallToUtc): read as a person means them ('compatible'), or at
 * the widest a restriction's window can mean ('earliest' start, 'latest' end). Zones from the runtime's
 * own database: the US spring and autumn changes of 2026, a southern zone and a half-hour change.
 */
import { describe, expect, it } from 'vitest';
import { wallToUtc, type WallReading } from './zone-offset';

const at = (wall: string, tz: string, reading: WallReading) => new Date(wallToUtc(Date.parse(`${wall}Z`), tz, reading)).toISOString();
const all = (wall: string, tz: string) => (['compatible', 'earliest', 'latest'] as const).map((r) => at(wall, tz, r));

describe('wallToUtc', () => {
  it('reads an ordinary time the same way in every reading, a day either side of a change too', () => {
    expect(all('2026-07-01T10:00:00.000', 'America/Los_Angeles')).toEqual(Array(3).fill('2026-07-01T17:00:00.000Z'));
    expect(all('2026-03-08T01:30:00.000', 'America/Los_Angeles')).toEqual(Array(3).fill('2026-03-08T09:30:00.000Z')); // PST, before the change
    expect(all('2026-03-08T03:30:00.000', 'America/Los_Angeles')).toEqual(Array(3).fill('2026-03-08T10:30:00.000Z')); // PDT, after it
    expect(all('2026-11-01T03:00:00.000', 'America/Los_Angeles')).toEqual(Array(3).fill('2026-11-01T11:00:00.000Z'));
    expect(all('2026-03-08T02:30:00.000', 'UTC')).toEqual(Array(3).fill('2026-03-08T02:30:00.000Z'));
    expect(all('2026-03-08T02:30:00.000', 'America/Phoenix')).toEqual(Array(3).fill('2026-03-08T09:30:00.000Z'));
  });

  it('the hour skipped in spring: forward as typed, both readings for a window', () => {
    // 02:30 does not exist in Seattle on 2026-03-08: 03:30 PDT (10:30Z) forward, 01:30 PST (09:30Z) back.
    expect(at('2026-03-08T02:30:00.000', 'America/Los_Angeles', 'compatible')).toBe('2026-03-08T10:30:00.000Z');
    expect(at('2026-03-08T02:30:00.000', 'America/Los_Angeles', 'earliest')).toBe('2026-03-08T09:30:00.000Z');
    expect(at('2026-03-08T02:30:00.000', 'America/Los_Angeles', 'latest')).toBe('2026-03-08T10:30:00.000Z');
    expect(at('2026-03-08T02:00:00.000', 'America/New_York', 'compatible')).toBe('2026-03-08T07:00:00.000Z'); // = 03:00 EDT
  });

  it('the hour repeated in autumn: the first as typed, the first and the second for a window', () => {
    expect(at('2026-11-01T01:30:00.000', 'America/Los_Angeles', 'compatible')).toBe('2026-11-01T08:30:00.000Z');
    expect(at('2026-11-01T01:30:00.000', 'America/Los_Angeles', 'earliest')).toBe('2026-11-01T08:30:00.000Z');
    expect(at('2026-11-01T01:30:00.000', 'America/Los_Angeles', 'latest')).toBe('2026-11-01T09:30:00.000Z');
  });

  it('a southern zone and a half-hour change', () => {
    // Sydney goes forward on 2026-10-04 at 02:00 (+10 → +11) and back on 2026-04-05 at 03:00.
    expect(at('2026-10-04T02:30:00.000', 'Australia/Sydney', 'compatible')).toBe('2026-10-03T16:30:00.000Z'); // 03:30 +11
    expect(at('2026-04-05T02:30:00.000', 'Australia/Sydney', 'latest')).toBe('2026-04-04T16:30:00.000Z'); // 02:30 +10, the second
    // Lord Howe changes by 30 minutes (+10:30 → +11 at 02:00 on 2026-10-04: 02:00–02:30 is skipped).
    expect(at('2026-10-04T02:15:00.000', 'Australia/Lord_Howe', 'compatible')).toBe('2026-10-03T15:45:00.000Z'); // 02:45 +11
    expect(at('2026-10-04T02:15:00.000', 'Australia/Lord_Howe', 'earliest')).toBe('2026-10-03T15:15:00.000Z');
  });
});
