/**
 * Only the runway rows are kept once read: the airfield parts make their features from them and pack
 * them (12.8 MB of GeoJSON held for good before, docs/perf.md). Tiles at city zoom are those cut from
 * the GeoJSON held as it was, byte for byte.
 */
import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import { AIRFIELD_MINZOOM, basemapReady, basemapTiles } from './basemap';
import { loadedAirfields } from './basemap-airfields';
import { lonLatToTile } from './tile-coords';
import { TileSet, type TilePart } from './tileset';

describe('the airfield parts', () => {
  it('make fresh features from the rows each time, and cut the tiles the held GeoJSON cut', async () => {
    await basemapReady();
    const a = loadedAirfields();
    const b = loadedAirfields();
    expect(a.runways.length).toBeGreaterThan(5_000);
    // Not held: each call makes its own objects, with the same content.
    expect(a.runways[0]).not.toBe(b.runways[0]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));

    const aeroway = basemapTiles().parts.filter((p) => p.layer === 'aeroway');
    expect(aeroway).toHaveLength(3);
    expect(aeroway.every((p) => p.minzoom >= AIRFIELD_MINZOOM && !p.sharedGeometry)).toBe(true);
    // The parts as they were: the GeoJSON held once, shared with the part (not packed).
    const held: Record<string, Feature[]> = { 0: a.outlines, 1: a.runways, 2: a.labels };
    const reference = new TileSet(aeroway.map((p, i): TilePart => ({ ...p, features: () => held[i]!, sharedGeometry: true })));
    const now = new TileSet(aeroway);
    let nonEmpty = 0;
    for (const [lon, lat] of [[-122.3016, 47.53], [-77.0365, 38.8977], [-77.0377, 38.8512]] as const) {
      for (let z = AIRFIELD_MINZOOM; z <= 14; z++) {
        const c = lonLatToTile(lon, lat, z);
        for (let dx = -1; dx <= 1; dx++) {
          for (let dy = -1; dy <= 1; dy++) {
            const t = { z, x: c.x + dx, y: c.y + dy };
            const want = reference.render(t);
            const got = now.render(t);
            expect(got && Buffer.from(got), `${z}/${t.x}/${t.y}`).toEqual(want && Buffer.from(want));
            if (want) nonEmpty++;
          }
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(40);
  }, 120_000);
});
