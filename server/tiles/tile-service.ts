/**
 * Serving tiles: a bounded LRU of encoded tiles (and their gzip form, made at the first request that
 * accepts it), keyed by what the content depends on (basemap version, or dataset version and TFR
 * epoch) and the tile address, with the ETag made from the same key. A dataset swap clears the cache:
 * the old entries could never be asked for again.
 */
import { createHash } from 'node:crypto';
import type { DatasetProvider } from '../data/dataset-provider';
import { airspaceTiles } from './airspace';
import { basemapPool } from '../workers/basemap-pool';
import { OVERVIEW_MAXZOOM } from './basemap';
import { ByteLru, lazyGzip } from './lru';
import { renderTile, tileContentVersion, type TileSourceName } from './render';
import type { TileCoord } from './tile-coords';

/** Basemap tiles change only with a deployment; a day of caching is safe (ETags catch the rest). */
const BASEMAP_MAX_AGE = 86_400;
/** Airspace tiles follow a dataset that may change every few minutes (TFR refreshes). */
const AIRSPACE_MAX_AGE = 60;

interface Entry {
  etag: string;
  body: Uint8Array | null;
  gzip?: Buffer;
}

/** A tile as the cache holds it (its gzip form once made), for the answer written before the app. */
export type CachedTile = Readonly<Entry>;

/**
 * A tile's address within a source, as cache keys hold it: `${source}/${z}/${x}/${y}`, which is how it
 * stands in its URL between "/tiles/" and ".pbf" (a URL with a leading zero never matches it).
 */
export function tileAddress(source: TileSourceName, { z, x, y }: TileCoord): string {
  return `${source}/${z}/${x}/${y}`;
}

export interface ServedTile {
  etag: string;
  /** Null: the tile is empty (answered 204). */
  body: Uint8Array | null;
  /** Seconds a client or CDN may keep the tile without asking again. */
  maxAge: number;
  /** The gzip form of the body, made once and cached. */
  gzip(): Buffer | null;
}

/** Cuts a basemap tile off the main thread (the basemap worker, or a test's stand-in). */
export type OffLoopRenderer = (tile: TileCoord) => Promise<Uint8Array | null>;

export class TileService {
  private readonly cache: ByteLru<Entry>;
  /** Deep basemap tiles being cut off the main thread: a tile asked again meanwhile waits on the same cut. */
  private readonly cutting = new Map<string, Promise<Uint8Array | null>>();

  constructor(
    private readonly datasets: DatasetProvider,
    private readonly now: () => Date,
    limits: { maxBytes?: number; maxEntries?: number } = {},
    private readonly offLoop: OffLoopRenderer = (t) => basemapPool().render(t),
  ) {
    this.cache = new ByteLru(limits.maxBytes ?? 64 * 1024 * 1024, limits.maxEntries ?? 20_000);
    datasets.onSwap(() => this.cache.clear());
  }

  /** A tile cut on this thread: airspace tiles, and basemap tiles once basemapReady(z) has resolved. */
  tile(source: TileSourceName, coord: TileCoord): ServedTile {
    const now = this.now();
    const key = this.key(source, coord, now);
    const entry = this.cache.get(key) ?? this.store(key, renderTile(this.datasets.current(), source, coord.z, coord.x, coord.y, now));
    return this.served(source, key, entry, now);
  }

  /**
   * What the routes serve: basemap tiles deeper than the overview file are cut off the main thread (their
   * parts take seconds to build after a start, and every request waited behind them: docs/perf.md,
   * "Cold tiles off the event loop"); the rest as tile().
   */
  async load(source: TileSourceName, coord: TileCoord): Promise<ServedTile> {
    if (source === 'airspace') {
      // A tile not cached may need parts not built yet (the facility-map grid and its labels at the first
      // z12 tile after a start: seconds of CPU on a loaded machine): they are built in slices first, so
      // other requests are answered meanwhile (docs/perf.md, "The cached tile, third round").
      const now = this.now();
      if (!this.cache.get(this.key(source, coord, now))) await airspaceTiles(this.datasets.current()).prepare(coord.z, now.getTime());
      return this.tile(source, coord);
    }
    if (coord.z <= OVERVIEW_MAXZOOM) return this.tile(source, coord);
    const now = this.now();
    const key = this.key(source, coord, now);
    const hit = this.cache.get(key);
    if (hit) return this.served(source, key, hit, now);
    let cut = this.cutting.get(key);
    if (!cut) {
      cut = this.offLoop(coord).finally(() => this.cutting.delete(key));
      this.cutting.set(key, cut);
    }
    const body = await cut;
    return this.served(source, key, this.cache.get(key) ?? this.store(key, body), now);
  }

  private store(key: string, body: Uint8Array | null): Entry {
    const entry: Entry = { etag: `"${createHash('sha1').update(key).digest('base64url').slice(0, 22)}"`, body };
    this.cache.set(key, entry, (body?.byteLength ?? 0) + 200);
    return entry;
  }

  /**
   * The tile at `address` (tileAddress()) if it is already in the cache, else undefined (nothing is
   * rendered): the answer written before the app (server/routes/tiles/tiles.fast-path.ts). The same
   * object while the tile stays cached; its gzip form is there once made. No allocation but the key.
   */
  cachedAt(source: TileSourceName, address: string, now: Date): CachedTile | undefined {
    return this.cache.get(`${tileContentVersion(source, this.datasets.current(), now)}|${address}`);
  }

  /** What the content depends on (basemap version, or dataset version and TFR epoch) and the address. */
  private key(source: TileSourceName, coord: TileCoord, now: Date): string {
    return `${tileContentVersion(source, this.datasets.current(), now)}|${tileAddress(source, coord)}`;
  }

  private served(source: TileSourceName, key: string, hit: Entry, now: Date): ServedTile {
    return {
      etag: hit.etag,
      body: hit.body,
      maxAge: this.maxAge(source, now),
      gzip: lazyGzip(this.cache, key, hit),
    };
  }

  /** Seconds a client may keep a tile of `source` at `now`. */
  maxAge(source: TileSourceName, now: Date): number {
    return source === 'basemap' ? BASEMAP_MAX_AGE : this.airspaceMaxAge(now);
  }

  /** Until the next TFR starts or ends, at most AIRSPACE_MAX_AGE. */
  private airspaceMaxAge(now: Date): number {
    const next = airspaceTiles(this.datasets.current()).nextChange(now.getTime());
    if (next === null) return AIRSPACE_MAX_AGE;
    return Math.max(0, Math.min(AIRSPACE_MAX_AGE, Math.floor((next - now.getTime()) / 1000)));
  }

  get cachedTiles(): number {
    return this.cache.size;
  }
}

const services = new WeakMap<DatasetProvider, TileService>();

/** One tile service per dataset provider (i.e. per running app). */
export function tileServiceFor(datasets: DatasetProvider, now: () => Date): TileService {
  let s = services.get(datasets);
  if (!s) {
    s = new TileService(datasets, now);
    services.set(datasets, s);
  }
  return s;
}
