import { describe, expect, it } from 'vitest';
import { checkLimits } from './check-limits';
import { BOW_TIE_RING, SMALL_SQUARE, square } from './fixtures';

const codes = (r: ReturnType<typeof checkLimits>) => r.violations.map((v) => v.code);

describe('checkLimits', () => {
  it('passes a small square', () => {
    const r = checkLimits(SMALL_SQUARE);
    expect(r.ok).toBe(true);
    expect(r.violations).toEqual([]);
  });

  it('explains an area over 10 sq mi', () => {
    // 0.05° at the equator: about 3 NM a side, about 12 sq mi.
    const r = checkLimits(square(0, 0, 0.05));
    expect(codes(r)).toEqual(['area']);
    expect(r.violations[0]!.message).toMatch(/sq mi; at most 10 sq mi/);
  });

  it('explains a side over 10 NM even when the area is small', () => {
    const sliver = { type: 'Polygon' as const, coordinates: [[[0, 0], [0.2, 0], [0.2, 0.001], [0, 0.001], [0, 0]] as [number, number][]] };
    const r = checkLimits(sliver);
    expect(codes(r)).toEqual(['side']);
    expect(r.longestSide!.lengthNm).toBeGreaterThan(10);
  });

  it('explains a self-intersection and says where', () => {
    const r = checkLimits({ type: 'Polygon', coordinates: [BOW_TIE_RING] });
    expect(codes(r)).toContain('self-intersection');
    expect(r.crossings.length).toBeGreaterThan(0);
  });

  it('explains an unclosed ring and still measures it', () => {
    const open = SMALL_SQUARE.coordinates[0]!.slice(0, -1);
    const r = checkLimits({ type: 'Polygon', coordinates: [open] });
    expect(codes(r)).toEqual(['not-closed']);
    expect(r.areaSqMi).toBeCloseTo(0.478, 2);
  });

  it('refuses holes and degenerate rings', () => {
    const withHole = { type: 'Polygon' as const, coordinates: [...square(0, 0, 0.01).coordinates, ...square(0.002, 0.002, 0.001).coordinates] };
    expect(codes(checkLimits(withHole))).toEqual(['holes']);
    expect(codes(checkLimits({ type: 'Polygon', coordinates: [[[0, 0], [1, 1], [0, 0]]] }))).toEqual(['too-few-points']);
  });
});
