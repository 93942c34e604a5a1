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
