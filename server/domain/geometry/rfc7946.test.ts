import { booleanClockwise } from '@turf/turf';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { rfc7946, roundCoordinate } from './rfc7946';

describe('RFC 7946 geometries', () => {
  it('winds exterior rings counter-clockwise and holes clockwise', () => {
    const cw: Polygon = {
      type: 'Polygon',
      coordinates: [
        [[0, 0], [0, 1], [1, 1], [1, 0], [0, 0]],
        [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8], [0.2, 0.2]],
      ],
    };
    expect(booleanClockwise(cw.coordinates[0]!)).toBe(true);
    const out = rfc7946(cw);
    expect(booleanClockwise(out.coordinates[0]!)).toBe(false);
    expect(booleanClockwise(out.coordinates[1]!)).toBe(true);
    // A new object: the input is left as it was.
    expect(booleanClockwise(cw.coordinates[0]!)).toBe(true);
  });

  it('rounds positions to 7 decimals, in every geometry type', () => {
    expect(roundCoordinate(-122.123456789012)).toBe(-122.1234568);
    const line = rfc7946({ type: 'LineString', coordinates: [[-122.300000000000011, 47.5300000004], [1.23456789, 2]] });
    expect(line.coordinates).toEqual([[-122.3, 47.53], [1.2345679, 2]]);
    const multi = rfc7946({ type: 'MultiPolygon', coordinates: [[[[0, 0], [0, 1.000000001], [1, 1], [1, 0], [0, 0]]]] });
    expect(multi.coordinates[0]![0]).toContainEqual([1, 1]);
    expect(booleanClockwise(multi.coordinates[0]![0]!)).toBe(false);
  });
});
