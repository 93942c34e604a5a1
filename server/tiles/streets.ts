/**
 * The street basemap: tiles of a Protomaps basemap archive (PMTiles v3, vector) named by
 * BASEMAP_PMTILES, read with the `pmtiles` package through a Node file source. Directories are
 * cached by the package (bounded: 100 entries); decoded tiles and their gzip form in a byte-bounded
 * LRU. Nothing is read from the network.
 */
import { createHash } from 'node:crypto';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { Compression, PMTiles, SharedPromiseCache, TileType, type RangeResponse, type Source } from 'pmtiles';
import { ByteLru, lazyGzip } from './lru';
import type { TileCoord } from './tile-coords';

/** Reads byte ranges of a local archive; a range past the end is cut short (the header read asks for 16 KB). */
export class NodeFileSource implements Source {
  private handle: Promise<FileHandle> | null = null;

  constructor(private readonly path: string) {}

  getKey(): string {
    return this.path;
  }

  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    this.handle ??= open(this.path, 'r');
    const fh = await this.handle;
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, offset);
    // A fresh ArrayBuffer of exactly the bytes read: pmtiles slices and views it.
    return { data: buf.buffer.slice(buf.byteOffset, buf.byteOffset + bytesRead) as ArrayBuffer };
  }

  async close(): Promise<void> {
    const h = this.handle;
    this.handle = null;
    if (h) await (await h).close();
  }
}

/** Archives state their compression; gzip and none are what tile builders write for vector tiles. */
async function decompress(buf: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> {
  if (compression === Compression.None || compression === Compression.Unknown) return buf;
  if (compression === Compression.Gzip) {
    const out = gunzipSync(new Uint8Array(buf));
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
  }
  throw new Error(`PMTiles compression ${Compression[compression]} is not supported (gzip or none)`);
}

export interface StreetsInfo {
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  attribution: string;
  /** Changes when the file changes: part of every ETag. */
  version: string;
}

interface Entry {
  body: Uint8Array | null;
  gzip?: Buffer;
}

export interface StreetTile {
  etag: string;
  body: Uint8Array | null;
  gzip(): Buffer | null;
}

/** Protomaps' own builds credit OpenStreetMap; the archive's metadata says so when it has one. */
const DEFAULT_ATTRIBUTION = '<a href="https://protomaps.com">Protomaps</a> © <a href="https://openstreetmap.org">OpenStreetMap</a>';

export class StreetsArchive {
  private readonly source: NodeFileSource;
  private readonly pmtiles: PMTiles;
  private readonly cache = new ByteLru<Entry>(32 * 1024 * 1024, 10_000);
  private infoPromise: Promise<StreetsInfo> | null = null;

  constructor(readonly path: string) {
    this.source = new NodeFileSource(path);
    this.pmtiles = new PMTiles(this.source, new SharedPromiseCache(100, false, decompress), decompress);
  }

  /** Header facts for the style; rejects when the file is not a vector PMTiles v3 archive. */
  info(): Promise<StreetsInfo> {
    this.infoPromise ??= this.readInfo().catch((err: unknown) => {
      this.infoPromise = null;
      throw err;
    });
    return this.infoPromise;
  }

  async tile({ z, x, y }: TileCoord): Promise<StreetTile> {
    const info = await this.info();
    const key = `${z}/${x}/${y}`;
    const etag = `"${createHash('sha1').update(`${info.version}|${key}`).digest('base64url').slice(0, 22)}"`;
    let entry = this.cache.get(key);
    if (!entry) {
      const r = z > 26 ? undefined : await this.pmtiles.getZxy(z, x, y);
      entry = { body: r && r.data.byteLength > 0 ? new Uint8Array(r.data) : null };
      this.cache.set(key, entry, (entry.body?.byteLength ?? 0) + 100);
    }
    const hit = entry;
    return {
      etag,
      body: hit.body,
      gzip: lazyGzip(this.cache, key, hit),
    };
  }

  close(): Promise<void> {
    return this.source.close();
  }

  private async readInfo(): Promise<StreetsInfo> {
    const h = await this.pmtiles.getHeader();
    if (h.tileType !== TileType.Mvt) throw new Error(`${this.path}: the archive holds ${TileType[h.tileType]} tiles, not vector tiles`);
    let attribution = DEFAULT_ATTRIBUTION;
    try {
      const meta = (await this.pmtiles.getMetadata()) as { attribution?: unknown } | null;
      if (meta && typeof meta.attribution === 'string' && meta.attribution.trim()) attribution = meta.attribution;
    } catch {
      // An archive without readable metadata still serves tiles; the default credit stands.
    }
    const st = await stat(this.path);
    const clampLat = (v: number) => Math.max(-85.0511, Math.min(85.0511, v));
    const valid = h.minLon < h.maxLon && h.minLat < h.maxLat;
    return {
      minzoom: h.minZoom,
      maxzoom: h.maxZoom,
      bounds: valid ? [h.minLon, clampLat(h.minLat), h.maxLon, clampLat(h.maxLat)] : [-180, -85.0511, 180, 85.0511],
      attribution,
      version: `streets-${st.size}-${Math.floor(st.mtimeMs)}`,
    };
  }
}

const archives = new Map<string, StreetsArchive>();

/** One archive reader per file for the process (its caches are shared by every app on it). */
export function streetsArchive(path: string): StreetsArchive {
  let a = archives.get(path);
  if (!a) {
    a = new StreetsArchive(path);
    archives.set(path, a);
  }
  return a;
}
