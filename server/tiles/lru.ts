/**
 * A least-recently-used cache bounded by total bytes and by entry count: lru-cache's (docs/libraries.md)
 * behind the small interface the tile, street and glyph caches use.
 */
import { LRUCache } from 'lru-cache';
import { gzipSync } from 'node:zlib';

interface Sized<V> {
  value: V;
  bytes: number;
}

export class ByteLru<V> {
  private readonly cache: LRUCache<string, Sized<V>>;

  constructor(maxBytes: number, maxEntries: number) {
    // lru-cache wants a positive whole size; an empty tile still takes an entry. An entry bigger than
    // the whole budget is not stored (it would only evict everything else and then itself).
    this.cache = new LRUCache<string, Sized<V>>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (e) => Math.max(1, Math.ceil(e.bytes)) });
  }

  get(key: string): V | undefined {
    return this.cache.get(key)?.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.cache.set(key, { value, bytes });
  }

  /** Grows the recorded size of an entry (e.g. when its gzip form is added later). */
  addBytes(key: string, bytes: number): void {
    const hit = this.cache.peek(key);
    if (!hit) return;
    this.set(key, hit.value, hit.bytes + bytes);
  }

  delete(key: string): void {
    this.cache.delete(key);
  }

  clear(): void {
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }

  get bytes(): number {
    return this.cache.calculatedSize;
  }
}

/**
 * The gzip form of a cached tile, made on first ask and kept in the entry (its bytes counted in the
 * cache): tile-service.ts and streets.ts share it.
 */
export function lazyGzip(cache: { addBytes(key: string, bytes: number): void }, key: string, hit: { body: Uint8Array | null; gzip?: Buffer | undefined }): () => Buffer | null {
  return () => {
    if (!hit.body) return null;
    if (!hit.gzip) {
      hit.gzip = gzipSync(hit.body, { level: 6 });
      cache.addBytes(key, hit.gzip.byteLength);
    }
    return hit.gzip;
  };
}
