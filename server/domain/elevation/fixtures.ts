/** A small dataset for the elevation tests: Puget Sound airports and one in Denver (frozen values). */
import type { AirspaceFeature, DatasetFile } from '../../data/model';

const airport = (ident: string, lon: number, lat: number, elevationFt: number): AirspaceFeature => ({
  id: `airport:${ident}`, layer: 'airport', subtype: 'AIRPORT', name: ident, ident,
  geometry: { type: 'Point', coordinates: [lon, lat] }, sourceId: 'fixture', props: { elevationFt },
});

export const ELEVATION_AIRPORTS = { BFI: [-122.302, 47.53, 21], SEA: [-122.309, 47.449, 433], PAE: [-122.2816, 47.9063, 606], S50: [-122.226, 47.328, 63], DEN: [-104.673, 39.862, 5434] } as const;

export function elevationDataset(): DatasetFile {
  return {
    format: 'skyplan-airspace-dataset',
    formatVersion: 1,
    version: 'elevation-fixture-1',
    generatedAt: '2026-01-01T00:00:00Z',
    kind: 'sandbox',
    sources: [{ id: 'fixture', name: 'Fixture', version: '1', effectiveDate: '2026-01-01T00:00:00Z', retrievedAt: '2026-01-01T00:00:00Z', attribution: 'test', licence: 'test' }],
    features: [
      ...Object.entries(ELEVATION_AIRPORTS).map(([ident, [lon, lat, e]]) => airport(ident, lon, lat, e)),
      // Not an airport: its elevation must not count.
      { id: 'stadium:x', layer: 'stadium', name: 'X', ident: 'X', geometry: { type: 'Point', coordinates: [-122.31, 47.5] }, sourceId: 'fixture', props: { elevationFt: 9999 } },
    ],
  };
}
