import { describe, expect, it } from 'vitest';
import { parseGeoJson } from './parse-geojson';

const d = { widthM: 60, radiusM: 200 };

describe('parseGeoJson', () => {
  it('reads a bare Polygon and keeps an unclosed ring as given', () => {
    const r = parseGeoJson(JSON.stringify({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1]]] }), d);
    expect(r).toEqual({ ok: true, shape: { kind: 'polygon', ring: [[0, 0], [1, 0], [1, 1]] } });
  });

  it('reads the first feature of a collection, with its width', () => {
    const fc = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { width: 30 }, geometry: { type: 'LineString', coordinates: [[0, 0, 5], [1, 1, 5]] } }] };
    expect(parseGeoJson(JSON.stringify(fc), d)).toEqual({ ok: true, shape: { kind: 'path', line: [[0, 0], [1, 1]], widthM: 30 } });
  });

  it('gives a point the current radius', () => {
    expect(parseGeoJson('{"type":"Point","coordinates":[2,3]}', d)).toEqual({ ok: true, shape: { kind: 'point', center: [2, 3], radiusM: 200 } });
  });

  it('explains what is wrong', () => {
    expect(parseGeoJson('{nope', d)).toMatchObject({ ok: false, error: expect.stringContaining('not JSON') });
    expect(parseGeoJson('{"type":"MultiPoint","coordinates":[]}', d)).toMatchObject({ ok: false, error: expect.stringContaining('MultiPoint') });
    expect(parseGeoJson('{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]],[[0,0],[0.1,0],[0.1,0.1],[0,0]]]}', d)).toMatchObject({ ok: false, error: expect.stringContaining('holes') });
  });
});
