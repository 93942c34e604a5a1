import { cellArea, cellToLatLng, latLngToCell, polygonToCells } from 'h3-js';
import Flatbush from 'flatbush';
import { describe, expect, it, vi } from 'vitest';
import { densityClass } from './density';
import { square } from './fixtures';
import { MODEL, modelOf, populationModel } from './population-model';

describe('the GeoNames population model', () => {
  const model = populationModel();

  it('loads the GeoNames places that carry a population', () => {
    expect(model.places).toBeGreaterThan(100_000);
  });

  it('makes midtown Manhattan dense urban: tens of thousands per km²', () => {
    const d = model.densityAt(40.754, -73.984);
    expect(d).toBeGreaterThan(10_000);
    expect(d).toBeLessThan(60_000);
    expect(['Urban', 'Dense Urban']).toContain(densityClass(d));
  });

  it('makes rural Nevada sparse: a fraction of a person per km², but not empty', () => {
    const d = model.densityAt(39.5, -116.5);
    expect(d).toBeGreaterThan(0.01);
    expect(d).toBeLessThan(5);
    expect(densityClass(d)).toBe('Sparsely Populated');
  });

  it('leaves the open Pacific empty', () => {
    expect(model.densityAt(30, -140)).toBe(0);
    expect(densityClass(model.densityAt(30, -140))).toBe('None');
  });

  it('ranks places sensibly: a city centre above its suburbs above farmland', () => {
    const seattle = model.densityAt(47.61, -122.335);
    const bellevue = model.densityAt(47.61, -122.2);
    const iowa = model.densityAt(42.0, -93.0);
    expect(seattle).toBeGreaterThan(bellevue);
    expect(bellevue).toBeGreaterThan(500);
    expect(iowa).toBeGreaterThan(1);
    expect(iowa).toBeLessThan(100);
  });
});

describe('the kernels', () => {
  it('keep the population: a lone city integrates to its people plus its hinterland', () => {
    const pop = 100_000;
    const m = modelOf([{ lat: 0, lon: 0, population: pop }]);
    // Riemann sum on a 1 km grid out to 250 km (past both cut-offs).
    const step = 1 / 111.2;
    let total = 0;
    for (let y = -250; y <= 250; y++) for (let x = -250; x <= 250; x++) total += m.densityAt(y * step, x * step);
    const expected = pop + Math.min(pop, MODEL.hinterlandCap);
    expect(total / expected).toBeGreaterThan(0.98);
    expect(total / expected).toBeLessThan(1.01);
  });

  it('counts a village whole in the coarse cell that holds it', () => {
    const m = modelOf([{ lat: 45.1, lon: -100.1, population: 2_000 }]);
    const cell = latLngToCell(45.1, -100.1, 5);
    expect(m.cellDensity(cell)).toBeGreaterThanOrEqual(2_000 / cellArea(cell, 'km2'));
    // At a fine resolution the cell over the village is denser than one 5 km away.
    expect(m.cellDensity(latLngToCell(45.1, -100.1, 9))).toBeGreaterThan(m.cellDensity(latLngToCell(45.145, -100.1, 9)) * 5);
  });

  it('gives a batch of fine cells the density at each centre (the batching finds every kernel)', () => {
    const model = populationModel();
    const cells = polygonToCells(square(40.72, -74.0, 6).coordinates, 9, true);
    const batch = model.cellDensities(cells);
    cells.forEach((c, i) => {
      const [lat, lon] = cellToLatLng(c);
      expect(batch[i]).toBeCloseTo(model.densityAt(lat, lon), 6);
    });
  });

  it('remembers cell densities: the same cells again give the same numbers without a kernel search', () => {
    const places = [{ lat: 45.1, lon: -100.1, population: 20_000 }, { lat: 45.2, lon: -100.3, population: 3_000 }];
    const cells = polygonToCells(square(45.12, -100.15, 4).coordinates, 9, true);
    const fresh = modelOf(places).cellDensities(cells);
    const m = modelOf(places);
    const first = m.cellDensities(cells);
    expect(first).toEqual(fresh);
    expect(first.some((d) => d > 0)).toBe(true);
    const search = vi.spyOn(Flatbush.prototype, 'search');
    try {
      expect(m.cellDensities([...cells].reverse())).toEqual([...first].reverse());
      expect(search).not.toHaveBeenCalled();
      // A new cell among known ones is computed (one search for its group), the known ones are not.
      const other = latLngToCell(45.3, -100.5, 9);
      const mixed = m.cellDensities([cells[0]!, other]);
      expect(search).toHaveBeenCalledTimes(1);
      expect(mixed).toEqual([first[0], modelOf(places).cellDensity(other)]);
    } finally {
      search.mockRestore();
    }
  });

  it('ignores places without a population', () => {
    expect(modelOf([{ lat: 10, lon: 10, population: 0 }]).densityAt(10, 10)).toBe(0);
  });
});
