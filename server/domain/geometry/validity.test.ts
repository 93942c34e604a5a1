import { kinks, polygon } from '@turf/turf';
import fc from 'fast-check';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { geometryProblem, MAX_INPUT_POSITIONS } from './validity';
import { ringsAreSimple } from './simple';
import { star } from '../../../test/helpers/geometry';

function circle(n: number, [lon, lat] = [-122.3, 47.6], r = 0.02): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n - 1; i++) ring.push([lon + r * Math.cos((2 * Math.PI * i) / (n - 1)), lat + r * Math.sin((2 * Math.PI * i) / (n - 1))]);
  ring.push(ring[0]!);
  return ring;
}

describe('crossing edges (sweep line)', () => {
  it('finds a bow tie and accepts a square, a square with a hole, and a triangle', () => {
    expect(ringsAreSimple([[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]])).toBe(false);
    expect(ringsAreSimple([[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]])).toBe(true);
    expect(ringsAreSimple([[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[1, 1], [1, 2], [2, 2], [2, 1], [1, 1]]])).toBe(true);
    expect(ringsAreSimple([[[0, 0], [1, 0], [0, 1], [0, 0]]])).toBe(true);
  });

  it('finds touches: a hole touching the shell, a ring touching itself, a vertical edge through another', () => {
    expect(ringsAreSimple([[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]], [[0, 2], [1, 1], [1, 3], [0, 2]]])).toBe(false);
    expect(ringsAreSimple([[[0, 0], [2, 0], [1, 1], [2, 2], [0, 2], [1, 1], [0, 0]]])).toBe(false);
    expect(ringsAreSimple([[[0, 0], [2, 0], [2, 2], [1, 2], [1, -1], [0, -1], [0, 0]]])).toBe(false);
    expect(ringsAreSimple([[[0, 0], [3, 0], [3, 1], [0, 1], [0, 0]], [[1, 0], [2, 0], [2, 0.5], [1, 0], [1, 0]]])).toBe(false);
  });

  // kinks ignores parallel edges that overlap (we report them), so no three positions may be collinear.
  const noThreeCollinear = (p: number[][]) =>
    p.every((a, i) => p.every((b, j) => j <= i || p.every((c, k) => k <= j || (b[0]! - a[0]!) * (c[1]! - a[1]!) !== (b[1]! - a[1]!) * (c[0]! - a[0]!))));

  it('agrees with turf kinks on random polygons', () => {
    const pt = fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }));
    fc.assert(
      fc.property(fc.array(pt, { minLength: 3, maxLength: 9 }), (pts) => {
        const ring: Position[] = [...pts.map(([x, y]) => [x, y]), [pts[0]![0], pts[0]![1]]];
        fc.pre(noThreeCollinear(pts));
        expect(ringsAreSimple([ring])).toBe(kinks(polygon([ring])).features.length === 0);
      }),
      { numRuns: 2000 },
    );
  });

  // The quadratic check ran out of heap on the star; its speed is measured in `npm run bench`, not here.
  it('rejects a 9,999-position star and accepts a 9,999-point circle', () => {
    expect(geometryProblem({ type: 'Polygon', coordinates: [star(9_999)] }, 10_000)).toMatch(/cross/);
    expect(geometryProblem({ type: 'Polygon', coordinates: [circle(9_999)] }, 10_000)).toBeNull();
  });
});

describe('geometryProblem', () => {
  it('caps positions', () => {
    expect(geometryProblem({ type: 'Polygon', coordinates: [circle(MAX_INPUT_POSITIONS + 1)] })).toMatch(/at most 2000/);
    expect(geometryProblem({ type: 'LineString', coordinates: circle(MAX_INPUT_POSITIONS + 1) })).toMatch(/positions/);
  });

  it('reads a box across 180° as the small box: valid, with area', () => {
    const box: Position[] = [[179.99, 40], [-179.99, 40], [-179.99, 40.01], [179.99, 40.01], [179.99, 40]];
    expect(geometryProblem({ type: 'Polygon', coordinates: [box] })).toBeNull();
  });

  it('still refuses a polygon with no area', () => {
    expect(geometryProblem({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [2, 0], [0, 0]]] })).toMatch(/no area|cross/);
  });
});
