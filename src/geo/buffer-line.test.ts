import { describe, expect, it } from 'vitest';
import { areaSqMi } from './area-sq-mi';
import { bufferLine } from './buffer-line';
import { isRingClosed } from './ring';
import { SQ_METERS_PER_SQ_MI } from './units';

describe('bufferLine', () => {
  it('turns a 1 km line and a 100 m width into a closed polygon of about 0.1 km²', () => {
    // 0.008993° of latitude is about 1000 m.
    const p = bufferLine([[0, 0], [0, 0.008993]], 100)!;
    expect(p.type).toBe('Polygon');
    expect(isRingClosed(p.coordinates[0]!)).toBe(true);
    // Rectangle 1000 × 100 plus two half-disc caps of radius 50 (a little less with 8 steps).
    const expected = (100_000 + Math.PI * 50 * 50) / SQ_METERS_PER_SQ_MI;
    expect(areaSqMi(p)).toBeGreaterThan(expected * 0.97);
    expect(areaSqMi(p)).toBeLessThan(expected * 1.02);
  });

  it('refuses a single point or a non-positive width', () => {
    expect(bufferLine([[0, 0]], 100)).toBeNull();
    expect(bufferLine([[0, 0], [0, 1]], 0)).toBeNull();
  });
});
