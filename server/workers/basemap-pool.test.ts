/**
 * The basemap worker cuts the tiles the main thread would cut, byte for byte, and exits when idle so its
 * parts' memory goes back.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { basemapReady, basemapTiles } from '../tiles/basemap';
import { lonLatToTile, type TileCoord } from '../tiles/tile-coords';
import { loadFactor } from '../../test/helpers/load';
import { BasemapPool } from './basemap-pool';

/** 3×3 tiles at each of z10–z14 around KBFI and the White House: runways, lakes, urban areas, labels. */
function sample(): TileCoord[] {
  const out: TileCoord[] = [];
  for (const [lon, lat] of [[-122.302, 47.53], [-77.0365, 38.8977]] as const) {
    for (let z = 10; z <= 14; z++) {
      const c = lonLatToTile(lon, lat, z);
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) out.push({ z, x: c.x + dx, y: c.y + dy });
    }
  }
  return out;
}

const sha1 = (tiles: Array<Uint8Array | null>) => {
  const h = createHash('sha1');
  for (const t of tiles) h.update(t ? Buffer.from(t.buffer, t.byteOffset, t.byteLength) : Buffer.from('-'));
  return h.digest('hex');
};

const IDLE_MS = 300;
const pool = new BasemapPool(IDLE_MS);
afterAll(() => pool.close());

describe('the basemap worker', () => {
  it('cuts every tile as the main thread does, then exits once idle', async () => {
    const tiles = sample();
    const fromWorker = await Promise.all(tiles.map((t) => pool.render(t)));
    await basemapReady();
    const here = tiles.map((t) => basemapTiles().render(t));
    expect(fromWorker.filter((t) => t !== null).length).toBeGreaterThan(tiles.length / 2);
    for (let i = 0; i < tiles.length; i++) expect(fromWorker[i] ? Buffer.from(fromWorker[i]!) : null, JSON.stringify(tiles[i])).toEqual(here[i] ? Buffer.from(here[i]!) : null);
    expect(sha1(fromWorker)).toBe(sha1(here));

    // Idle: the thread ends and its parts with it.
    const deadline = Date.now() + IDLE_MS + 5_000 * loadFactor();
    while (pool.threads > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(pool.threads).toBe(0);
    // A later tile starts a new thread.
    expect(await pool.render(tiles[0]!)).not.toBeNull();
  }, 300_000);
});
