/**
 * The basemap worker makes the slow parts (urban areas, lakes) and keeps them in the data directory, exits
 * when idle so its parts' memory goes back, and a new thread cuts from the kept parts the tiles the main
 * thread cuts from parts it makes, byte for byte.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { featuresFile } from '../tiles/basemap-files';
import { basemapReady, basemapTiles } from '../tiles/basemap';
import { lonLatToTile, type TileCoord } from '../tiles/tile-coords';
import { loadFactor } from '../../test/helpers/load';
import { ApiError } from '../http/errors';
import { BASEMAP_QUEUE, BasemapPool } from './basemap-pool';

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
const dir = mkdtempSync(path.join(tmpdir(), 'skyplan-basemap-worker-'));
const pool = new BasemapPool(IDLE_MS, dir);
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const same = (a: Array<Uint8Array | null>, b: Array<Uint8Array | null>, tiles: TileCoord[]) => {
  for (let i = 0; i < tiles.length; i++) expect(a[i] ? Buffer.from(a[i]!) : null, JSON.stringify(tiles[i])).toEqual(b[i] ? Buffer.from(b[i]!) : null);
  expect(sha1(a)).toBe(sha1(b));
};

describe('the basemap worker', () => {
  it('keeps the slow parts, exits once idle, and a new thread cuts from them the tiles the main thread cuts', async () => {
    const tiles = sample();
    // A first start's warm-up: the worker makes the urban areas and the lakes, and keeps them.
    await pool.prepare();
    expect(existsSync(featuresFile(dir, 'urban'))).toBe(true);
    expect(existsSync(featuresFile(dir, 'lakes'))).toBe(true);

    // Idle: the thread ends and its parts with it.
    const deadline = Date.now() + IDLE_MS + 5_000 * loadFactor();
    while (pool.threads > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(pool.threads).toBe(0);

    // A later tile starts a new thread, which reads the kept parts.
    const read = await Promise.all(tiles.map((t) => pool.render(t)));

    // This thread, no data directory: every part made here.
    await basemapReady();
    const here = tiles.map((t) => basemapTiles().render(t));
    expect(here.filter((t) => t !== null).length).toBeGreaterThan(tiles.length / 2);
    same(read, here, tiles);
  }, 300_000);

  it('answers 503 with Retry-After once more tiles wait than the queue holds, and cuts the rest', async () => {
    const c = lonLatToTile(-122.302, 47.53, 14);
    const tiles: TileCoord[] = [];
    for (let i = 0; tiles.length < BASEMAP_QUEUE + 200; i++) tiles.push({ z: 14, x: c.x - 15 + (i % 30), y: c.y - 15 + Math.floor(i / 30) });
    const outcomes = await Promise.allSettled(tiles.map((t) => pool.render(t)));
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason as unknown);
    expect(refused.length).toBeGreaterThan(0);
    for (const e of refused) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(503);
      expect((e as ApiError).headers).toEqual({ 'Retry-After': '1' });
    }
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(BASEMAP_QUEUE);
  }, 300_000);
});
