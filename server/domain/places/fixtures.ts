/** A small dataset and city list for the place-search tests (frozen: tests must not mutate them). */
import type { AirspaceFeature, DatasetFile } from '../../data/model';
import type { CityRecord } from './cities';

const airport = (ident: string, name: string, lon: number, lat: number, subtype: AirspaceFeature['subtype'], props: AirspaceFeature['props'] = {}): AirspaceFeature => ({
  id: `airport:${ident}`,
  layer: 'airport',
  subtype,
  name,
  ident,
  geometry: { type: 'Point', coordinates: [lon, lat] },
  sourceId: 'fixture',
  props,
});

export function placesDataset(): DatasetFile {
  return {
    format: 'skyplan-airspace-dataset',
    formatVersion: 1,
    version: 'places-fixture-1',
    generatedAt: '2026-01-01T00:00:00Z',
    kind: 'sandbox',
    sources: [{ id: 'fixture', name: 'Fixture', version: '1', effectiveDate: '2026-01-01T00:00:00Z', retrievedAt: '2026-01-01T00:00:00Z', attribution: 'test', licence: 'test' }],
    features: [
      // OurAirports' spelling: the name pilots use comes after " - ".
      airport('BFI', 'King County International Airport - Boeing Field', -122.302, 47.53, 'AIRPORT', { icao: 'KBFI', state: 'WA', towered: true }),
      airport('43CO', 'Boeing Field', -104.5, 39.6, 'AIRPORT', { state: 'CO', towered: false }),
      airport('9WA0', 'Boeing Plant 2 Heliport', -122.31, 47.53, 'HELIPORT', { state: 'WA' }),
      airport('WA86', 'Boeing - Auburn Complex Heliport', -122.24, 47.29, 'HELIPORT', { state: 'WA' }),
      airport('SEA', 'Seattle-Tacoma Intl', -122.309, 47.449, 'AIRPORT', { icao: 'KSEA', state: 'WA', towered: true }),
      airport('W55', 'Kenmore Air Harbor', -122.339, 47.629, 'SEAPLANE_BASE', { state: 'WA' }),
      airport('8WA4', 'Harborview Medical Center', -122.323, 47.604, 'HELIPORT', { state: 'WA' }),
      airport('S50', 'Auburn Muni', -122.226, 47.328, 'AIRPORT', { state: 'WA' }),
      // Not an airport: must never be found.
      { id: 'stadium:lumen', layer: 'stadium', name: 'Lumen Field', ident: 'LUMEN', geometry: { type: 'Point', coordinates: [-122.332, 47.595] }, sourceId: 'fixture' },
    ],
  };
}

const city = (name: string, country: string, adminCode: string, population: number, lon: number, lat: number): CityRecord => ({ name, country, adminCode, population, loc: { coordinates: [lon, lat] } });

export const FIXTURE_CITIES: readonly CityRecord[] = Object.freeze([
  city('Seattle', 'US', 'WA', 737_015, -122.332, 47.606),
  city('Seaside', 'US', 'OR', 7_115, -123.922, 45.993),
  city('Paris', 'FR', '11', 2_138_551, 2.349, 48.853),
  city('Paris', 'US', 'TX', 24_782, -95.555, 33.661),
  city('New York City', 'US', 'NY', 8_804_190, -74.006, 40.714),
  city('York', 'GB', 'ENG', 153_717, -1.082, 53.958),
  city('Zürich', 'CH', '25', 341_730, 8.55, 47.367),
  city('Auburn', 'US', 'WA', 87_256, -122.228, 47.307),
  city('Auburn', 'US', 'AL', 76_143, -85.481, 32.61),
]);
