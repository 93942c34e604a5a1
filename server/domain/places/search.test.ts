import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { CityIndex } from './cities';
import { FIXTURE_CITIES, placesDataset } from './fixtures';
import { searchPlaces } from './search';

const ds = new Dataset(placesDataset());
const cities = new CityIndex(FIXTURE_CITIES);
const find = (q: string, limit = 20) => searchPlaces(ds, cities, q, limit);
const labels = (q: string, limit = 20) => find(q, limit).map((p) => `${p.kind}:${p.ident ?? p.name}${p.region ? `/${p.region}` : ''}`);

describe('searchPlaces', () => {
  it('finds an airport by FAA identifier, ICAO code and name, in any case', () => {
    for (const q of ['BFI', 'bfi', 'KBFI', 'Boeing Field', 'boeing', 'King County']) expect(find(q)[0], q).toMatchObject({ kind: 'airport', ident: 'BFI', icao: 'KBFI', region: 'WA', country: 'US', lon: -122.302, lat: 47.53 });
  });

  it('names the kind of heliports and seaplane bases, and finds only the airport layer', () => {
    expect(find('Kenmore')[0]).toMatchObject({ kind: 'seaplane_base', ident: 'W55' });
    expect(find('Harborview')[0]).toMatchObject({ kind: 'heliport', ident: '8WA4' });
    expect(find('Lumen')).toEqual([]);
  });

  it('ranks an exact identifier over a name prefix over a later word', () => {
    // SEA is Seattle-Tacoma's identifier; Seattle and Seaside start with it; nothing has a later word "sea".
    expect(labels('sea')).toEqual(['airport:SEA/WA', 'city:Seattle/WA', 'city:Seaside/OR']);
    expect(labels('york')).toEqual(['city:York', 'city:New York City/NY']);
  });

  it('ranks a big towered airport before a small field and a heliport of the same name', () => {
    expect(labels('boeing')).toEqual(['airport:BFI/WA', 'airport:43CO/CO', 'heliport:WA86/WA', 'heliport:9WA0/WA']);
    expect(labels('boeing field')).toEqual(['airport:BFI/WA', 'airport:43CO/CO']);
  });

  it('puts an exact name before a longer one and bigger places first within a tier', () => {
    expect(labels('auburn')).toEqual(['city:Auburn/WA', 'city:Auburn/AL', 'airport:S50/WA', 'heliport:WA86/WA']);
  });

  it('lists US places before the world, then by population', () => {
    expect(labels('paris')).toEqual(['city:Paris/TX', 'city:Paris']);
    expect(find('paris')[1]).toMatchObject({ country: 'FR', lon: 2.349, lat: 48.853 });
    expect(find('paris')[1]).not.toHaveProperty('region');
  });

  it('matches without accents and respects the limit', () => {
    expect(labels('zurich')).toEqual(['city:Zürich']);
    expect(find('s', 2)).toHaveLength(2);
    expect(find('no such place')).toEqual([]);
    expect(find('///')).toEqual([]);
  });

  it('follows the dataset it is given', () => {
    const other = new Dataset({ ...placesDataset(), version: 'other', features: [] });
    expect(searchPlaces(other, cities, 'BFI', 5)).toEqual([]);
  });
});
