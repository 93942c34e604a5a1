import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { continuousGeometry } from '../geo/antimeridian';
import { boundsOf, highlightCollection, shapesCollection } from './operation-layers';

const across: Polygon = { type: 'Polygon', coordinates: [[[179.99, 52], [-179.99, 52], [-179.99, 52.01], [179.99, 52.01], [179.99, 52]]] };

describe('operation shapes across 180°', () => {
  it('are handed to MapLibre with continuous longitudes, so the 1.5 km box is not drawn around the world', () => {
    expect(continuousGeometry(across).coordinates[0]!.map((p) => p[0])).toEqual([179.99, 180.01, 180.01, 179.99, 179.99]);
    const drawn = shapesCollection([{ id: 'a', kind: 'operation', tone: 'info', geometry: across }], null).features[0]!.geometry as Polygon;
    expect(drawn).toEqual(continuousGeometry(across));
    const [w, , e] = boundsOf([{ geometry: across }])!;
    expect(e - w).toBeCloseTo(0.02, 9);
    // A briefing's or authorization's outline pointed at is drawn the same way.
    expect(highlightCollection(across).features[0]!.geometry).toEqual(continuousGeometry(across));
  });

  it('keep a hole that starts on the other side inside its outer ring, and leave other shapes as they are', () => {
    const withHole: Polygon = { type: 'Polygon', coordinates: [across.coordinates[0]!, [[-179.995, 52.002], [179.995, 52.002], [179.995, 52.008], [-179.995, 52.008], [-179.995, 52.002]]] };
    expect(continuousGeometry(withHole).coordinates[1]!.map((p) => p[0])).toEqual([180.005, 179.995, 179.995, 180.005, 180.005]);
    const seattle: Polygon = { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.5], [-122.2, 47.6], [-122.3, 47.5]]] };
    expect(continuousGeometry(seattle)).toEqual(seattle);
  });
});
