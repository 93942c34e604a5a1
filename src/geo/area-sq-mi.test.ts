import { describe, expect, it } from 'vitest';
import { areaSqMi } from './area-sq-mi';
import { SMALL_SQUARE, square } from './fixtures';

describe('areaSqMi', () => {
  it('measures a 0.01° square at the equator as about 0.478 sq mi', () => {
    expect(areaSqMi(SMALL_SQUARE)).toBeCloseTo(0.478, 2);
  });

  it('shrinks with the cosine of the latitude', () => {
    const at60 = areaSqMi(square(0, 60, 0.01));
    expect(at60 / areaSqMi(SMALL_SQUARE)).toBeCloseTo(0.5, 1);
  });
});
