import { describe, expect, it } from 'vitest';
import { timeZoneAt } from './time-zone-at';

describe('timeZoneAt', () => {
  it('finds the zones of Seattle and Washington DC', () => {
    expect(timeZoneAt([-122.31, 47.53])).toBe('America/Los_Angeles');
    expect(timeZoneAt([-77.04, 38.9])).toBe('America/New_York');
  });

  it('falls back to UTC for an impossible position', () => {
    expect(timeZoneAt([0, 100])).toBe('UTC');
  });
});
