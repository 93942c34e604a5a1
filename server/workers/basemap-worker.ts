/**
 * The basemap's worker thread (basemap-pool.ts): cuts basemap tiles deeper than the overview file, so
 * the parts they are cut from (the urban areas' model, lakes, land, borders, labels, the airfields read)
 * are built and held here, not on the main thread where every request waited behind them (docs/perf.md,
 * "Cold tiles off the event loop"). The tiles are those the main thread would cut: the same code on
 * the same data. Bundled by scripts/build-server.mjs to dist/server/basemap-worker.js; from sources it
 * is loaded through basemap-worker.dev.mjs, which registers tsx first.
 */
import Piscina from 'piscina';
import { basemapReady, basemapTiles, prepareKeptParts, useBasemapPartFiles } from '../tiles/basemap';
import type { TileCoord } from '../tiles/tile-coords';

// The data directory where the slowest parts' features are kept (basemap-files.ts), from the main thread.
useBasemapPartFiles((Piscina.workerData as { dataDir?: string | null } | undefined)?.dataDir ?? null);

/** A tile to cut, or the slowest parts to make and keep in the data directory (after a first start). */
export type BasemapTask = TileCoord | { prepare: 'kept-parts' };

export default async function basemapWorker(task: BasemapTask): Promise<Uint8Array | null> {
  if ('prepare' in task) {
    await prepareKeptParts();
    return null;
  }
  const tile = task;
  await basemapReady(tile.z);
  return basemapTiles().render(tile);
}
