import { describe, expect, it } from 'vitest';
import { durationText, formatInstant, formatWindow } from './time-window';

describe('formatWindow', () => {
  it('writes a same-day window once, in the place’s zone, with UTC beside it', () => {
    expect(formatWindow('2025-07-01T16:00:00Z', '2025-07-01T17:30:00Z', 'America/Los_Angeles')).toBe('Tue, Jul 1, 09:00–10:30 PDT (16:00–17:30 UTC)');
  });

  it('writes both dates when the window crosses midnight there, and the UTC dates when it crosses midnight in UTC', () => {
    const s = formatWindow('2025-07-02T06:00:00Z', '2025-07-02T08:00:00Z', 'America/Los_Angeles');
    expect(s).toMatch(/23:00 PDT – .*01:00 PDT \(Jul 2 06:00–08:00 UTC\)$/);
    expect(formatWindow('2025-07-01T23:30:00Z', '2025-07-02T00:30:00Z', 'America/New_York')).toBe('Tue, Jul 1, 19:30–20:30 EDT (Jul 1 23:30 – Jul 2 00:30 UTC)');
  });

  it('gives the UTC date when the UTC times fall on another day than the local date', () => {
    // An afternoon flight in Seattle is the next morning in UTC: "(01:00–02:00 UTC)" read as the 25th's.
    expect(formatWindow('2026-11-26T01:00:00Z', '2026-11-26T02:00:00Z', 'America/Los_Angeles')).toBe('Wed, Nov 25, 17:00–18:00 PST (Nov 26 01:00–02:00 UTC)');
    expect(formatWindow('2026-07-01T22:00:00Z', '2026-07-01T23:00:00Z', 'Pacific/Guam')).toBe('Thu, Jul 2, 08:00–09:00 GMT+10 (Jul 1 22:00–23:00 UTC)');
  });

  it('falls back to UTC for an unknown zone, and says UTC once', () => {
    expect(formatWindow('2025-07-01T16:00:00Z', '2025-07-01T17:00:00Z', 'Mars/Olympus')).toMatch(/16:00–17:00 UTC$/);
    expect(formatWindow('2025-07-01T16:00:00Z', '2025-07-01T17:00:00Z', 'Mars/Olympus')).not.toMatch(/\(/);
  });
});

describe('formatInstant', () => {
  it('gives the place’s time with UTC beside it, and the UTC date when that differs', () => {
    expect(formatInstant('2025-07-01T16:00:00Z', 'America/Los_Angeles')).toBe('Tue, Jul 1, 09:00 PDT (16:00 UTC)');
    expect(formatInstant('2025-07-02T02:00:00Z', 'America/Los_Angeles')).toBe('Tue, Jul 1, 19:00 PDT (Jul 2 02:00 UTC)');
    expect(formatInstant('2025-07-01T16:00:00Z', 'UTC')).toBe('Tue, Jul 1, 16:00 UTC');
  });
});

describe('durationText', () => {
  it('says minutes and hours', () => {
    expect(durationText('2025-07-01T16:00:00Z', '2025-07-01T16:45:00Z')).toBe('45 min');
    expect(durationText('2025-07-01T16:00:00Z', '2025-07-01T18:15:00Z')).toBe('2 h 15 min');
  });
});
