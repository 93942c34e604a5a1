/**
 * The modelled facility-map grid on made-up airports: ceilings biased low along runways and approach
 * paths, cells that never overlap and reach past every modelled boundary, and the facility of the
 * nearest runway.
 */
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature } from '../model';
import type { AirportRecord } from './airports-db';
import { runwayExtensions, surfaceRadiusNm, type SurfaceArea } from './class-airspace';
import { destination, distanceNm } from './geo';
import { cellCeiling, lowersGrid, obstaclesOf } from './uasfm-ceiling';
import { buildFacilityMapCells } from './uasfm';
import { localProjector } from './geo';

/** A towered field with one 6,000 ft north-south runway centred on (lon, lat). */
function field(ident: string, lon: number, lat: number): AirportRecord {
  const half = 3000 / 6076;
  const [sLon, sLat] = destination(lon, lat, 180, half), [nLon, nLat] = destination(lon, lat, 0, half);
  return {
    ident, icao: null, ourAirportsIdent: ident, name: `${ident} field`, type: 'small_airport', lon, lat, elevationFt: 100, state: null, city: null,
    towered: true, military: false, runways: [{ lengthFt: 6000, ends: [{ ident: '18', lon: nLon, lat: nLat }, { ident: '36', lon: sLon, lat: sLat }] }],
  };
}

function areaOf(a: AirportRecord): SurfaceArea {
  const radiusNm = surfaceRadiusNm(a);
  return { cls: 'D', airport: a, radiusNm, extentNm: radiusNm, extensions: runwayExtensions(a), laancEnabled: true };
}

// Off the grid lines, so a point lies in one cell and not on the edge between two.
const LON = -100.0123, LAT = 40.0071;
const A = field('AAA', LON, LAT);

/** The cell that contains a point (cells are axis-aligned rectangles). */
function cellAt(cells: AirspaceFeature[], lon: number, lat: number): AirspaceFeature[] {
  return cells.filter((c) => {
    const ring = (c.geometry as { coordinates: number[][][] }).coordinates[0]!;
    return lon >= ring[0]![0]! && lon <= ring[2]![0]! && lat >= ring[0]![1]! && lat <= ring[2]![1]!;
  });
}

describe('modelled ceilings', () => {
  const project = localProjector(LAT);
  const obstacles = obstaclesOf([A], project);
  const ceilingAt = (bearing: number, nm: number) => {
    const [lon, lat] = destination(LON, LAT, bearing, nm);
    const p = project(lon, lat);
    return cellCeiling([p[0], p[1], p[0], p[1]], obstacles);
  };

  it('is 0 ft on and beside the runway and along the approach path to 3 NM past the threshold, 50 ft to 5 NM', () => {
    expect(ceilingAt(0, 0)).toBe(0);
    expect(ceilingAt(90, 0.9)).toBe(0);
    expect(ceilingAt(0, 0.5 + 2.9)).toBe(0);
    expect(ceilingAt(180, 0.5 + 4.5)).toBe(50);
  });

  it('steps up with the distance from the runway off the approach paths, to 400 ft past 3.5 NM', () => {
    expect(ceilingAt(90, 1.2)).toBe(50);
    expect(ceilingAt(90, 1.7)).toBe(100);
    expect(ceilingAt(90, 2.5)).toBe(200);
    expect(ceilingAt(90, 3.2)).toBe(300);
    expect(ceilingAt(90, 3.6)).toBe(400);
  });

  it('lowers it close around small fields with a runway of 2,500 ft or more, not around short strips', () => {
    const strip = (lengthFt: number): AirportRecord => ({ ...field('S1', LON, LAT), type: 'small_airport', towered: false, runways: [{ ...A.runways[0]!, lengthFt }] });
    const near = (ap: AirportRecord, nm: number) => {
      const p = project(...destination(LON, LAT, 90, nm));
      return cellCeiling([p[0], p[1], p[0], p[1]], obstaclesOf(lowersGrid(ap) ? [ap] : [], project));
    };
    expect(near(strip(3000), 0.3)).toBe(0);
    expect(near(strip(3000), 2)).toBe(400);
    expect(near(strip(1500), 0.3)).toBe(400);
  });

  it('gives a cell the lowest ceiling found anywhere in it', () => {
    const [w, s] = project(...destination(LON, LAT, 90, 0.9)), [e, n] = project(...destination(LON, LAT, 90, 5));
    expect(cellCeiling([w, s, e, n], obstacles)).toBe(0);
  });
});

describe('the modelled grid', () => {
  const B = field('BBB', LON + 8 / 60 / Math.cos((LAT * Math.PI) / 180), LAT);
  const areas = [areaOf(A), areaOf(B)];
  const cells = buildFacilityMapCells(areas, [A, B]);

  it('covers the whole surface area and its runway extensions, each place by exactly one cell', () => {
    const r = areas[0]!.radiusNm;
    for (let bearing = 0; bearing < 360; bearing += 7.5) {
      for (const nm of [0, r / 2, r - 0.01]) expect(cellAt(cells, ...destination(LON, LAT, bearing, nm)), `${bearing}° ${nm} NM`).toHaveLength(1);
    }
    for (const x of areas[0]!.extensions) {
      expect(cellAt(cells, ...x.to)).toHaveLength(1);
      const side = destination(...x.to, 90, x.halfWidthNm - 0.01);
      expect(cellAt(cells, ...side)).toHaveLength(1);
    }
  });

  it('ends within 2 arc-minutes past the modelled boundary', () => {
    const r = areas[0]!.radiusNm;
    expect(cellAt(cells, ...destination(LON, LAT, 270, r + 3))).toHaveLength(0);
    expect(cellAt(cells, ...destination(LON, LAT, 270, r + 0.2))).toHaveLength(1);
  });

  it('names the airport whose runway is nearest, and lists both where both areas reach', () => {
    const mid = (LON + B.lon) / 2;
    const left = cellAt(cells, mid - 0.015, LAT + 0.01)[0]!, right = cellAt(cells, mid + 0.015, LAT + 0.01)[0]!;
    expect(left.facility).toBe('AAA');
    expect(right.facility).toBe('BBB');
    expect(String(left.props?.airports)).toBe('AAA,BBB');
    expect(String(right.props?.airports)).toBe('BBB,AAA');
    expect(distanceNm(LON, LAT, B.lon, B.lat)).toBeCloseTo(8, 0);
  });

  it('keeps 0 ft over the runways, 1 arc-minute cells where the ceiling changes and coarser ones elsewhere', () => {
    expect(cellAt(cells, LON, LAT)[0]!.ceilingFt).toBe(0);
    expect(cellAt(cells, ...destination(LON, LAT, 0, 3))[0]!.ceilingFt).toBe(0);
    const size = (c: AirspaceFeature) => {
      const ring = (c.geometry as { coordinates: number[][][] }).coordinates[0]!;
      return Math.round((ring[2]![1]! - ring[0]![1]!) * 60 * 100) / 100;
    };
    expect(Math.min(...cells.map(size))).toBe(1);
    expect(Math.max(...cells.map(size))).toBeGreaterThan(1);
    expect(size(cellAt(cells, ...destination(LON, LAT, 270, 1.5))[0]!)).toBe(1);
  });
});
