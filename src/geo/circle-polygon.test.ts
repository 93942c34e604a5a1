import { describe, expect, it } from 'vitest';
import { areaSqMi } from './area-sq-mi';
import { circlePolygon } from './circle-polygon';
import { isRingClosed } from './ring';
import { SQ_METERS_PER_SQ_MI } from '../../server/contract/units';

describe('circlePolygon', () => {
  it('approximates a 500 m circle closely', () => {
    const p = circlePolygon([-122.3, 47.5], 500)!;
    expect(isRingClosed(p.coordinates[0]!)).toBe(true);
    expect(p.coordinates[0]).toHaveLength(65);
    const expected = (Math.PI * 500 * 500) / SQ_METERS_PER_SQ_MI;
    expect(areaSqMi(p) / expected).toBeGreaterThan(0.99);
    expect(areaSqMi(p) / expected).toBeLessThan(1.01);
  });

  it('refuses a radius that is not positive', () => {
    expect(circlePolygon([0, 0], 0)).toBeNull();
  });
});
