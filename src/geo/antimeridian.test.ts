import fc from 'fast-check';
import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { continuousBounds, continuousFeatures, continuousGeometry, shortWayBBox, unwrapPositions, wrapLongitude, wrapPositions } from './antimeridian';
import type { Position } from './types';

/** A 1.5 km box over 180° near Semisopochnoi Island, as the service keeps it (within -180..180). */
const across: Polygon = { type: 'Polygon', coordinates: [[[179.99, 51.95], [-179.99, 51.95], [-179.99, 51.9635], [179.99, 51.9635], [179.99, 51.95]]] };

const lon = fc.double({ min: -180, max: 180, noNaN: true });
const lat = fc.double({ min: -85, max: 85, noNaN: true });
const line = fc.array(fc.tuple(lon, lat), { minLength: 1, maxLength: 40 }) as fc.Arbitrary<Position[]>;

describe('longitudes across 180°', () => {
  it('are made continuous: 179.99 → -179.99 becomes 179.99 → 180.01', () => {
    expect(unwrapPositions(across.coordinates[0] as Position[]).map((p) => p[0])).toEqual([179.99, 180.01, 180.01, 179.99, 179.99]);
    expect(unwrapPositions([[-179.99, 10], [179.99, 10]] as Position[]).map((p) => p[0])).toEqual([-179.99, -180.01]);
  });

  it('every step between neighbours is at most 180° once continuous, and each position is the same meridian', () => {
    fc.assert(
      fc.property(line, (ps) => {
        const u = unwrapPositions(ps);
        for (let i = 1; i < u.length; i++) expect(Math.abs(u[i]![0] - u[i - 1]![0])).toBeLessThanOrEqual(180);
        u.forEach((p, i) => {
          const turns = (p[0] - ps[i]![0]) / 360;
          expect(Math.abs(turns - Math.round(turns))).toBeLessThan(1e-9);
          expect(p[1]).toBe(ps[i]![1]);
        });
      }),
    );
  });

  it('wrapped back, come home: every longitude within -180..180 and equal to what was sent', () => {
    fc.assert(
      fc.property(line, fc.integer({ min: -3, max: 3 }), (ps, turns) => {
        // Start in any frame (a world copy MapLibre hands draw), unwrap, wrap: the same meridians.
        const shifted = ps.map(([x, y]) => [x + 360 * turns, y] as Position);
        const back = wrapPositions(unwrapPositions(shifted));
        back.forEach((p, i) => {
          expect(Math.abs(p[0])).toBeLessThanOrEqual(180);
          const d = Math.abs(p[0] - ps[i]![0]);
          expect(Math.min(d, Math.abs(d - 360))).toBeLessThan(1e-9);
        });
      }),
    );
  });

  it('leave a shape that does not cross 180° as it is, positions and all', () => {
    const seattle: Polygon = { type: 'Polygon', coordinates: [[[-122.3, 47.5, 10], [-122.2, 47.5, 10], [-122.2, 47.6, 10], [-122.3, 47.5, 10]]] };
    expect(continuousGeometry(seattle)).toEqual(seattle);
    expect(wrapPositions(seattle.coordinates[0]!)).toEqual(seattle.coordinates[0]);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(181)).toBeCloseTo(-179, 9);
    expect(wrapLongitude(-540.5)).toBeCloseTo(179.5, 9);
  });

  it('put the two halves of a MultiPolygon cut at 180° side by side, and a hole inside its ring', () => {
    const cut: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [
        [[[179.99, 52], [180, 52], [180, 52.01], [179.99, 52.01], [179.99, 52]]],
        [[[-180, 52], [-179.99, 52], [-179.99, 52.01], [-180, 52.01], [-180, 52]]],
      ],
    };
    expect(continuousGeometry(cut).coordinates[1]![0]!.map((p) => p[0])).toEqual([180, 180.01, 180.01, 180, 180]);
    const withHole: Polygon = { type: 'Polygon', coordinates: [across.coordinates[0]!, [[-179.995, 51.952], [179.995, 51.952], [179.995, 51.96], [-179.995, 51.96], [-179.995, 51.952]]] };
    expect(continuousGeometry(withHole).coordinates[1]!.map((p) => p[0])).toEqual([180.005, 179.995, 179.995, 180.005, 180.005]);
  });

  it('frame the small box, not the world, and give it to the service the short way', () => {
    const b = continuousBounds([across])!;
    expect(b[2] - b[0]).toBeCloseTo(0.02, 9);
    expect(b[3] - b[1]).toBeCloseTo(0.0135, 9);
    // Shapes on both sides of 180° framed together: one frame for all.
    const east: Polygon = { type: 'Polygon', coordinates: [[[-179.9, 51.9], [-179.8, 51.9], [-179.8, 52], [-179.9, 51.9]]] };
    const both = continuousBounds([across, east])!;
    expect(both[2] - both[0]).toBeCloseTo(0.21, 9);
    const q = shortWayBBox(b);
    expect(q[0]).toBeCloseTo(179.99, 9);
    expect(q[2]).toBeCloseTo(-179.99, 9);
    expect(shortWayBBox([-122.4, 47.5, -122.3, 47.6])).toEqual([-122.4, 47.5, -122.3, 47.6]);
    expect(continuousBounds([])).toBeNull();
  });

  it('draw each feature of a collection (population hexagons) the short way, properties kept', () => {
    const hex: Polygon = { type: 'Polygon', coordinates: [[[179.998, 51.95], [-179.998, 51.95], [-179.996, 51.952], [-179.998, 51.954], [179.998, 51.954], [179.996, 51.952], [179.998, 51.95]]] };
    const out = continuousFeatures({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { density: 3 }, geometry: hex }] });
    const xs = (out.features[0]!.geometry as Polygon).coordinates[0]!.map((p) => p[0]!);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(0.008, 9);
    expect(out.features[0]!.properties).toEqual({ density: 3 });
  });
});
