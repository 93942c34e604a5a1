import { describe, expect, it } from 'vitest';
import { MAX_RESOLUTION, MIN_RESOLUTION } from '../../server/contract/surface';
import { groundResolution } from './ground-resolution';

const SQ_MI = 2_589_988;

describe('groundResolution', () => {
  it('takes the finest cells for a small area', () => {
    expect(groundResolution(0.2 * SQ_MI)).toBe(11);
    expect(groundResolution(0)).toBe(11);
  });

  it('takes coarser cells as the area grows, keeping the count at most the limit', () => {
    expect(groundResolution(2 * SQ_MI)).toBe(10); // 344 cells at 10; 2,410 at 11
    expect(groundResolution(10 * SQ_MI)).toBe(9); // the plan's largest area: 246 cells
    expect(groundResolution(10 * SQ_MI, 2_000)).toBe(10);
  });

  it('stops at the coarsest resolution the service serves', () => {
    expect(groundResolution(1e12)).toBe(5);
  });

  it('asks only for resolutions the service serves, from its finest to its coarsest (one place: the contract)', () => {
    expect([groundResolution(0), groundResolution(1e12)]).toEqual([MAX_RESOLUTION, MIN_RESOLUTION]);
    for (let a = 1; a < 1e13; a *= 3) expect(groundResolution(a)).toBeGreaterThanOrEqual(MIN_RESOLUTION);
  });
});
