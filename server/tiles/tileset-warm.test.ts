// @isolated-modules: sizes the one part cache, which other files would have filled.
/**
 * Tile parts are built on demand: the warm-up builds the shallow ones one per turn of the event loop,
 * and the part cache is bounded, dropping the least recently used parts and rebuilding them when a
 * tile needs them again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Feature } from 'geojson';
import { lonLatToTile } from './tile-coords';
import { DEFAULT_PART_CACHE_BYTES, partBytes, partCacheStats, setPartCacheBytes, TileSet, type TilePart } from './tileset';

afterEach(() => setPartCacheBytes(DEFAULT_PART_CACHE_BYTES));

const point = (lon: number, lat: number, name: string): Feature => ({ type: 'Feature', properties: { name }, geometry: { type: 'Point', coordinates: [lon, lat] } });

describe('TileSet.buildAllYielding', () => {
  it('builds every part, letting queued work run between two parts', async () => {
    const log: string[] = [];
    const part = (name: string): TilePart => ({
      layer: name,
      minzoom: 0,
      features: () => {
        log.push(`build ${name}`);
        // Work that arrived while this part was built (a request): must run before the next part.
        setImmediate(() => log.push(`request after ${name}`));
        return [point(0, 0, name)];
      },
    });
    const set = new TileSet([part('a'), part('b'), part('c')]);
    await set.buildAllYielding();
    expect(log).toEqual(['build a', 'request after a', 'build b', 'request after b', 'build c', 'request after c']);
    // Built once: a tile after the warm-up builds nothing more.
    set.render({ z: 0, x: 0, y: 0 });
    expect(log.filter((l) => l.startsWith('build'))).toHaveLength(3);
  });

  it('up to a zoom builds only the parts drawn there; deeper ones wait for a tile that needs them', async () => {
    let deepBuilds = 0;
    const shallow: TilePart = { layer: 'a', minzoom: 0, features: () => [point(1, 1, 'a')] };
    const deep: TilePart = { layer: 'b', minzoom: 9, features: () => (deepBuilds++, [point(1, 1, 'b')]) };
    const set = new TileSet([shallow, deep]);
    await set.buildAllYielding(5);
    expect(set.isBuilt(shallow)).toBe(true);
    expect(set.isBuilt(deep)).toBe(false);
    expect(deepBuilds).toBe(0);
    expect(set.render(lonLatToTile(1, 1, 9))).not.toBeNull();
    expect(deepBuilds).toBe(1);
  });
});

describe('part cache', () => {
  const counting = (layer: string, features: Feature[], builds: Map<string, number>): TilePart => ({
    layer,
    minzoom: 0,
    features: () => {
      builds.set(layer, (builds.get(layer) ?? 0) + 1);
      return features;
    },
  });

  it('drops the least recently used parts past its bound, and a tile cut after eviction is the same', () => {
    const builds = new Map<string, number>();
    const a = [point(-122.3, 47.5, 'Seattle'), point(-77, 38.9, 'Washington')];
    const b = [point(-100, 40, 'Middle')];
    const c = [point(-90, 30, 'South')];
    // Room for about two of the three parts.
    setPartCacheBytes(partBytes(a) + partBytes(b) + 10);
    const one = new TileSet([counting('a', a, builds), counting('b', b, builds)]);
    const other = new TileSet([counting('c', c, builds)]);
    const tile = { z: 0, x: 0, y: 0 };
    const first = one.render(tile);
    expect(first).not.toBeNull();
    expect(partCacheStats().parts).toBe(2);
    // A third part from another tile set pushes out the least recently used one (a).
    other.render(tile);
    expect(one.isBuilt(one.parts[0]!)).toBe(false);
    expect(partCacheStats().bytes).toBeLessThanOrEqual(partCacheStats().maxBytes);
    // Cut again: a is rebuilt, and the tile is byte for byte the tile of before the eviction.
    const again = one.render(tile);
    expect(Buffer.from(again!).equals(Buffer.from(first!))).toBe(true);
    expect(builds.get('a')).toBe(2);
    expect(builds.get('c')).toBe(1);
  });

  it('a part bigger than the whole bound still draws its tile (it is only not kept)', () => {
    const builds = new Map<string, number>();
    const big = Array.from({ length: 50 }, (_, i) => point(-120 + i, 40, `p${i}`));
    setPartCacheBytes(partBytes(big) - 1);
    const set = new TileSet([counting('big', big, builds)]);
    const tile = set.render({ z: 0, x: 0, y: 0 });
    expect(tile).not.toBeNull();
    expect(set.isBuilt(set.parts[0]!)).toBe(false);
    expect(Buffer.from(set.render({ z: 0, x: 0, y: 0 })!).equals(Buffer.from(tile!))).toBe(true);
    expect(builds.get('big')).toBe(2);
  });

  it('estimates more bytes for more positions and features', () => {
    const line: Feature = { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[0, 0], [1, 1], [2, 2]] } };
    expect(partBytes([line])).toBeGreaterThan(partBytes([point(0, 0, 'x')]));
    expect(partBytes([line, line])).toBeGreaterThan(partBytes([line]));
  });
});
