import { describe, expect, it } from 'vitest';
import { areasOverlap } from './areas-overlap';
import type { PolygonGeometry } from './types';

const square = (w: number, s: number, size: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [[[w, s], [w + size, s], [w + size, s + size], [w, s + size], [w, s]]],
});

describe('areasOverlap', () => {
  it('finds areas that cross, hold one another or touch', () => {
    expect(areasOverlap(square(0, 0, 1), square(0.5, 0.5, 1))).toBe(true);
    expect(areasOverlap(square(0, 0, 1), square(0.2, 0.2, 0.1))).toBe(true);
    expect(areasOverlap(square(0, 0, 1), square(1, 0, 1))).toBe(true);
  });

  it('tells apart areas whose boxes overlap but whose shapes do not', () => {
    const triangle: PolygonGeometry = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0, 1], [0, 0]]] };
    expect(areasOverlap(triangle, square(0.8, 0.8, 0.2))).toBe(false);
  });

  it('across 180°, compares the small boxes, not bands around the globe', () => {
    const across = (w: number, s: number, size: number): PolygonGeometry => ({
      type: 'Polygon',
      coordinates: [[[w, s], [w + size - 360, s], [w + size - 360, s + size], [w, s + size], [w, s]]],
    });
    // Both across 180°, 1 km apart in latitude: read literally, both are bands that meet.
    expect(areasOverlap(across(179.99, 51.95, 0.02), across(179.99, 51.98, 0.02))).toBe(false);
    expect(areasOverlap(across(179.99, 51.95, 0.02), across(179.995, 51.96, 0.02))).toBe(true);
    // One across, one wholly east of 180° (negative longitudes), sharing ground.
    expect(areasOverlap(across(179.99, 51.95, 0.02), square(-179.995, 51.955, 0.01))).toBe(true);
    expect(areasOverlap(square(-179.995, 51.955, 0.01), across(179.99, 51.95, 0.02))).toBe(true);
  });
});
