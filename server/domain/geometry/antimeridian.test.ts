import { area, buffer, lineString } from '@turf/turf';
import fc from 'fast-check';
import type { LineString, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { datasetFile, sfc } from '../briefing/fixtures/build';
import { samplePolygon } from '../elevation/sampling';
import { areaSqMi, bufferLineString, checkPolygonLimits, CHORD_WIDENING } from '../operations/limits';
import { antimeridianProblem, bboxCentre, longitudeRangesOverlap, normaliseAtAntimeridian, shortWayBBox, unwrapPolygon, wrapLongitude } from './antimeridian';
import { geometryProblem } from './validity';

const across = (s: number, n: number, d = 0.01): Polygon => ({ type: 'Polygon', coordinates: [[[180 - d, s], [-180 + d, s], [-180 + d, n], [180 - d, n], [180 - d, s]]] });
const lons = (g: { coordinates: unknown }) => (g.coordinates as number[][][]).flat().map((p) => p[0]!);

describe('the bounding box of a stored shape, the short way', () => {
  it('is RFC 7946 5.2 across 180° (west > east), and the plain box otherwise', () => {
    expect(shortWayBBox(across(52, 52.01))).toEqual([179.99, 52, -179.99, 52.01]);
    expect(shortWayBBox({ type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.5], [-122.2, 47.6], [-122.3, 47.5]]] })).toEqual([-122.3, 47.5, -122.2, 47.6]);
    // Starting on the west side gives the same box.
    const fromWest: Polygon = { type: 'Polygon', coordinates: [[[-179.99, 52], [-179.99, 52.01], [179.99, 52.01], [179.99, 52], [-179.99, 52]]] };
    expect(shortWayBBox(fromWest)).toEqual([179.99, 52, -179.99, 52.01]);
    // A ring around a pole holds every longitude.
    expect(shortWayBBox({ type: 'Polygon', coordinates: [[[0, 89.9], [120, 89.9], [-120, 89.9], [0, 89.9]]] })).toEqual([-180, 89.9, 180, 89.9]);
    expect(shortWayBBox({ type: 'LineString', coordinates: [[179.5, 52], [-179.5, 52.1]] })).toEqual([179.5, 52, -179.5, 52.1]);
  });

  it('has its middle at 180°, not at 0°', () => {
    expect(bboxCentre([179.99, 52, -179.99, 52.01])[0]).toBeCloseTo(180, 6);
    expect(bboxCentre([179.9, 52, -179.7, 52.01])[0]).toBeCloseTo(-179.9, 6);
    const [x, y] = bboxCentre([-122.3, 47.5, -122.1, 47.6]);
    expect(x).toBeCloseTo(-122.2, 9);
    expect(y).toBeCloseTo(47.55, 9);
  });

  it('overlaps another range exactly when some longitude lies in both (either may cross 180°)', () => {
    const inRange = (x: number, [w, e]: [number, number]) => (w <= e ? x >= w && x <= e : x >= w || x <= e);
    const lon = fc.integer({ min: -180, max: 180 });
    fc.assert(
      fc.property(fc.tuple(lon, lon), fc.tuple(lon, lon), (a, b) => {
        let some = false;
        for (let x = -180; x <= 180 && !some; x++) some = inRange(x, a) && inRange(x, b);
        expect(longitudeRangesOverlap(a, b)).toBe(some);
      }),
      { numRuns: 500 },
    );
  });
});

describe('polygons and paths across 180°', () => {
  it('limits and areas see the small box: 1.5 km by 1.1 km near Adak, not 13,000 square miles', () => {
    const box = across(52, 52.01);
    expect(areaSqMi(box)).toBeGreaterThan(0.5);
    expect(areaSqMi(box)).toBeLessThan(0.7);
    expect(checkPolygonLimits(box)).toEqual([]);
    const cut = normaliseAtAntimeridian(box);
    expect(cut.type).toBe('MultiPolygon');
    expect(area(cut) / 1e6).toBeCloseTo(area({ type: 'Polygon', coordinates: [[[0, 52], [0.02, 52], [0.02, 52.01], [0, 52.01], [0, 52]]] }) / 1e6, 3);
  });

  it('buffers a path across 180° into a corridor within -180..180 that crosses the short way', () => {
    const path: LineString = { type: 'LineString', coordinates: [[179.99, 52], [-179.99, 52]] };
    const corridor = bufferLineString(path)!;
    for (const x of lons(corridor)) {
      expect(Math.abs(x)).toBeLessThanOrEqual(180);
      expect(Math.abs(x)).toBeGreaterThan(179.98);
    }
    // 1.37 km long, 100 m wide (and round caps): about 0.055 sq mi.
    expect(areaSqMi(corridor)).toBeGreaterThan(0.04);
    expect(areaSqMi(corridor)).toBeLessThan(0.07);
    expect(checkPolygonLimits(corridor)).toEqual([]);
    // A diagonal path: turf alone projects it about its box's middle (0°) and comes back 24% narrower.
    const diagonal = [[179.995, 51.99], [-179.995, 52.01]];
    const at0 = buffer(lineString(diagonal.map(([x, y]) => [x! > 0 ? x! - 180 : x! + 180, y!])), 50 * CHORD_WIDENING, { units: 'meters' })!;
    expect(area(normaliseAtAntimeridian(bufferLineString({ type: 'LineString', coordinates: diagonal })!)) / area(at0)).toBeCloseTo(1, 3);
    // A path that ends 20 m short of 180° still gets a corridor whose cap crosses it, within range.
    const near = bufferLineString({ type: 'LineString', coordinates: [[179.99, 52], [179.9997, 52]] })!;
    expect(Math.max(...lons(near).map(Math.abs))).toBeLessThanOrEqual(180);
    expect(antimeridianProblem(near)).toBeNull();
  });

  it('refuses a ring that crosses 180° other than out and back, and a path crossing more than once', () => {
    const saw: Polygon = { type: 'Polygon', coordinates: [[[179.99, 47.5], [-179.99, 47.501], [179.99, 47.502], [-179.99, 47.503], [179.99, 47.504], [179.98, 47.504], [179.98, 47.5], [179.99, 47.5]]] };
    expect(geometryProblem(saw)).toBeNull(); // valid on continuous longitudes …
    expect(antimeridianProblem(saw)).toMatch(/4 times/); // … but cut into slivers at 180°
    expect(antimeridianProblem({ type: 'Polygon', coordinates: [[[0, 89.9], [120, 89.9], [-120, 89.9], [0, 89.9]]] })).toMatch(/1 times/);
    expect(antimeridianProblem(across(52, 52.01))).toBeNull();
    const once: LineString = { type: 'LineString', coordinates: [[179.99, 52], [-179.99, 52]] };
    expect(antimeridianProblem(once)).toMatch(/send the part on each side/);
    expect(antimeridianProblem(once, true)).toBeNull();
    expect(antimeridianProblem({ type: 'LineString', coordinates: [...once.coordinates, [179.99, 52.01]] }, true)).toMatch(/2 times/);
  });

  it('keeps the holes of a polygon across 180° in its outer ring’s frame', () => {
    const outer = across(52, 52.02, 0.02).coordinates[0]!;
    const hole = [[-179.995, 52.005], [-179.995, 52.015], [179.995, 52.015], [179.995, 52.005], [-179.995, 52.005]];
    const [o, h] = unwrapPolygon([outer, hole]);
    expect(Math.min(...o!.map((p) => p[0]!))).toBeCloseTo(179.98, 9);
    for (const p of h!) expect(p[0]!).toBeGreaterThan(179.98);
    expect(geometryProblem({ type: 'Polygon', coordinates: [outer, hole] })).toBeNull();
  });

  it('samples elevation points inside the small box only, within -180..180', () => {
    const points = samplePolygon(across(52, 52.01), 100);
    expect(points.length).toBeGreaterThan(80);
    for (const [x] of points) expect(Math.abs(x!)).toBeGreaterThanOrEqual(179.99);
    expect(wrapLongitude(180.005)).toBeCloseTo(-179.995, 9);
    expect(wrapLongitude(180)).toBe(180);
  });
});

describe('the dataset indexes a feature cut at 180° by its parts', () => {
  const tfr: AirspaceFeature = { id: 'tfr:x', layer: 'tfr', name: 'x', geometry: normaliseAtAntimeridian(across(47.5, 47.6)), lower: sfc, sourceId: 'fixture' };
  const seattle: AirspaceFeature = { ...tfr, id: 'tfr:seattle', geometry: { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.5], [-122.2, 47.6], [-122.3, 47.5]]] } };
  const ds = new Dataset(datasetFile([tfr, seattle]));

  it('finds it from either side once, and not from the band between', () => {
    expect(ds.search([179.9, 47.4, 180, 47.7]).map((f) => f.id)).toEqual(['tfr:x']);
    expect(ds.search([-180, 47.4, -179.9, 47.7]).map((f) => f.id)).toEqual(['tfr:x']);
    expect(ds.search([-180, 47.4, 180, 47.7]).map((f) => f.id).sort()).toEqual(['tfr:seattle', 'tfr:x']);
    expect(ds.search([-122.4, 47.4, -122.1, 47.7]).map((f) => f.id)).toEqual(['tfr:seattle']);
  });
});
