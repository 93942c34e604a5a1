// @isolated-modules: measures the heap, which the modules other files left would change.
/** Tile parts pack the geometry they own: the same GeoJSON back, the same tiles, a fraction of the heap. */
import { afterEach, describe, expect, it } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Feature, Geometry } from 'geojson';
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { PackedFeatures } from './packed-features';
import { DEFAULT_PART_CACHE_BYTES, encodeLayers, setPartCacheBytes, TILE_BUFFER, TILE_EXTENT, TileSet } from './tileset';

afterEach(() => setPartCacheBytes(DEFAULT_PART_CACHE_BYTES));

const feature = (geometry: Geometry, properties: Record<string, unknown> = {}, id?: number): Feature => ({ type: 'Feature', ...(id !== undefined ? { id } : {}), properties, geometry });
const ring = (x: number, y: number, d: number) => [[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]];

const ALL: Feature[] = [
  feature({ type: 'Point', coordinates: [-122.3, 47.5] }, { name: 'a', minzoom: 3 }, 7),
  feature({ type: 'MultiPoint', coordinates: [[-100, 40], [-101.5, 40.25]] }),
  feature({ type: 'LineString', coordinates: [[-90, 30], [-89, 31], [-88.123456789, 31.987654321]] }, { kind: 'line' }),
  feature({ type: 'MultiLineString', coordinates: [[[-80, 35], [-79, 36]], [[-78, 35], [-77, 34], [-76, 33]]] }),
  feature({ type: 'Polygon', coordinates: [ring(-110, 35, 4), ring(-109, 36, 1)] }, { hole: true }),
  feature({ type: 'MultiPolygon', coordinates: [[ring(-120, 40, 2)], [ring(-115, 41, 3), ring(-114, 42, 0.5)], [ring(-0.0, -0.0, 1)]] }, { many: 3 }),
];
const EMPTY_LINE = feature({ type: 'LineString', coordinates: [] });

describe('PackedFeatures', () => {
  it('gives back each feature as it was: type, id, properties and every coordinate', () => {
    const packed = PackedFeatures.pack([...ALL, EMPTY_LINE])!;
    expect(packed.length).toBe(ALL.length + 1);
    [...ALL, EMPTY_LINE].forEach((f, i) => {
      expect(packed.feature(i)).toEqual(f);
      expect(packed.shell(i).properties).toBe(f.properties);
    });
    // Fresh arrays each time: a consumer that changes one cannot change the part.
    expect(packed.feature(2).geometry).not.toBe(packed.feature(2).geometry);
    expect(Object.is((packed.feature(5).geometry as { coordinates: number[][][][] }).coordinates[2]![0]![0]![0], -0)).toBe(true);
  });

  it('leaves alone what it cannot pack as is: collections and positions with an altitude', () => {
    expect(PackedFeatures.pack([...ALL, feature({ type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [0, 0] }] })])).toBeNull();
    expect(PackedFeatures.pack([feature({ type: 'LineString', coordinates: [[0, 0, 10], [1, 1, 10]] })])).toBeNull();
  });
});

describe('tile parts with packed geometry', () => {
  it('cut the same tiles as the GeoJSON they were made from', () => {
    const set = new TileSet([{ layer: 'x', minzoom: 0, features: () => structuredClone(ALL) }]);
    for (const tile of [{ z: 0, x: 0, y: 0 }, { z: 3, x: 1, y: 2 }, { z: 4, x: 3, y: 5 }]) {
      const direct = geoJSONToTile({ type: 'FeatureCollection', features: ALL.filter((f) => ((f.properties?.minzoom as number | undefined) ?? 0) <= tile.z) }, tile.z, tile.x, tile.y, {
        extent: TILE_EXTENT, buffer: TILE_BUFFER, maxZoom: 12, tolerance: 3, clip: true, wrap: false,
      });
      const expected = direct && direct.features.length > 0 ? encodeLayers({ x: direct }) : null;
      const got = set.render(tile);
      expect(got === null ? null : Buffer.from(got).toString('base64')).toBe(expected === null ? null : Buffer.from(expected).toString('base64'));
    }
  });

  it('hold a part of 20,000 polygons in well under half the heap of its GeoJSON', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    };
    // Lakes-like: 20,000 polygons of 24 vertices, each a fresh GeoJSON from the producer.
    const make = () => Array.from({ length: 20_000 }, (_, i) => {
      const x = -125 + (i % 200) * 0.3, y = 25 + Math.floor(i / 200) * 0.2;
      const coords = Array.from({ length: 23 }, (_, k) => [x + 0.1 * Math.cos(k / 3.7), y + 0.1 * Math.sin(k / 3.7)]);
      return feature({ type: 'Polygon', coordinates: [[...coords, coords[0]!]] }, { name: `lake ${i}` });
    });
    const base = heap();
    const geojson = make();
    const geojsonBytes = heap() - base;
    expect(geojson).toHaveLength(20_000);
    geojson.length = 0;
    const before = heap();
    const set = new TileSet([{ layer: 'water', minzoom: 0, features: make }]);
    set.buildAll();
    const partBytes = heap() - before;
    expect(set.isBuilt(set.parts[0]!)).toBe(true);
    // GeoJSON: ~40 MB; packed (with the shells, properties and the spatial index): ~8 MB.
    expect(geojsonBytes).toBeGreaterThan(25 * 1024 * 1024);
    expect(partBytes).toBeLessThan(geojsonBytes / 3);
  }, 60_000);
});

describe('a part built in slices (prepare)', () => {
  it('packs each slice as it is made: the GeoJSON of the slices before is not held', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const N = 40_000;
    const made = (i: number) => feature({ type: 'Polygon', coordinates: [ring(-125 + (i % 200) * 0.3, 25 + Math.floor(i / 200) * 0.1, 0.05)] }, { i });
    let first: WeakRef<Feature>[] = [];
    let madeSoFar = 0;
    const part = {
      layer: 'x', minzoom: 0,
      features: () => Array.from({ length: N }, (_, i) => made(i)),
      slices: {
        count: N,
        slice: (from: number, to: number) => {
          const out = Array.from({ length: to - from }, (_, k) => made(from + k));
          if (from === 0) first = out.map((f) => new WeakRef(f));
          madeSoFar = to;
          return out;
        },
      },
    };
    const set = new TileSet([part]);
    // Between slices (another job, so the first slice's WeakRefs are not held for the job that made them),
    // how many of the first slice's features are alive after a full collection.
    const alive: number[] = [];
    const timer = setInterval(() => {
      if (madeSoFar === 0 || madeSoFar === N) return;
      gc();
      alive.push(first.filter((r) => r.deref() !== undefined).length);
    }, 1);
    try {
      await set.prepare(0);
    } finally {
      clearInterval(timer);
    }
    expect(set.isBuilt(part)).toBe(true);
    // Built in one go the GeoJSON of all slices was held until the end (every one of the first slice's alive).
    expect(alive.length, 'looks between slices').toBeGreaterThan(0);
    expect(first.length).toBeGreaterThan(0);
    expect(alive.every((n) => n === 0), `alive between slices: ${alive.join(', ')}`).toBe(true);
    // And the part is the same: it cuts the tile a part built at once cuts.
    setPartCacheBytes(DEFAULT_PART_CACHE_BYTES);
    const atOnce = new TileSet([{ layer: 'x', minzoom: 0, features: part.features }]);
    for (const tile of [{ z: 3, x: 1, y: 2 }, { z: 6, x: 10, y: 24 }]) {
      const a = atOnce.render(tile), b = set.render(tile);
      expect(a).not.toBeNull();
      expect(Buffer.from(b!).equals(Buffer.from(a!))).toBe(true);
    }
  }, 60_000);

  it('keeps the part as GeoJSON when a later slice has a feature it cannot pack: the same tiles', async () => {
    const collection = feature({ type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [-100.5, 40.5] }, { type: 'LineString', coordinates: [[-101, 40], [-100, 41]] }] }, { gc: 1 });
    const all: Feature[] = [...ALL, collection, ...ALL.map((f) => ({ ...f, properties: { ...f.properties, again: true } }))];
    const sliced = new TileSet([{ layer: 'x', minzoom: 0, features: () => structuredClone(all), slices: { count: all.length, slice: (a: number, b: number) => structuredClone(all.slice(a, b)) } }]);
    await sliced.prepare(0);
    for (const tile of [{ z: 0, x: 0, y: 0 }, { z: 3, x: 1, y: 2 }, { z: 4, x: 3, y: 5 }]) {
      const direct = geoJSONToTile({ type: 'FeatureCollection', features: all.filter((f) => ((f.properties?.minzoom as number | undefined) ?? 0) <= tile.z) }, tile.z, tile.x, tile.y, {
        extent: TILE_EXTENT, buffer: TILE_BUFFER, maxZoom: 12, tolerance: 3, clip: true, wrap: false,
      });
      const expected = direct && direct.features.length > 0 ? encodeLayers({ x: direct }) : null;
      const got = sliced.render(tile);
      expect(got === null ? null : Buffer.from(got).toString('base64')).toBe(expected === null ? null : Buffer.from(expected).toString('base64'));
    }
  });
});
