// @isolated-modules: reads the zone table before any file has loaded it.
import { describe, expect, it } from 'vitest';
import { timeZoneAt, timeZoneTable } from './time-zone-at';

describe('timeZoneAt', () => {
  it('knows no zone until the table has loaded, then tells its listeners', async () => {
    expect(timeZoneTable.current()).toBeNull();
    expect(timeZoneAt([-122.31, 47.53])).toBeNull();
    let told = 0;
    const off = timeZoneTable.subscribe(() => told++);
    await timeZoneTable.load();
    off();
    expect(told).toBe(1);
    expect(timeZoneTable.current()).not.toBeNull();
  });

  it('finds the zones of Seattle and Washington DC', async () => {
    await timeZoneTable.load();
    expect(timeZoneAt([-122.31, 47.53])).toBe('America/Los_Angeles');
    expect(timeZoneAt([-77.04, 38.9])).toBe('America/New_York');
  });

  it('falls back to UTC for an impossible position', async () => {
    await timeZoneTable.load();
    expect(timeZoneAt([0, 100])).toBe('UTC');
  });
});
