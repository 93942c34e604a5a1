/**
 * Times of use the data writes in forms other than the model's (audit 2026-11-25): each is read, or,
 * where it cannot be, the time of use counts all day (the restrictive side), never as not in effect.
 */
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature, TimeOfUse } from '../../data/model';
import { activity } from './time';

const restricted = (tou: TimeOfUse): AirspaceFeature => ({
  id: 'sua:R-1', layer: 'sua', subtype: 'RESTRICTED', name: 'R-1', sourceId: 't',
  geometry: { type: 'Point', coordinates: [-122, 47] },
  schedule: { timezone: 'America/Los_Angeles', timesOfUse: [tou] },
});
/** Monday 2026-11-23 and Tuesday 2026-11-24, Pacific standard time (UTC-8). */
const at = (day: 23 | 24, hourLocal: number) => {
  const start = new Date(Date.UTC(2026, 10, day, hourLocal + 8, 0));
  return { start, end: new Date(start.getTime() + 30 * 60_000) };
};
const state = (tou: TimeOfUse, day: 23 | 24, hour: number) => activity(restricted(tou), at(day, hour)).state;

describe('times of use in other forms', () => {
  it('reads HHMM as HH:MM (it was NaN: never in effect)', () => {
    expect(state({ dailyStart: '0700', dailyEnd: '2300' }, 23, 10)).toBe('active');
    expect(state({ dailyStart: '0700', dailyEnd: '2300' }, 23, 3)).toBe('inactive');
    expect(state({ dailyStart: '07:00', dailyEnd: '23:00' }, 23, 3)).toBe('inactive');
  });

  it('counts all day where a daily time cannot be read', () => {
    expect(state({ dailyStart: 'SR', dailyEnd: 'SS' }, 23, 3)).toBe('active');
    expect(state({ dailyStart: '25:00', dailyEnd: '23:00' }, 23, 3)).toBe('active');
  });

  it('reads day names in other spellings, and counts every day for one it cannot name', () => {
    const monday = { daysActive: ['Monday'], dailyStart: '07:00', dailyEnd: '23:00' } as unknown as TimeOfUse;
    expect(state(monday, 23, 10)).toBe('active');
    expect(state(monday, 24, 10)).toBe('inactive');
    const odd = { daysActive: ['MON', 'HOL'], dailyStart: '07:00', dailyEnd: '23:00' } as unknown as TimeOfUse;
    expect(state(odd, 24, 10)).toBe('active');
  });

  it('counts all day in a time zone it does not know (it was read as UTC: hours off by up to a day)', () => {
    expect(state({ dailyStart: '07:00', dailyEnd: '09:00', timezone: 'America/Nowhere' }, 23, 20)).toBe('active');
    expect(state({ dailyStart: '07:00', dailyEnd: '09:00', timezone: 'America/Denver' }, 23, 20)).toBe('inactive');
  });
});
