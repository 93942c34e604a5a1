import { describe, expect, it } from 'vitest';
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
});
