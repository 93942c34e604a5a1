import { describe, expect, it } from 'vitest';
import { durationText, formatWindow } from './time-window';

describe('formatWindow', () => {
  it('writes a same-day window once, in the place’s zone', () => {
    expect(formatWindow('2025-07-01T16:00:00Z', '2025-07-01T17:30:00Z', 'America/Los_Angeles')).toMatch(/09:00–10:30 PDT$/);
  });

  it('writes both dates when the window crosses midnight there', () => {
    const s = formatWindow('2025-07-02T06:00:00Z', '2025-07-02T08:00:00Z', 'America/Los_Angeles');
    expect(s).toMatch(/23:00 PDT – .*01:00 PDT/);
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(formatWindow('2025-07-01T16:00:00Z', '2025-07-01T17:00:00Z', 'Mars/Olympus')).toMatch(/16:00–17:00 UTC/);
  });
});

describe('durationText', () => {
  it('says minutes and hours', () => {
    expect(durationText('2025-07-01T16:00:00Z', '2025-07-01T16:45:00Z')).toBe('45 min');
    expect(durationText('2025-07-01T16:00:00Z', '2025-07-01T18:15:00Z')).toBe('2 h 15 min');
  });
});
