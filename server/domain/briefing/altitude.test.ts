/**
 * MSL floors to AGL with the DEM ground the route layer passes in (docs/elevation.md "AGL in briefings"):
 * Seattle Class B Area B (floor 1,100 ft MSL, real ADDS data) over Boeing Field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { importFiles } from '../../data/import/import-files';
import { hasRealData, realPath, warnIfNoRealData } from '../../data/import/realdata';
import type { AirspaceFeature } from '../../data/model';
import { DEM_MARGIN_FT, describeLimit, floorAglFt, isOverhead, type GroundMax } from './altitude';
import { briefArea, briefLocation } from '.';

const NOW = new Date('2025-11-20T18:00:00Z');
/** Inside Area B (and Boeing Field's Class D, whose surface floor keeps the flight controlled). */
const P = { lon: -122.3194, lat: 47.5236 };
const FT_PER_M = 3.280839895;

describe('floorAglFt with a DEM ground', () => {
  const shelf = { id: 'b', layer: 'class_airspace', name: 'B', geometry: { type: 'Point', coordinates: [0, 0] }, sourceId: 's', lower: { value: 1100, reference: 'MSL' } } as AirspaceFeature;
  const dem = (maxFt: number, complete = true): GroundMax => ({ maxFt, source: 'dem:t', complete });

  it('subtracts the highest DEM ground plus the margin; without a DEM the 800 ft assumption holds', () => {
    expect(floorAglFt(shelf)).toBe(300);
    expect(floorAglFt(shelf, dem(66))).toBe(1100 - 66 - DEM_MARGIN_FT);
    // Overhead for a 400 ft flight exactly when G_max + 50 + 400 <= 1,100, i.e. G_max <= 650 ft MSL.
    expect(isOverhead(shelf, 400, dem(650))).toBe(true);
    expect(isOverhead(shelf, 400, dem(651))).toBe(false);
    expect(isOverhead(shelf, 400)).toBe(false);
  });

  it('keeps the assumption where a DEM covers only part of the area, unless the DEM ground is higher', () => {
    expect(floorAglFt(shelf, dem(66, false))).toBe(300);
    expect(floorAglFt(shelf, dem(900, false))).toBe(1100 - 950);
    expect(floorAglFt({ ...shelf, lower: { value: 700, reference: 'AGL' } }, dem(5000))).toBe(700);
  });
});

warnIfNoRealData('AGL in briefings over real FAA data');

describe.skipIf(!hasRealData)('Seattle Class B Area B (1,100 ft MSL) with DEM ground', () => {
  let ds: Dataset;
  beforeAll(async () => {
    ds = new Dataset(await importFiles([realPath('faa-seattle/class_airspace_seattle.geojson')], { now: NOW }));
  });
  const areaB = (ground: GroundMax | undefined, maxAltitudeFt = 400) =>
    briefLocation(ds, P.lat, P.lon, { now: NOW, maxAltitudeFt, groundMaxFt: () => ground }).notices!.find((n) => n.title === 'SEATTLE CLASS B AREA B');

  it('is reported without a DEM (ground assumed up to 800 ft MSL), as before', () => {
    expect(areaB(undefined)).toBeDefined();
    expect(areaB(undefined)!.description).not.toMatch(/dem:/);
  });

  it('is not reported to a 400 ft flight over 20 m ground: the flight tops out near 516 ft MSL, the floor is 984 ft above the ground', () => {
    expect(areaB({ maxFt: Math.round(20 * FT_PER_M), source: 'dem:low', complete: true })).toBeUndefined();
    // The rule's edge: 650 ft ground leaves the floor exactly 400 ft above; 651 ft brings it into reach.
    expect(areaB({ maxFt: 650, source: 'dem:edge', complete: true })).toBeUndefined();
    expect(areaB({ maxFt: 651, source: 'dem:edge', complete: true })).toBeDefined();
    // A higher flight reaches it again over the same low ground.
    expect(areaB({ maxFt: 66, source: 'dem:low', complete: true }, 1000)).toBeDefined();
  });

  it('is reported over 300 m ground, saying which ground turned the floor into AGL', () => {
    const n = areaB({ maxFt: Math.round(300 * FT_PER_M), source: 'dem:high', complete: true })!;
    expect(n.description).toMatch(/Floor 1,100 ft MSL is taken as 66 ft above the ground: the highest ground under the flight in dem:high is 984 ft MSL, plus a 50 ft margin/);
  });

  it('is reported where the DEM covers only part of the area, the assumption still bounding the ground', () => {
    const n = areaB({ maxFt: 66, source: 'dem:part', complete: false })!;
    expect(n.description).toMatch(/dem:part covers only part of the flight/);
  });

  it('gets the ground for the briefed area from the provider', () => {
    const seen: unknown[] = [];
    const square = { type: 'Polygon' as const, coordinates: [[[P.lon, P.lat], [P.lon + 0.001, P.lat], [P.lon + 0.001, P.lat + 0.001], [P.lon, P.lat + 0.001], [P.lon, P.lat]]] };
    const r = briefArea(ds, square, { now: NOW, groundMaxFt: (area) => (seen.push(area), { maxFt: 66, source: 'dem:low', complete: true }) });
    expect(seen).toEqual([square]);
    expect(r.notices!.some((n) => n.title === 'SEATTLE CLASS B AREA B')).toBe(false);
  });
});

describe('describeLimit', () => {
  it('writes feet as toLocaleString does, the first time and from its kept texts after', () => {
    const values = [1, 18, 400, 1200, 2999, 10000, 17999, 123456.789, 0.5, -9998, 1e21];
    for (let round = 0; round < 2; round++) {
      for (const value of values) {
        for (const reference of ['MSL', 'AGL'] as const) {
          expect(describeLimit({ value, reference })).toBe(`${value.toLocaleString('en-US')} ft ${reference}`);
        }
      }
    }
    expect(describeLimit({ value: 0, reference: 'MSL' })).toBe('the surface');
    expect(describeLimit({ value: -0, reference: 'MSL' })).toBe('the surface');
  });
});
