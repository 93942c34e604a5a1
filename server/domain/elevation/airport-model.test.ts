import { booleanPointInPolygon } from '@turf/turf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { airportModelOf, airportModelSource, AirportElevationModel, MAX_RANGE_NM } from './airport-model';
import { crossValidate } from './cross-validation';
import { ELEVATION_AIRPORTS, elevationDataset } from './fixtures';
import { sampleLine, samplePolygon } from './sampling';

const ds = new Dataset(elevationDataset());
const model = airportModelOf(ds);
const at = (lon: number, lat: number) => model.estimate(lon, lat).elevationFt;

describe('airport elevation model', () => {
  it('answers an airport its own field elevation, and only airports count', () => {
    expect(model.size).toBe(5);
    for (const [lon, lat, e] of Object.values(ELEVATION_AIRPORTS)) expect(at(lon, lat)).toBe(e);
    expect(at(-122.31, 47.5)).toBeLessThan(433);
  });

  it('weights by inverse distance: between BFI (21 ft) and SEA (433 ft), nearer to BFI means lower', () => {
    const nearBfi = at(-122.303, 47.515)!;
    const nearSea = at(-122.308, 47.462)!;
    expect(nearBfi).toBeGreaterThan(21);
    expect(nearBfi).toBeLessThan(nearSea);
    expect(nearSea).toBeLessThan(433);
  });

  it('says nothing beyond the range from the nearest airport (ocean), and nothing without airports', () => {
    expect(model.estimate(-130, 45)).toEqual({ elevationFt: null, nearestNm: expect.any(Number) });
    expect(model.estimate(-130, 45).nearestNm).toBeGreaterThan(MAX_RANGE_NM);
    expect(new AirportElevationModel([]).estimate(-122.3, 47.5)).toEqual({ elevationFt: null, nearestNm: null });
  });

  it('never leaves the range of the airports that vote, and only airports within 30 NM vote (Denver never lifts Seattle)', () => {
    const puget = [21, 433, 606, 63];
    fc.assert(
      fc.property(fc.double({ min: -122.5, max: -122.0, noNaN: true }), fc.double({ min: 47.2, max: 48.0, noNaN: true }), (lon, lat) => {
        const e = at(lon, lat);
        expect(e).not.toBeNull();
        expect(e!).toBeGreaterThanOrEqual(Math.min(...puget));
        expect(e!).toBeLessThanOrEqual(Math.max(...puget));
      }),
    );
    // 11 NM west of S50, with Denver the only other airport: without the range rule Denver's 5,434 ft would add about 1 ft.
    const alone = new AirportElevationModel([{ lon: -122.226, lat: 47.328, elevationFt: 63 }, { lon: -104.673, lat: 39.862, elevationFt: 5434 }]);
    expect(alone.estimate(-122.5, 47.328).elevationFt).toBe(63);
  });

  it('is built once per dataset and names the dataset version as its source', () => {
    expect(airportModelOf(ds)).toBe(model);
    expect(airportModelOf(new Dataset(elevationDataset()))).not.toBe(model);
    expect(airportModelSource(ds)).toBe('sandbox-airport-model:elevation-fixture-1');
  });

  it('cross-validation holds out every tenth point and measures the absolute error', () => {
    // Flat ground at 500 ft, except the held-out tenth at 600 ft: every held-out point is off by 100 ft.
    const pts = Array.from({ length: 100 }, (_, i) => ({ lon: -100 + (i % 10) * 0.01, lat: 40 + Math.floor(i / 10) * 0.01, elevationFt: i % 10 === 0 ? 600 : 500 }));
    const cv = crossValidate(pts);
    expect(cv).toEqual({ heldOut: 10, uncovered: 0, medianFt: 100, p90Ft: 100 });
    expect(crossValidate([...pts, { lon: 0, lat: 0, elevationFt: 0 }].reverse()).uncovered).toBe(1);
  });
});

describe('sampling', () => {
  it('spaces a profile equally from the first position to the last', () => {
    const s = sampleLine({ type: 'LineString', coordinates: [[-122.3, 47.5], [-122.3, 47.6], [-122.2, 47.6]] }, 5);
    expect(s).toHaveLength(5);
    expect(s[0]).toMatchObject({ distanceM: 0, lon: -122.3, lat: 47.5 });
    expect(s[4]!.lon).toBeCloseTo(-122.2, 6);
    expect(s[4]!.lat).toBeCloseTo(47.6, 6);
    const steps = s.slice(1).map((x, i) => x.distanceM - s[i]!.distanceM);
    for (const d of steps) expect(d).toBeCloseTo(steps[0]!, 0);
    expect(s[4]!.distanceM).toBeGreaterThan(18_000);
  });

  it('puts about the asked number of grid points inside a polygon, plus its vertices', () => {
    const poly = { type: 'Polygon' as const, coordinates: [[[-122.4, 47.4], [-122.2, 47.4], [-122.3, 47.6], [-122.4, 47.4]]] };
    const pts = samplePolygon(poly, 200);
    expect(pts.length).toBeGreaterThan(150 + 3);
    expect(pts.length).toBeLessThan(250 + 3);
    for (const p of pts.slice(3)) expect(booleanPointInPolygon(p, poly)).toBe(true);
    expect(pts.slice(0, 3)).toEqual([[-122.4, 47.4], [-122.2, 47.4], [-122.3, 47.6]]);
    const ring = Array.from({ length: 1000 }, (_, i) => [-122.3 + 0.1 * Math.cos((2 * Math.PI * i) / 1000), 47.5 + 0.1 * Math.sin((2 * Math.PI * i) / 1000)]);
    const round = samplePolygon({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] }, 50);
    expect(round.length).toBeLessThanOrEqual(50 + 70);
    expect(round.length).toBeGreaterThanOrEqual(50 + 30);
  });
});
