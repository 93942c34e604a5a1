// @isolated-modules: a thread that has loaded no city table, as the surface worker is.
/**
 * The population model built in a thread that holds no city table (the surface worker) does not keep
 * one: the names and codes (~9 MB of heap) go with the garbage, and the model is the same as one built
 * over the kept table. Its own file: no other test may have read the table in this process first.
 */
import { describe, expect, it } from 'vitest';
import { cityTable, cityTableKept } from '../places/city-table';
import { modelOf, populationModel } from './population-model';

describe('populationModel in a thread without a city table', () => {
  it('keeps no city table and gives the densities of a model over the kept table', () => {
    expect(cityTableKept()).toBe(false);
    const model = populationModel();
    expect(cityTableKept()).toBe(false);

    const t = cityTable();
    const places = Array.from({ length: t.length }, (_, i) => ({ lon: t.lon[i]!, lat: t.lat[i]!, population: t.population[i]! }));
    const reference = modelOf(places);
    expect(model.places).toBe(reference.places);
    for (const [lat, lon] of [[47.6062, -122.3321], [38.8977, -77.0365], [40.758, -73.9855], [44.0, -100.0], [61.2, -149.9]] as const) {
      expect(model.densityAt(lat, lon)).toBe(reference.densityAt(lat, lon));
    }
    expect(model.densityAt(47.6062, -122.3321)).toBeGreaterThan(1000);
  });
});
