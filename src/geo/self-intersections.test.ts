import { describe, expect, it } from 'vitest';
import { BOW_TIE_RING, SMALL_SQUARE } from './fixtures';
import { selfIntersections } from './self-intersections';

describe('selfIntersections', () => {
  it('finds none in a square', () => {
    expect(selfIntersections(SMALL_SQUARE)).toEqual([]);
  });

  it('finds the crossing of a bow tie in its middle', () => {
    const points = selfIntersections({ type: 'Polygon', coordinates: [BOW_TIE_RING] });
    expect(points.length).toBeGreaterThan(0);
    expect(points[0]![0]).toBeCloseTo(0.005, 6);
    expect(points[0]![1]).toBeCloseTo(0.005, 6);
  });
});
