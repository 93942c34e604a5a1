/**
 * The tile sources this service serves and one entry point to render a tile of either, used by the
 * routes (through TileService's cache) and by the benchmark.
 */
import type { Dataset } from '../data/dataset';
import { AIRSPACE_LAYERS, AIRSPACE_MAXZOOM, airspaceTiles } from './airspace';
import { AIRSPACE_ZOOMS } from './airspace-features';
import { BASEMAP_ATTRIBUTION, BASEMAP_LAYERS, BASEMAP_MAXZOOM, BASEMAP_VERSION, basemapReady, basemapTile, basemapTiles, keptPartsMissing, loadBasemapOverview } from './basemap';
import { basemapPool } from '../workers/basemap-pool';
import type { TileCoord } from './tile-coords';

export type TileSourceName = 'basemap' | 'airspace';
export const TILE_SOURCES: readonly TileSourceName[] = ['basemap', 'airspace'];

export function isTileSource(s: string): s is TileSourceName {
  return (TILE_SOURCES as readonly string[]).includes(s);
}

export interface TileSourceInfo {
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  attribution: string;
  layers: readonly string[];
}

/** Web mercator stops at about 85.05 degrees north and south. */
const WORLD: [number, number, number, number] = [-180, -85.0511, 180, 85.0511];

/** The whole world for the basemap; for airspace the extent of the dataset (the world when empty). */
export function tileSourceInfo(source: TileSourceName, dataset: Dataset): TileSourceInfo {
  if (source === 'basemap') {
    return { minzoom: 0, maxzoom: BASEMAP_MAXZOOM, bounds: WORLD, attribution: BASEMAP_ATTRIBUTION, layers: BASEMAP_LAYERS };
  }
  const minzoom = Math.min(...Object.values(AIRSPACE_ZOOMS).map(([z]) => z));
  return { minzoom, maxzoom: AIRSPACE_MAXZOOM, bounds: datasetBounds(dataset), attribution: airspaceAttribution(dataset), layers: AIRSPACE_LAYERS };
}

function datasetBounds(dataset: Dataset): [number, number, number, number] {
  if (dataset.features.length === 0) return WORLD;
  let w = 180, s = 85.0511, e = -180, n = -85.0511;
  for (let i = 0; i < dataset.features.length; i++) {
    const [bw, bs, be, bn] = dataset.bbox(i);
    if (bw < w) w = bw;
    if (bs < s) s = bs;
    if (be > e) e = be;
    if (bn > n) n = bn;
  }
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
  return [clamp(w, -180, 180), clamp(s, -85.0511, 85.0511), clamp(e, -180, 180), clamp(n, -85.0511, 85.0511)];
}

function airspaceAttribution(dataset: Dataset): string {
  const names = [...new Set(dataset.sources.map((s) => s.attribution).filter(Boolean))];
  return names.length > 0 ? names.join('; ') : dataset.kind === 'sandbox' ? 'Sandbox airspace (generated, not for navigation)' : 'FAA';
}

/** What a tile's content depends on besides its address: ETags and cache keys are made from it. */
export function tileContentVersion(source: TileSourceName, dataset: Dataset, now: Date): string {
  return source === 'basemap' ? BASEMAP_VERSION : airspaceTiles(dataset).contentVersion(now.getTime());
}

/**
 * One tile as a Mapbox Vector Tile 2.1 (uncompressed), or null when it would be empty. Coordinates
 * must be valid (see parseTileCoord); basemap tiles need basemapReady() to have resolved. `now` decides which TFRs are active or still shown.
 */
export function renderTile(dataset: Dataset, source: TileSourceName, z: number, x: number, y: number, now: Date = new Date()): Uint8Array | null {
  const tile: TileCoord = { z, x, y };
  return source === 'basemap' ? basemapTile(tile) : airspaceTiles(dataset).render(tile, now.getTime());
}

/**
 * Deepest zoom whose parts the warm-up builds: the overview map (the whole country at z3-z5). Deeper
 * parts (the facility-map grid, county lines, lakes, runways) are built by the first tile that needs
 * them and kept in the part cache while tiles use them (tileset.ts).
 */
export const WARM_UP_MAXZOOM = 5;

/**
 * Builds the overview parts of the dataset's airspace now rather than at the first tiles that need them,
 * e.g. right after start or after a swap. The basemap's overview comes from its file in `dataDir`
 * (built there on the first start, basemap-overview.ts); without a data directory (tests, benches) its
 * overview parts are built instead.
 */
export async function warmUpTiles(dataset: Dataset, now: Date = new Date(), dataDir?: string): Promise<void> {
  // One part per turn of the event loop: requests arriving meanwhile wait for one part, not for all.
  await airspaceTiles(dataset).buildAllYielding(now.getTime(), WARM_UP_MAXZOOM);
  try {
    await basemapReady(WARM_UP_MAXZOOM);
    if (dataDir) {
      await loadBasemapOverview(dataDir);
      // A first start: the basemap worker makes the slowest deep parts now and keeps them, off the
      // event loop, so the first city-zoom view does not wait ~7 s for them (docs/perf.md, "Cold tiles").
      if (keptPartsMissing(dataDir)) {
        basemapPool()
          .prepare()
          .catch((err: unknown) => console.error('the basemap parts could not be prepared:', err instanceof Error ? err.message : err));
      }
    } else await basemapTiles().buildAllYielding(WARM_UP_MAXZOOM);
  } catch (err) {
    // Not fatal: basemap tiles are cut from the parts when asked, as before the warm-up.
    console.error('the basemap overview could not be prepared:', err instanceof Error ? err.message : err);
  }
}
