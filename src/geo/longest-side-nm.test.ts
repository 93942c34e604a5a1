import { describe, expect, it } from 'vitest';
import { longestSideNm } from './longest-side-nm';
import { SMALL_SQUARE } from './fixtures';

describe('longestSideNm', () => {
  it('measures 0.01° of longitude at the equator as about 0.6 NM', () => {
    expect(longestSideNm(SMALL_SQUARE)!.lengthNm).toBeCloseTo(0.6, 2);
  });

  it('returns the ends of the longest side', () => {
    const side = longestSideNm({ type: 'Polygon', coordinates: [[[0, 0], [0.2, 0], [0, 0.05], [0, 0]]] })!;
    expect(side.from).toEqual([0.2, 0]);
    expect(side.to).toEqual([0, 0.05]);
    expect(side.lengthNm).toBeCloseTo(12.37, 1);
  });

  it('returns null for an empty ring', () => {
    expect(longestSideNm({ type: 'Polygon', coordinates: [[]] })).toBeNull();
  });
});
