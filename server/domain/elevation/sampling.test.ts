import { booleanPointInPolygon } from '@turf/turf';
import fc from 'fast-check';
import type { Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { Budget, BudgetExceededError } from '../budget';
import { planarAreaDeg, samplePolygon } from './sampling';

/** A star (alternating radii: concave) of n vertices, closed. */
const star = (n: number, cx: number, cy: number, r1: number, r2: number): Position[] => {
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) ring.push([cx + (i % 2 ? r1 : r2) * Math.cos((2 * Math.PI * i) / n), cy + (i % 2 ? r1 : r2) * Math.sin((2 * Math.PI * i) / n)]);
  ring.push(ring[0]!);
  return ring;
};

/** The grid the sampler lays (same bounds and step), each point tested with turf against every edge: what it kept before. */
function gridByTurf(poly: Polygon, samples: number): Position[] {
  const outer = poly.coordinates[0]!;
  const xs = outer.map((p) => p[0]!), ys = outer.map((p) => p[1]!);
  const [w, s, e, n] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  const step = Math.sqrt(planarAreaDeg(poly) / samples);
  const out: Position[] = [];
  for (let y = s + step / 2; y < n; y += step) for (let x = w + step / 2; x < e; x += step) if (booleanPointInPolygon([x, y], poly)) out.push([x, y]);
  return out;
}

/** The sampler's grid points: what follows the ring's vertices (every k-th, at most `samples`). */
const gridOf = (poly: Polygon, samples: number, got: Position[]) => {
  const vertices = poly.coordinates[0]!.length - 1;
  return got.slice(Math.ceil(vertices / Math.ceil(vertices / samples)));
};

describe('samplePolygon', () => {
  it('keeps the grid points turf finds inside, holes excluded, crossing each row once instead of testing each point', () => {
    const shapes: Polygon[] = [
      { type: 'Polygon', coordinates: [star(1_998, -122.3, 47.5, 0.2, 0.25)] },
      { type: 'Polygon', coordinates: [star(40, -100, 35, 0.05, 0.3), star(20, -100, 35, 0.01, 0.02).reverse()] },
      { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]], [[0.2, 0.2], [0.2, 0.8], [0.8, 0.8], [0.8, 0.2], [0.2, 0.2]]] },
    ];
    for (const poly of shapes) {
      for (const samples of [50, 400, 5_000]) {
        const grid = gridOf(poly, samples, samplePolygon(poly, samples));
        expect(grid.length).toBeGreaterThan(samples * 0.5);
        expect(grid).toEqual(gridByTurf(poly, samples));
      }
    }
  });

  it('agrees with turf on random concave stars (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 60 }), fc.double({ min: 0.01, max: 0.5, noNaN: true }), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.integer({ min: 10, max: 600 }), (half, r1, r2, samples) => {
        const poly: Polygon = { type: 'Polygon', coordinates: [star(half * 2, 10, 20, r1, r2)] };
        expect(gridOf(poly, samples, samplePolygon(poly, samples))).toEqual(gridByTurf(poly, samples));
      }),
      { numRuns: 200 },
    );
  });

  it('stops on a spent budget', () => {
    const spent = new Budget('main-thread', 10, Date.now() - 1_000);
    expect(() => samplePolygon({ type: 'Polygon', coordinates: [star(200, 0, 0, 0.1, 0.2)] }, 400, spent)).toThrow(BudgetExceededError);
  });
});
