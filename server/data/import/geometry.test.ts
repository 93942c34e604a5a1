import { distance } from '@turf/turf';
import { describe, expect, it } from 'vitest';
import { GeometryError, arcVertices, circlePolygon, closeRing, normalizeGeometry, parseCoordinate } from './geometry';

describe('parseCoordinate', () => {
  it('reads the notations FAA files use', () => {
    expect(parseCoordinate('38.95383304N', 'lat')).toBeCloseTo(38.95383304, 8); // tfr.faa.gov
    expect(parseCoordinate('076.78666176W', 'lon')).toBeCloseTo(-76.78666176, 8);
    expect(parseCoordinate('47-35-29.29N', 'lat')).toBeCloseTo(47 + 35 / 60 + 29.29 / 3600, 8); // ADDS stadiums
    expect(parseCoordinate('122-19-56.46W', 'lon')).toBeCloseTo(-(122 + 19 / 60 + 56.46 / 3600), 8);
    expect(parseCoordinate('385134N', 'lat')).toBeCloseTo(38 + 51 / 60 + 34 / 3600, 8); // NOTAM text
    expect(parseCoordinate('0770211W', 'lon')).toBeCloseTo(-(77 + 2 / 60 + 11 / 3600), 8);
    expect(parseCoordinate(`38°51'34"N`, 'lat')).toBeCloseTo(38.85944, 4);
    expect(parseCoordinate('-118.40804861', 'lon')).toBe(-118.40804861);
    expect(parseCoordinate(33.9, 'lat')).toBe(33.9);
  });

  it('refuses what is wrong, saying why', () => {
    expect(() => parseCoordinate('95.0N', 'lat')).toThrow(/out of range/);
    expect(() => parseCoordinate(-181, 'lon')).toThrow(/longitude -181 is out of range/);
    expect(() => parseCoordinate('38.9W', 'lat')).toThrow(/hemisphere W/);
    expect(() => parseCoordinate('47-75-00N', 'lat')).toThrow(/minutes or seconds/);
    expect(() => parseCoordinate('north-ish', 'lat')).toThrow(/cannot read/);
    expect(() => parseCoordinate('', 'lon')).toThrow(/missing longitude/);
    expect(() => parseCoordinate(undefined, 'lat')).toThrow(GeometryError);
  });
});

describe('normalizeGeometry', () => {
  const square = [[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 0, 0]]];

  it('drops the z of ArcGIS Hub positions', () => {
    const g = normalizeGeometry({ type: 'Polygon', coordinates: square }, ['Polygon']);
    expect(g).toEqual({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] });
  });

  it('refuses a ring that is not closed', () => {
    const open = [[[0, 0], [1, 0], [1, 1], [0, 1]]];
    expect(() => normalizeGeometry({ type: 'Polygon', coordinates: open }, ['Polygon'])).toThrow(/not closed/);
  });

  it('refuses positions out of range, short rings and wrong types', () => {
    expect(() => normalizeGeometry({ type: 'Point', coordinates: [10, 91] }, ['Point'])).toThrow(/latitude 91 is out of range/);
    expect(() => normalizeGeometry({ type: 'Polygon', coordinates: [[[0, 0], [1, 1], [0, 0]]] }, ['Polygon'])).toThrow(/at least 4/);
    expect(() => normalizeGeometry({ type: 'LineString', coordinates: [[0, 0], [1, 1]] }, ['Polygon'])).toThrow(/not one of Polygon/);
    expect(() => normalizeGeometry({ type: 'Point', coordinates: ['a', 'b'] }, ['Point'])).toThrow(/not numeric/);
    expect(() => normalizeGeometry(null, ['Point'])).toThrow(/missing/);
  });

  it('keeps MultiPolygons', () => {
    const g = normalizeGeometry({ type: 'MultiPolygon', coordinates: [square, square] }, ['Polygon', 'MultiPolygon']);
    expect(g.type).toBe('MultiPolygon');
  });
});

describe('circles and arcs', () => {
  it('builds a circle whose vertices are the radius away from the centre', () => {
    const centre: [number, number] = [-77.03638889, 38.85944444];
    const c = circlePolygon(centre, 30);
    for (const p of c.coordinates[0]!) expect(distance(centre, p, { units: 'nauticalmiles' })).toBeCloseTo(30, 3);
    expect(() => circlePolygon(centre, -1)).toThrow(/not plausible/);
  });

  it('densifies a clockwise arc on the right side', () => {
    const centre: [number, number] = [0, 0];
    const north: [number, number] = [0, 0.1];
    const east: [number, number] = [0.1, 0];
    const cw = arcVertices(centre, north, east, true);
    expect(cw.length).toBeGreaterThan(10);
    for (const p of cw) expect(p[0]! > 0 && p[1]! > 0).toBe(true); // the north-east quadrant
    const ccw = arcVertices(centre, north, east, false);
    expect(ccw.some((p) => p[0]! < 0)).toBe(true); // the long way round, through the west
  });

  it('closes an open vertex list', () => {
    expect(closeRing([[0, 0], [1, 0], [1, 1]], 'test')).toEqual([[0, 0], [1, 0], [1, 1], [0, 0]]);
  });
});
