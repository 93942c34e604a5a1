/**
 * The basemap's overview tiles (z0–z5, the whole world: 1,365 tiles, ~1.6 MB encoded) built once into
 * one file in the data directory, so a warm start serves them from that file instead of building the
 * parts they are cut from (land, lakes, borders, place labels: ~20 MB of heap with the parsed topologies).
 * The file holds the bytes the tile set renders, so a tile from it is the tile cut live, byte for byte;
 * its header names the basemap version it was cut from, and a file of another version is rebuilt.
 *
 * Format (little-endian): "SKYOVR02", u32 length and the UTF-8 version, u32 max zoom, the SHA-1 of
 * the tiles' bytes (20 bytes: a damaged file is seen and rebuilt, not served), then one (u32 offset,
 * u32 length) per tile in (z, x, y) order, offsets from the end of that table; length 0 is an empty
 * tile (answered 204). The file is written to a temporary name and renamed, so instances sharing
 * a data directory never read half a file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TileCoord } from './tile-coords';
import { nextTurn } from './tileset';

const MAGIC = 'SKYOVR02';
const SHA1_BYTES = 20;

const sha1 = (chunks: readonly Uint8Array[]): Buffer => {
  const h = createHash('sha1');
  for (const c of chunks) h.update(c);
  return h.digest();
};

/** Tiles of zooms 0..maxZoom: (4^(maxZoom+1) − 1) / 3. */
function tileCount(maxZoom: number): number {
  return (4 ** (maxZoom + 1) - 1) / 3;
}

/** The tile's slot in the file's table: zooms in order, then x, then y. */
function slot({ z, x, y }: TileCoord): number {
  return tileCount(z - 1) + x * 2 ** z + y;
}

export class OverviewTiles {
  private constructor(
    readonly version: string,
    readonly maxZoom: number,
    private readonly table: Uint32Array,
    private readonly bodies: Buffer,
  ) {}

  /**
   * The stored tile: its bytes, null when it is empty, undefined when it is not in the file (deeper than
   * its zoom, or off the grid). The bytes are a view into the file's buffer: callers must not write them.
   */
  get(tile: TileCoord): Uint8Array | null | undefined {
    const { z, x, y } = tile;
    if (z < 0 || z > this.maxZoom || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) return undefined;
    const i = slot(tile);
    const length = this.table[2 * i + 1]!;
    return length === 0 ? null : this.bodies.subarray(this.table[2 * i]!, this.table[2 * i]! + length);
  }

  /** Bytes held (the encoded tiles and the table). */
  get byteLength(): number {
    return this.bodies.byteLength + this.table.byteLength;
  }

  /** Encodes tiles as the file's bytes (see the format above). */
  static encode(version: string, maxZoom: number, tiles: ReadonlyArray<Uint8Array | null>): Buffer {
    const n = tileCount(maxZoom);
    if (tiles.length !== n) throw new Error(`an overview to z${maxZoom} has ${n} tiles, got ${tiles.length}`);
    const v = Buffer.from(version, 'utf8');
    const bodies = tiles.filter((t): t is Uint8Array => t !== null && t.byteLength > 0);
    const head = Buffer.alloc(MAGIC.length + 4 + v.length + 4 + SHA1_BYTES + 8 * n);
    let o = head.write(MAGIC, 0, 'latin1');
    o = head.writeUInt32LE(v.length, o);
    o += v.copy(head, o);
    o = head.writeUInt32LE(maxZoom, o);
    o += sha1(bodies).copy(head, o);
    let offset = 0;
    for (const t of tiles) {
      const length = t?.byteLength ?? 0;
      o = head.writeUInt32LE(offset, o);
      o = head.writeUInt32LE(length, o);
      offset += length;
    }
    return Buffer.concat([head, ...bodies]);
  }

  /** Reads the file's bytes; null when they are not an overview of this version and zoom (any damage included). */
  static decode(file: Buffer, version: string, maxZoom: number): OverviewTiles | null {
    if (file.length < MAGIC.length + 8 || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
    let o = MAGIC.length;
    const vLength = file.readUInt32LE(o);
    o += 4;
    if (o + vLength + 4 > file.length || file.toString('utf8', o, o + vLength) !== version) return null;
    o += vLength;
    if (file.readUInt32LE(o) !== maxZoom) return null;
    o += 4;
    const digest = file.subarray(o, o + SHA1_BYTES);
    o += SHA1_BYTES;
    const n = tileCount(maxZoom);
    if (o + 8 * n > file.length) return null;
    const table = new Uint32Array(2 * n);
    for (let i = 0; i < 2 * n; i++, o += 4) table[i] = file.readUInt32LE(o);
    const bodies = file.subarray(o);
    let expected = 0;
    for (let i = 0; i < n; i++) {
      if (table[2 * i] !== expected) return null;
      expected += table[2 * i + 1]!;
    }
    if (expected !== bodies.length || !sha1([bodies]).equals(digest)) return null;
    return new OverviewTiles(version, maxZoom, table, bodies);
  }

  /** The overview file in a data directory, or null when it is missing or not of this version. */
  static read(file: string, version: string, maxZoom: number): OverviewTiles | null {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return null;
    }
    return OverviewTiles.decode(bytes, version, maxZoom);
  }

  /**
   * Renders every tile of zooms 0..maxZoom, one tile per turn of the event loop (requests are answered
   * between two), writes the file and returns what it holds.
   */
  static async build(file: string, version: string, maxZoom: number, render: (tile: TileCoord) => Uint8Array | null): Promise<OverviewTiles> {
    const tiles: Array<Uint8Array | null> = [];
    for (let z = 0; z <= maxZoom; z++) {
      for (let x = 0; x < 2 ** z; x++) {
        for (let y = 0; y < 2 ** z; y++) {
          tiles.push(render({ z, x, y }));
          await nextTurn();
        }
      }
    }
    const bytes = OverviewTiles.encode(version, maxZoom, tiles);
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes, { mode: 0o600 });
    renameSync(tmp, file);
    return OverviewTiles.decode(bytes, version, maxZoom)!;
  }
}
