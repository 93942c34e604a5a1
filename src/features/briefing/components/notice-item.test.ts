import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../../server/contract/briefing';
import { ceilingFt } from './notice-item';

const uasfm = (value: number, unit: 'ALTITUDE_UNIT_FEET' | 'ALTITUDE_UNIT_METERS'): Notice => ({
  dataSource: 'NOTICE_DATA_SOURCE_UASFM_CEILING',
  upperAltitude: { value, unit, reference: 'ALTITUDE_REFERENCE_AGL' },
});

describe('a facility-map notice’s ceiling', () => {
  it('is its upper altitude in feet, metres rounded down as the service rounds a ceiling', () => {
    expect(ceilingFt(uasfm(100, 'ALTITUDE_UNIT_FEET'))).toBe(100);
    expect(ceilingFt(uasfm(30.48, 'ALTITUDE_UNIT_METERS'))).toBe(100);
    // 30.4 m is 99.7 ft: a 100 ft flight is above it (rounded to the nearest foot it read as 100, within).
    expect(ceilingFt(uasfm(30.4, 'ALTITUDE_UNIT_METERS'))).toBe(99);
    expect(ceilingFt({ ...uasfm(100, 'ALTITUDE_UNIT_FEET'), dataSource: 'NOTICE_DATA_SOURCE_SATR' })).toBeNull();
  });
});
