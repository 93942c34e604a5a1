/**
 * Writes a tiny PMTiles v3 archive for the tests (spec: github.com/protomaps/PMTiles, v3): a 127-byte
 * header, a gzip'd root directory, JSON metadata, and gzip'd vector tiles. No leaf directories.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Feature } from 'geojson';
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { zxyToTileId } from 'pmtiles';

function varint(n: number, out: number[]): void {
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

/** One vector tile holding the features under `layer`, gzip'd as archives store them. */
export function mvt(layer: string, features: Feature[], z: number, x: number, y: number): Buffer {
  const cut = geoJSONToTile({ type: 'FeatureCollection', features }, z, x, y, { extent: 4096, buffer: 64, maxZoom: z, tolerance: 0, clip: true, wrap: false });
  return gzipSync(fromGeojsonVt({ [layer]: cut }, { version: 2, extent: 4096 }));
}

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** Gzip'd MVT bytes. */
  data: Buffer;
}

export function writePmtiles(file: string, tiles: ArchiveTile[], opts: { minzoom: number; maxzoom: number; attribution?: string; tileType?: number }): void {
  const entries = tiles.map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((e) => {
    const p = { ...e, offset };
    offset += e.data.length;
    return p;
  });
  const dir: number[] = [];
  varint(placed.length, dir);
  let last = 0;
  for (const e of placed) {
    varint(e.id - last, dir);
    last = e.id;
  }
  for (let i = 0; i < placed.length; i++) varint(1, dir);
  for (const e of placed) varint(e.data.length, dir);
  // Offsets are stored +1; 0 means "right after the previous tile", which every tile here is but the first.
  placed.forEach((e, i) => varint(i === 0 ? e.offset + 1 : 0, dir));
  const root = gzipSync(Buffer.from(dir));
  const meta = gzipSync(Buffer.from(JSON.stringify({ name: 'test streets', attribution: opts.attribution ?? 'Test streets', vector_layers: [] })));
  const data = Buffer.concat(placed.map((e) => e.data));

  const h = Buffer.alloc(127);
  h.write('PMTiles', 0, 'ascii');
  h.writeUInt8(3, 7);
  const u64 = (pos: number, v: number) => h.writeBigUInt64LE(BigInt(v), pos);
  const rootOffset = 127, metaOffset = rootOffset + root.length, dataOffset = metaOffset + meta.length;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metaOffset);
  u64(32, meta.length);
  u64(40, dataOffset); // no leaf directories: offset anywhere, length 0
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, data.length);
  u64(72, placed.length);
  u64(80, placed.length);
  u64(88, placed.length);
  h.writeUInt8(1, 96); // clustered
  h.writeUInt8(2, 97); // internal compression: gzip
  h.writeUInt8(2, 98); // tile compression: gzip
  h.writeUInt8(opts.tileType ?? 1, 99); // 1: MVT
  h.writeUInt8(opts.minzoom, 100);
  h.writeUInt8(opts.maxzoom, 101);
  const e7 = (pos: number, v: number) => h.writeInt32LE(Math.round(v * 1e7), pos);
  e7(102, -180);
  e7(106, -85);
  e7(110, 180);
  e7(114, 85);
  h.writeUInt8(opts.minzoom, 118);
  e7(119, -122.3);
  e7(123, 47.5);
  writeFileSync(file, Buffer.concat([h, root, meta, data]));
}
