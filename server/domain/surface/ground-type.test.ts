import { POLYGON_TO_CELLS_FLAGS, polygonToCells, polygonToCellsExperimental } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { CLASSIC_FILL_MAX_CELLS, cellsFor, estimateCells } from './cells';
import { InvalidSurfaceValueError, RequestTooLargeError } from './errors';
import { square } from './fixtures';
import { groundType } from './ground-type';

/** 10 square miles is 25.9 km². */
const TEN_SQ_MI_SIDE_KM = Math.sqrt(25.9);

describe('groundType', () => {
  it('returns one hexagon per H3 cell, the same cells H3 fills the polygon with', () => {
    const area = square(40.754, -73.984, TEN_SQ_MI_SIDE_KM);
    for (const res of [7, 8, 9, 10]) {
      const features = groundType(area, res);
      const expected = polygonToCells(area.coordinates, res, true);
      expect(features.map((f) => f.id).sort()).toEqual([...expected].sort());
      // The stack notes measured 34, 234 and 1,647 cells at 8, 9, 10 for a 10 sq mi polygon.
      if (res === 9) expect(features.length).toBeGreaterThan(200);
    }
  });

  it('fills with either H3 algorithm to the same cells, on both sides of the threshold between them', () => {
    const area = square(47.6, -122.33, TEN_SQ_MI_SIDE_KM);
    const estimates = [7, 8, 9, 10].map((res) => estimateCells(area, res));
    expect(estimates.some((n) => n <= CLASSIC_FILL_MAX_CELLS)).toBe(true);
    expect(estimates.some((n) => n > CLASSIC_FILL_MAX_CELLS)).toBe(true);
    for (const res of [7, 8, 9, 10]) {
      const rings = area.coordinates;
      expect([...cellsFor(area, res)].sort()).toEqual([...polygonToCells(rings, res, true)].sort());
      expect([...cellsFor(area, res)].sort()).toEqual([...polygonToCellsExperimental(rings, res, POLYGON_TO_CELLS_FLAGS.containmentCenter, true)].sort());
    }
  });

  it('fills a degenerate ring at 180° that the classic fill refuses, with the newer fill', () => {
    // Found by test/antimeridian-stored.test.ts's random rings (a ring of no width on the 180° line, as the
    // suitability task gets it): H3's classic fill throws (error 1) here.
    const sliver = [[[180, 47.53917462375126], [180, 47.53917462375126], [180, 47.53454842163177], [180, 47.53454842163177], [180, 47.53853853003973], [180, 47.53917462375126]]];
    const shape = {
      type: 'MultiPolygon' as const,
      coordinates: [sliver, [[[-180, 47.53917462375126], [-179.99999999990695, 47.53999999999998], [-180, 47.53454842163177], [-180, 47.53853853003973], [-180, 47.53917462375126]]]],
    };
    expect(estimateCells(shape, 10)).toBeLessThanOrEqual(CLASSIC_FILL_MAX_CELLS);
    expect(() => polygonToCells(sliver, 10, true)).toThrow();
    expect(cellsFor(shape, 10).length).toBeGreaterThanOrEqual(1);
  });

  it('marks midtown Manhattan dense and urban with more than 10,000 people per km²', () => {
    const features = groundType(square(40.754, -73.984, 1), 9);
    expect(features.length).toBeGreaterThan(5);
    for (const f of features) {
      expect(['Urban', 'Dense Urban']).toContain(f.properties.density);
      expect(f.properties.popPerSqKm).toBeGreaterThan(10_000);
      expect(f.geometry.type).toBe('Polygon');
      expect(f.geometry.coordinates[0]).toHaveLength(7); // a closed hexagon
    }
  });

  it('marks rural Nevada sparse (under 5 per km²) and the open Pacific None with 0', () => {
    for (const f of groundType(square(39.5, -116.5, 3), 8)) {
      expect(['Sparsely Populated', 'Rural']).toContain(f.properties.density);
      expect(f.properties.popPerSqKm).toBeLessThan(5);
    }
    for (const f of groundType(square(30, -140, 3), 8)) expect(f.properties).toEqual({ density: 'None', popPerSqKm: 0 });
  });

  it('covers a point with its cell and a line with every cell it crosses', () => {
    expect(groundType({ type: 'Point', coordinates: [-73.984, 40.754] }, 9)).toHaveLength(1);
    const line = cellsFor({ type: 'LineString', coordinates: [[-74.0, 40.75], [-73.95, 40.75]] }, 9);
    // 4.2 km of line over cells about 0.35 km across: a chain of at least a dozen cells.
    expect(line.length).toBeGreaterThan(10);
    expect(line.length).toBeLessThan(40);
  });

  it('still answers for a polygon smaller than one cell', () => {
    expect(cellsFor(square(40.754, -73.984, 0.05), 7).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a huge area at a fine resolution before filling it', () => {
    const huge = square(39, -100, 500);
    expect(estimateCells(huge, 11)).toBeGreaterThan(1_000_000);
    // Filled, this would be millions of cells (minutes, gigabytes): the estimate refuses it first.
    expect(() => groundType(huge, 11)).toThrow(RequestTooLargeError);
    // Just over the cap after the estimate let it through: still refused, by the exact count.
    expect(() => cellsFor(square(40, -100, 12), 9, 1_000)).toThrow(RequestTooLargeError);
  });

  it('refuses a polygon whose edges cross', () => {
    const bowtie = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] };
    expect(() => groundType(bowtie, 7)).toThrow(InvalidSurfaceValueError);
  });
});
