import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypot } from './hypot';

function same(x: number, y: number): void {
  expect(Object.is(hypot(x, y), Math.hypot(x, y)), `hypot(${x}, ${y})`).toBe(true);
}

describe('hypot', () => {
  it('gives Math.hypot to the bit on random doubles', () => {
    fc.assert(fc.property(fc.double(), fc.double(), (x, y) => same(x, y)), { numRuns: 20_000 });
  });

  it('gives Math.hypot to the bit at the scales of the briefing (NM on the plane)', () => {
    const nm = fc.double({ min: -20, max: 20, noNaN: true });
    fc.assert(fc.property(nm, nm, (x, y) => same(x, y)), { numRuns: 20_000 });
    // Differences of nearby projected coordinates, as pointSegment makes them.
    const deg = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(fc.property(deg, deg, fc.double({ min: -1e-3, max: 1e-3, noNaN: true }), (a, b, d) => same(a * 60 * 0.7 - (a + d) * 60 * 0.7, b * 60 - (b + d) * 60)), { numRuns: 20_000 });
  });

  it('keeps the edge cases: zeros, infinities, NaN, subnormals, the largest doubles', () => {
    const edge = [0, -0, 1, -1, Infinity, -Infinity, NaN, Number.MIN_VALUE, -Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE, Number.EPSILON, 3, 4, 1e-300, 1e300];
    for (const x of edge) for (const y of edge) same(x, y);
  });
});
