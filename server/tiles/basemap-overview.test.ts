// @isolated-modules: counts the basemap parts built, which other files would have built.
/**
 * The basemap's overview built once into the data directory: a tile from the file is the tile the parts
 * cut, byte for byte; a warm start builds no basemap part and reads no airfield; a damaged or outdated
 * file is rebuilt.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadedAirfields } from './basemap-airfields';
import { BASEMAP_VERSION, basemapReady, basemapTile, basemapTiles, forgetBasemapOverview, loadBasemapOverview, OVERVIEW_MAXZOOM, overviewFile, useBasemapOverview } from './basemap';
import { OverviewTiles } from './basemap-overview';
import type { TileCoord } from './tile-coords';

const dir = mkdtempSync(path.join(tmpdir(), 'skyplan-overview-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => forgetBasemapOverview());

/** Every tile of z0–z3, and every fifth tile of z4 and z5 (a spread over the whole grid). */
function sample(): TileCoord[] {
  const out: TileCoord[] = [];
  let k = 0;
  for (let z = 0; z <= OVERVIEW_MAXZOOM; z++) {
    for (let x = 0; x < 2 ** z; x++) for (let y = 0; y < 2 ** z; y++) if (z <= 3 || k++ % 5 === 0) out.push({ z, x, y });
  }
  return out;
}

const builtBasemapParts = () => basemapTiles().parts.filter((p) => basemapTiles().isBuilt(p)).length;

describe('the overview file', () => {
  it('a first start builds it without the airfields, drops the parts it cut from, and serves the tiles the parts cut', async () => {
    await basemapReady(OVERVIEW_MAXZOOM);
    const overview = await loadBasemapOverview(dir);
    // The overview reads no airfield: they are drawn from z10 only.
    expect(() => loadedAirfields()).toThrow(/not loaded/);
    expect(builtBasemapParts()).toBe(0);
    expect(overview.byteLength).toBeGreaterThan(500_000);

    const fromFile = sample().map((t) => basemapTile(t));
    forgetBasemapOverview();
    const tiles = sample();
    let nonEmpty = 0;
    tiles.forEach((t, i) => {
      const live = basemapTiles().render(t);
      expect(fromFile[i] === null ? null : Buffer.from(fromFile[i]!), `${t.z}/${t.x}/${t.y}`).toEqual(live === null ? null : Buffer.from(live));
      if (live) nonEmpty++;
    });
    expect(nonEmpty).toBeGreaterThan(100);
    basemapTiles().release();
  });

  it('a warm start reads it and builds no basemap part; deeper tiles are cut from the parts', async () => {
    const overview = await loadBasemapOverview(dir);
    expect(builtBasemapParts()).toBe(0);
    const z4 = basemapTile({ z: 4, x: 2, y: 5 });
    expect(z4).not.toBeNull();
    expect(Buffer.from(z4!)).toEqual(Buffer.from(overview.get({ z: 4, x: 2, y: 5 })!));
    expect(builtBasemapParts()).toBe(0);
    // Deeper than the file: cut live (the land parts are built for it).
    expect(overview.get({ z: 6, x: 10, y: 22 })).toBeUndefined();
    expect(basemapTile({ z: 6, x: 10, y: 22 })).not.toBeNull();
    expect(builtBasemapParts()).toBeGreaterThan(0);
    basemapTiles().release();
  });

  it('the first overview tile asked reads the file, before any warm-up: no part is built for it', () => {
    useBasemapOverview(dir);
    const stored = OverviewTiles.read(overviewFile(dir), BASEMAP_VERSION, OVERVIEW_MAXZOOM)!;
    expect(Buffer.from(basemapTile({ z: 3, x: 1, y: 2 })!)).toEqual(Buffer.from(stored.get({ z: 3, x: 1, y: 2 })!));
    expect(builtBasemapParts()).toBe(0);
  });

  it('without a file yet (a first start) tiles are cut from the parts', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'skyplan-overview-none-'));
    try {
      useBasemapOverview(empty);
      expect(basemapTile({ z: 3, x: 1, y: 2 })).not.toBeNull();
      expect(builtBasemapParts()).toBeGreaterThan(0);
      basemapTiles().release();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('a file of another version, another zoom or damaged is not read', () => {
    const bytes = readFileSync(overviewFile(dir));
    expect(OverviewTiles.decode(bytes, BASEMAP_VERSION, OVERVIEW_MAXZOOM)).not.toBeNull();
    expect(OverviewTiles.decode(bytes, `${BASEMAP_VERSION}x`, OVERVIEW_MAXZOOM)).toBeNull();
    expect(OverviewTiles.decode(bytes, BASEMAP_VERSION, OVERVIEW_MAXZOOM - 1)).toBeNull();
    expect(OverviewTiles.decode(bytes.subarray(0, bytes.length - 1), BASEMAP_VERSION, OVERVIEW_MAXZOOM)).toBeNull();
    expect(OverviewTiles.decode(bytes.subarray(0, 100), BASEMAP_VERSION, OVERVIEW_MAXZOOM)).toBeNull();
    expect(OverviewTiles.decode(Buffer.from('not an overview'), BASEMAP_VERSION, OVERVIEW_MAXZOOM)).toBeNull();
    // One byte of one tile changed: the table still adds up, only the checksum sees it.
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 5] = flipped[flipped.length - 5]! ^ 0xff;
    expect(OverviewTiles.decode(flipped, BASEMAP_VERSION, OVERVIEW_MAXZOOM)).toBeNull();
  });

  it('encodes empty and non-empty tiles apart, and off-grid addresses are not in it', () => {
    const tiles = [new Uint8Array([1, 2, 3]), null, new Uint8Array([4]), new Uint8Array([5, 6]), null];
    const decoded = OverviewTiles.decode(OverviewTiles.encode('v', 1, tiles), 'v', 1)!;
    const o = { get: (t: TileCoord) => { const b = decoded.get(t); return b ? new Uint8Array(b) : b; } };
    expect(o.get({ z: 0, x: 0, y: 0 })).toEqual(new Uint8Array([1, 2, 3]));
    expect(o.get({ z: 1, x: 0, y: 0 })).toBeNull();
    expect(o.get({ z: 1, x: 0, y: 1 })).toEqual(new Uint8Array([4]));
    expect(o.get({ z: 1, x: 1, y: 0 })).toEqual(new Uint8Array([5, 6]));
    expect(o.get({ z: 1, x: 1, y: 1 })).toBeNull();
    expect(o.get({ z: 1, x: 2, y: 0 })).toBeUndefined();
    expect(o.get({ z: 2, x: 0, y: 0 })).toBeUndefined();
    expect(() => OverviewTiles.encode('v', 1, tiles.slice(1))).toThrow(/5 tiles/);
  });

  it('a damaged file is rebuilt', async () => {
    writeFileSync(overviewFile(dir), 'damaged');
    const rebuilt = await loadBasemapOverview(dir);
    expect(rebuilt.get({ z: 0, x: 0, y: 0 })).not.toBeNull();
    expect(OverviewTiles.read(overviewFile(dir), BASEMAP_VERSION, OVERVIEW_MAXZOOM)).not.toBeNull();
  }, 120_000);
});
