import { describe, expect, it } from 'vitest';
import { areaGeoJson } from './area-geojson';
import { parseGeoJson } from './parse-geojson';
import type { PolygonGeometry } from './types';

const boundary: PolygonGeometry = { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] };
const d = { widthM: 1, radiusM: 1 };

describe('areaGeoJson', () => {
  it('writes a polygon area as one closed Polygon feature with the details', () => {
    const fc = areaGeoJson({ kind: 'polygon', ring: [[0, 0], [1, 0], [1, 1]] }, boundary, { maxAltitude: 200 });
    expect(fc).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { maxAltitude: 200, role: 'area' }, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } }],
    });
  });

  it('writes a path with its width, then the boundary, and reads back as the same path', () => {
    const fc = areaGeoJson({ kind: 'path', line: [[0, 0], [1, 1]], widthM: 45 }, boundary, {});
    expect(fc.features.map((f) => f.properties?.role)).toEqual(['path', 'boundary']);
    expect(parseGeoJson(JSON.stringify(fc), d)).toEqual({ ok: true, shape: { kind: 'path', line: [[0, 0], [1, 1]], widthM: 45 } });
  });

  it('writes a point with its radius, and reads back as the same point', () => {
    const fc = areaGeoJson({ kind: 'point', center: [2, 3], radiusM: 300 }, boundary, {});
    expect(fc.features[1]!.geometry).toEqual(boundary);
    expect(parseGeoJson(JSON.stringify(fc), d)).toEqual({ ok: true, shape: { kind: 'point', center: [2, 3], radiusM: 300 } });
  });
});
