/** Modelled urban areas of the basemap (docs/map-tiles.md "Urban areas"). */
import { booleanPointInPolygon } from '@turf/turf';
import type { Feature, MultiPolygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { BASEMAP_LAYER } from '../contract/map-layers';
import { decodeTile } from '../routes/tiles/tiles.test-helpers';
import { basemapReady, basemapTiles } from './basemap';
import { URBAN_DENSITY_PER_KM2, URBAN_MINZOOM, urbanAreas, urbanRadiusKm } from './basemap-urban';
import { basemapLayers } from './style/basemap-layers';
import { DARK, LIGHT } from './style/palette';
import { airspaceAreaLayers } from './style/airspace-areas';

const city = (name: string, country: string, population: number, lon: number, lat: number) => ({ name, country, population, loc: { coordinates: [lon, lat] as [number, number] } });
const covers = (areas: Feature<MultiPolygon>[], lon: number, lat: number) => areas.some((a) => booleanPointInPolygon([lon, lat], a));

describe('urban radius', () => {
  it('is where the core kernel falls to 1,000 people per square mile', () => {
    expect(URBAN_DENSITY_PER_KM2).toBeCloseTo(386.1, 1);
    expect(urbanRadiusKm(1_000)).toBeLessThan(0.1);
    expect(urbanRadiusKm(20_000)).toBeCloseTo(1.91, 1);
    expect(urbanRadiusKm(100_000)).toBeCloseTo(4.71, 1);
    expect(urbanRadiusKm(750_000)).toBeCloseTo(12.3, 0);
    expect(urbanRadiusKm(500)).toBe(0);
  });
});

describe('urban areas', () => {
  it('draws a city as a disc cut to the land, and leaves out villages and places abroad', async () => {
    const areas = await urbanAreas([
      city('Seattle', 'US', 737_015, -122.33207, 47.60621),
      city('Atlanta', 'US', 498_715, -84.38798, 33.749),
      city('Hamlet', 'US', 900, -120.5, 46.5),
      city('Paris', 'FR', 2_138_551, 2.3488, 48.85341),
    ]);
    expect(areas.map((a) => a.properties!.name)).toEqual(['Seattle', 'Atlanta']);
    expect(covers(areas, -122.335, 47.608)).toBe(true); // downtown Seattle
    expect(covers(areas, -122.3, 47.68)).toBe(true); // Green Lake, 8 km north
    expect(covers(areas, -122.42, 47.6)).toBe(false); // Puget Sound off Elliott Bay: sea, not city
    expect(covers(areas, -84.39, 33.75)).toBe(true);
    expect(covers(areas, -84.39, 34.0)).toBe(false); // 28 km north of Atlanta's point, beyond its 11 km
  });

  it('is in basemap tiles from city zoom on, not below', async () => {
    await basemapReady(URBAN_MINZOOM + 2);
    // z10 tile over Seattle (x 164, y 357) and z6 over the Northwest.
    const z10 = decodeTile(basemapTiles().render({ z: 10, x: 164, y: 357 })!);
    expect(z10.landuse?.some((f) => f.name === 'Seattle' && f.class === 'urban')).toBe(true);
    const z6 = decodeTile(basemapTiles().render({ z: 6, x: 10, y: 22 })!);
    expect(z6.landuse).toBeUndefined();
  }, 120_000);
});

describe('the urban layer of the styles', () => {
  for (const [name, palette] of [
    ['light', LIGHT],
    ['dark', DARK],
  ] as const) {
    it(`lies over the land and under the water and every airspace layer (${name})`, () => {
      const ids = [...basemapLayers(palette), ...airspaceAreaLayers(palette)].map((l) => l.id);
      const at = ids.indexOf(BASEMAP_LAYER.urban);
      expect(at).toBeGreaterThan(ids.indexOf('land'));
      expect(at).toBeLessThan(ids.indexOf('water'));
      expect(at).toBeLessThan(ids.findIndex((id) => id.startsWith('airspace-')));
      const layer = basemapLayers(palette).find((l) => l.id === BASEMAP_LAYER.urban)!;
      expect(layer).toMatchObject({ minzoom: URBAN_MINZOOM, 'source-layer': 'landuse' });
      expect(palette.urban).not.toBe(palette.land);
    });
  }
});
