/**
 * The flat distance kernel against the plain brute force it replaced (every vertex to every segment,
 * both ways, on the same plane): identical figures within the limit asked for, including long
 * boundaries that go through the segment index, and a figure above the limit otherwise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { circlePolygon, gapNm, separationNm } from './geometry';
import { boxGapNm, flat, pointBoxNm } from './flat-geometry';
import { bruteGap } from './geometry.test-helpers';

const lon = fc.double({ min: -122.4, max: -122.2, noNaN: true });
const lat = fc.double({ min: 47.45, max: 47.6, noNaN: true });
const point = fc.tuple(lon, lat).map(([x, y]): FeatureGeometry => ({ type: 'Point', coordinates: [x, y] }));
const square = fc.tuple(lon, lat, fc.double({ min: 0.0005, max: 0.03, noNaN: true })).map(([x, y, d]): FeatureGeometry => ({
  type: 'Polygon',
  coordinates: [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]],
}));
// A 360-gon: more segments than the threshold, so distances to it go through the segment index.
const circle = fc.tuple(lon, lat, fc.double({ min: 0.2, max: 3, noNaN: true })).map(([x, y, r]): FeatureGeometry => circlePolygon([x, y], r, 360));
const feature = (geometry: FeatureGeometry): AirspaceFeature => ({ id: 'f', layer: 'class_airspace', name: 'f', sourceId: 's', geometry }) as AirspaceFeature;

describe('the flat distance kernel', () => {
  it('gives the brute force figure exactly, whatever the limit, when the figure is within it', () => {
    fc.assert(
      fc.property(fc.oneof(point, square), fc.oneof(square, circle, point), fc.constantFrom(0, 0.5, 2, Infinity), (a, b, limit) => {
        const exact = bruteGap(a, b);
        const got = gapNm(a, b, limit);
        if (exact <= limit) expect(got).toBe(exact);
        else expect(got).toBeGreaterThan(limit);
      }),
      { numRuns: 400 },
    );
  });

  it('separation within the limit equals the unlimited one; beyond it, stays beyond', () => {
    fc.assert(
      fc.property(fc.oneof(point, square), fc.oneof(square, circle), fc.constantFrom(0, 1, 2), (input, g, limit) => {
        const full = separationNm(input, feature(g));
        const limited = separationNm(input, feature(g), limit);
        if (full <= limit) expect(limited).toBe(full);
        else expect(limited).toBeGreaterThan(limit);
      }),
      { numRuns: 400 },
    );
  });

  it('measures to the nearest side of a long boundary found through the index', () => {
    const ring = circlePolygon([-122.3, 47.5], 2, 720);
    const p: FeatureGeometry = { type: 'Point', coordinates: [-122.3, 47.5 + 2.5 / 60] };
    expect(gapNm(p, ring, 1)).toBe(bruteGap(p, ring));
    expect(gapNm(p, ring, 1)).toBeCloseTo(0.5, 2);
    expect(gapNm(p, ring, 0.1)).toBeGreaterThan(0.1);
  });
});

describe('the segment index, built only once a boundary is asked about again', () => {
  const ring = (): FeatureGeometry => circlePolygon([-122.3, 47.5], 2, 720);
  const near: FeatureGeometry = { type: 'Point', coordinates: [-122.3, 47.5 + 2.5 / 60] };

  it('is not built by the first questions (a cold place scans), then is, and gives the same figures both ways', () => {
    const g = ring();
    const first = gapNm(near, g, 1);
    expect(flat(g).index).toBeUndefined();
    let calls = 1;
    while (flat(g).index === undefined && calls < 20) {
      expect(gapNm(near, g, 1)).toBe(first);
      calls++;
    }
    expect(flat(g).index).toBeTruthy();
    expect(calls).toBeGreaterThan(2);
    expect(gapNm(near, g, 1)).toBe(first);
    expect(first).toBe(bruteGap(near, g));
  });

  it('gives the brute force figure within the limit through the index too, on random points and limits', () => {
    const g = ring();
    while (flat(g).index === undefined) gapNm(near, g, 1);
    fc.assert(
      fc.property(lon, lat, fc.constantFrom(0, 0.5, 2), (x, y, limit) => {
        const p: FeatureGeometry = { type: 'Point', coordinates: [x, y] };
        const exact = bruteGap(p, g);
        const got = gapNm(p, g, limit);
        if (exact <= limit) expect(got).toBe(exact);
        else expect(got).toBeGreaterThan(limit);
        expect(separationNm(p, feature(g), limit) === 0).toBe(separationNm(p, feature(ring())) === 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('box distances', () => {
  // The lower bounds skip the square root when the boxes overlap on one axis: the same figures to the bit.
  const SLACK = 1 - 1e-9;
  const c = fc.double({ min: -180, max: 180, noNaN: true });
  const boxOf = fc.tuple(c, c, fc.double({ min: 0, max: 0.1, noNaN: true }), fc.double({ min: 0, max: 0.1, noNaN: true })).map(([x, y, w, h]) => [x, y, x + w, y + h]);
  const near = (b: number[]) => fc.tuple(fc.double({ min: -0.2, max: 0.2, noNaN: true }), fc.double({ min: -0.2, max: 0.2, noNaN: true }), fc.constantFrom(0, 0.01)).map(([dx, dy, s]) => [b[0]! + dx, b[1]! + dy, b[0]! + dx + s, b[1]! + dy + s]);
  const cos = fc.double({ min: 0.01, max: 1, noNaN: true });

  it('boxGapNm and pointBoxNm equal hypot of the sides times the slack', () => {
    fc.assert(
      fc.property(boxOf.chain((b) => fc.tuple(fc.constant(b), near(b))), cos, ([a, b], k) => {
        const dx = Math.max(0, a[0]! - b[2]!, b[0]! - a[2]!) * 60 * k;
        const dy = Math.max(0, a[1]! - b[3]!, b[1]! - a[3]!) * 60;
        expect(Object.is(boxGapNm(a, 0, b, 0, k), Math.hypot(dx, dy) * SLACK)).toBe(true);
        const px = Math.max(0, b[0]! - a[0]!, a[0]! - b[2]!) * 60 * k;
        const py = Math.max(0, b[1]! - a[1]!, a[1]! - b[3]!) * 60;
        expect(Object.is(pointBoxNm(a[0]!, a[1]!, b, 0, k), Math.hypot(px, py) * SLACK)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });
});
