import { describe, expect, it } from 'vitest';
import { airfieldFeatures, airfieldOutline, convexHull, OUTLINE_MARGIN_M, runwayEndLabels, runwayPolygon, type RunwayRow } from './basemap-airfields';

/** KBFI 14R/32L as OurAirports has it: 10,007 by 200 ft. */
const kbfi14R: RunwayRow = {
  airportIdent: 'BFI', airportName: 'King County International Airport - Boeing Field', airportType: 'large_airport', lengthFt: 10007, widthFt: 200,
  ends: [{ ident: '14R', lon: -122.310997, lat: 47.5405006 }, { ident: '32L', lon: -122.291, lat: 47.5167999 }],
};
const kbfi14L: RunwayRow = { ...kbfi14R, lengthFt: 3709, widthFt: 100, ends: [{ ident: '14L', lon: -122.306999, lat: 47.537998 }, { ident: '32R', lon: -122.3, lat: 47.5292015 }] };

const M_PER_DEG = 111_320;
const metres = ([lon1, lat1]: number[], [lon2, lat2]: number[]) =>
  Math.hypot((lon2! - lon1!) * M_PER_DEG * Math.cos((lat1! * Math.PI) / 180), (lat2! - lat1!) * M_PER_DEG);

describe('runways of the offline basemap', () => {
  it('draws a runway as a rectangle of its published width and length, named by both designators', () => {
    const f = runwayPolygon(kbfi14R)!;
    expect(f.properties).toMatchObject({ class: 'runway', ref: '14R/32L', airport: 'BFI' });
    const ring = f.geometry.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(metres(ring[0]!, ring[3]!)).toBeCloseTo(200 * 0.3048, 0); // width: 61 m
    expect(metres(ring[0]!, ring[1]!)).toBeGreaterThan(3000); // the ends are 10,007 ft apart
    expect(metres(ring[0]!, ring[1]!)).toBeLessThan(3100);
  });

  it('uses 75 ft where no width is published, and skips a runway whose ends coincide', () => {
    const ring = runwayPolygon({ ...kbfi14R, widthFt: null })!.geometry.coordinates[0]!;
    expect(metres(ring[0]!, ring[3]!)).toBeCloseTo(75 * 0.3048, 0);
    expect(runwayPolygon({ ...kbfi14R, ends: [kbfi14R.ends[0], { ...kbfi14R.ends[0], ident: '32L' }] })).toBeNull();
  });

  it('labels each end with its designator, just inside the threshold', () => {
    const [a, b] = runwayEndLabels(kbfi14R);
    expect(a!.properties).toEqual({ class: 'runway_end', ref: '14R' });
    expect(b!.properties).toEqual({ class: 'runway_end', ref: '32L' });
    const d = metres(a!.geometry.coordinates, [kbfi14R.ends[0].lon, kbfi14R.ends[0].lat]);
    expect(d).toBeGreaterThan(50);
    expect(d).toBeLessThan(150);
  });

  it('outlines an airfield around all its runways with a margin', () => {
    const outline = airfieldOutline([kbfi14R, kbfi14L])!;
    expect(outline.properties).toMatchObject({ class: 'aerodrome', ident: 'BFI' });
    const ring = outline.geometry.coordinates[0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    const lons = ring.map((p) => p[0]!), lats = ring.map((p) => p[1]!);
    // Every runway end lies inside, at least the margin away from the outline's bbox.
    for (const e of [...kbfi14R.ends, ...kbfi14L.ends]) {
      expect(e.lon).toBeGreaterThan(Math.min(...lons));
      expect(e.lon).toBeLessThan(Math.max(...lons));
      expect(metres([e.lon, e.lat], [e.lon, Math.max(...lats)])).toBeGreaterThanOrEqual(0);
    }
    expect(metres([0, Math.min(...lats)], [0, kbfi14R.ends[1].lat])).toBeGreaterThan(OUTLINE_MARGIN_M * 0.95);
  });

  it('groups runways by airport: one outline each', () => {
    const other: RunwayRow = { ...kbfi14L, airportIdent: 'RNT', airportName: 'Renton Municipal' };
    const a = airfieldFeatures([kbfi14R, kbfi14L, other]);
    expect(a.runways).toHaveLength(3);
    expect(a.labels).toHaveLength(6);
    expect(a.outlines.map((o) => o.properties!.ident).sort()).toEqual(['BFI', 'RNT']);
  });

  it('convex hull drops inner points and closes the ring', () => {
    const hull = convexHull([[0, 0], [2, 0], [1, 1], [2, 2], [0, 2], [1, 0.5]]);
    expect(hull).toHaveLength(5);
    expect(hull).not.toContainEqual([1, 1]);
    expect(hull[0]).toEqual(hull[4]);
  });
});
