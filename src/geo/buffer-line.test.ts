// @isolated-modules: widens a path before any file has loaded its union code.
import { area, booleanPointInPolygon, buffer, destination, difference, featureCollection, lineString, polygon } from '@turf/turf';
import { beforeAll, describe, expect, it } from 'vitest';
import { areaSqMi } from './area-sq-mi';
import { bufferLine } from './buffer-line';
import { pathUnion } from './path-union';
import { isRingClosed } from './ring';
import type { Position } from './types';
import { SQ_METERS_PER_SQ_MI } from '../../server/contract/units';

/** turf's buffer (jsts), which the portal used before: the oracle, kept for this test only. */
function turfSweep(line: Position[], widthM: number) {
  const g = buffer(lineString(line), widthM / 2, { units: 'meters', steps: 8 })!.geometry;
  if (g.type !== 'Polygon') throw new Error('oracle gave pieces');
  return polygon([g.coordinates[0]!]);
}

/** Area (m²) of the part of a not in b plus the part of b not in a. */
function symmetricDifferenceM2(a: ReturnType<typeof polygon>, b: ReturnType<typeof polygon>): number {
  const ab = difference(featureCollection([a, b]));
  const ba = difference(featureCollection([b, a]));
  return (ab ? area(ab) : 0) + (ba ? area(ba) : 0);
}

const PATHS: Record<string, { line: Position[]; widthM: number }> = {
  'a straight line in Seattle': { line: [[-122.33, 47.6], [-122.3, 47.61]], widthM: 100 },
  'a right-angle turn': { line: [[-77.05, 38.88], [-77.04, 38.88], [-77.04, 38.89]], widthM: 60 },
  'a zigzag of short legs and sharp turns': {
    line: [[-97.74, 30.26], [-97.738, 30.262], [-97.736, 30.2605], [-97.7345, 30.2625], [-97.733, 30.2608]],
    widthM: 80,
  },
  'a path that doubles back beside itself': { line: [[-122.2, 47.5], [-122.18, 47.5], [-122.18, 47.5012], [-122.2, 47.5012]], widthM: 120 },
  'a 10 NM survey line in Alaska': { line: [[-149.9, 61.2], [-149.55, 61.25], [-149.6, 61.3]], widthM: 200 },
  'a line with a repeated vertex': { line: [[-80.2, 25.77], [-80.19, 25.78], [-80.19, 25.78], [-80.18, 25.775]], widthM: 50 },
};

/** The widened path, which must be a polygon (the union's code has loaded). */
function widened(line: Position[], widthM: number) {
  const p = bufferLine(line, widthM);
  if (p === null || p === 'loading') throw new Error(`expected a polygon, got ${p}`);
  return p;
}

describe('bufferLine before its union has loaded', () => {
  it('says it is loading, not that the path cannot be widened, and gives the polygon once loaded', async () => {
    expect(bufferLine([[0, 0], [0, 0.008993]], 100)).toBe('loading');
    // Refusals need no union.
    expect(bufferLine([[0, 0]], 100)).toBeNull();
    await pathUnion.load();
    expect(widened([[0, 0], [0, 0.008993]], 100).type).toBe('Polygon');
  });
});

describe('bufferLine', () => {
  beforeAll(() => pathUnion.load());

  it('turns a 1 km line and a 100 m width into a closed polygon of about 0.1 km²', () => {
    // 0.008993° of latitude is about 1000 m.
    const p = widened([[0, 0], [0, 0.008993]], 100);
    expect(p.type).toBe('Polygon');
    expect(isRingClosed(p.coordinates[0]!)).toBe(true);
    // Rectangle 1000 × 100 plus two half-disc caps of radius 50 (a little less with 8 steps).
    const expected = (100_000 + Math.PI * 50 * 50) / SQ_METERS_PER_SQ_MI;
    expect(areaSqMi(p)).toBeGreaterThan(expected * 0.97);
    expect(areaSqMi(p)).toBeLessThan(expected * 1.02);
  });

  it('covers the whole width asked for at its ends and bends, not a chord inside it', () => {
    const line: Position[] = [[-122.33, 47.6], [-122.3, 47.61], [-122.3, 47.62]];
    const p = polygon(widened(line, 100).coordinates);
    for (const end of line) {
      for (let bearing = -180; bearing < 180; bearing += 1) {
        // 49.9 m from a vertex, in every direction: inside the 100 m wide corridor.
        const q = destination(end, 49.9, bearing, { units: 'meters' });
        expect(booleanPointInPolygon(q, p), `${end.join(',')} at ${bearing}°`).toBe(true);
      }
    }
  });

  it.each(Object.entries(PATHS))('sweeps %s as turf/jsts did, within 1%% of its area', (_name, { line, widthM }) => {
    const ours = widened(line, widthM);
    expect(ours.type).toBe('Polygon');
    expect(isRingClosed(ours.coordinates[0]!)).toBe(true);
    const theirs = turfSweep(line, widthM);
    const mine = polygon(ours.coordinates);
    expect(area(mine) / area(theirs)).toBeGreaterThan(0.99);
    expect(area(mine) / area(theirs)).toBeLessThan(1.01);
    // Not just the same area: the same place. What one covers and the other does not is under 1 %.
    expect(symmetricDifferenceM2(mine, theirs) / area(theirs)).toBeLessThan(0.01);
  });

  it('refuses a single point, a non-positive width or a position that is not a number', () => {
    expect(bufferLine([[0, 0]], 100)).toBeNull();
    expect(bufferLine([[0, 0], [0, 1]], 0)).toBeNull();
    expect(bufferLine([[0, 0], [Number.NaN, 1]], 10)).toBeNull();
  });
});
