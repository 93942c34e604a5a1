/** The zone check answers the runtime's canonical names without building a formatter, and accepts exactly what Intl accepts. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTimeZone, TimeZoneSchema } from './common';

afterEach(() => vi.restoreAllMocks());

describe('TimeZoneSchema', () => {
  it('checks a canonical zone name without constructing an Intl.DateTimeFormat', () => {
    isTimeZone('UTC'); // the set is built once
    const spy = vi.spyOn(Intl, 'DateTimeFormat');
    expect(TimeZoneSchema.safeParse('America/Los_Angeles').success).toBe(true);
    expect(TimeZoneSchema.safeParse('Europe/Paris').success).toBe(true);
    expect(spy).not.toHaveBeenCalled();
  });

  it('accepts every name the runtime lists, aliases and other spellings Intl accepts, and nothing Intl refuses', () => {
    for (const tz of Intl.supportedValuesOf('timeZone')) expect(isTimeZone(tz)).toBe(true);
    for (const tz of ['UTC', 'Etc/GMT+5', 'US/Pacific', 'america/los_angeles', 'Asia/Calcutta']) expect(isTimeZone(tz)).toBe(true);
    for (const tz of ['Mars/Olympus', 'America/Nowhere', 'UTC ', 'x'.repeat(300)]) {
      expect(isTimeZone(tz)).toBe(false);
      expect(TimeZoneSchema.safeParse(tz).success).toBe(false);
    }
  });
});
