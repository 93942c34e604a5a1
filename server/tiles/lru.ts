/**
 * A least-recently-used cache bounded by total bytes and by entry count. Map keeps insertion order,
 * so re-inserting on read moves an entry to the young end and the oldest is the first key.
 */
import { gzipSync } from 'node:zlib';

export class ByteLru<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V, bytes: number): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.bytes;
      this.map.delete(key);
    }
    // An entry bigger than the whole budget would only evict everything else and then itself.
    if (bytes > this.maxBytes) return;
    this.map.set(key, { value, bytes });
    this.total += bytes;
    while (this.total > this.maxBytes || this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next().value as string;
      this.total -= this.map.get(oldest)!.bytes;
      this.map.delete(oldest);
    }
  }

  /** Grows the recorded size of an entry (e.g. when its gzip form is added later). */
  addBytes(key: string, bytes: number): void {
    const hit = this.map.get(key);
    if (!hit) return;
    this.set(key, hit.value, hit.bytes + bytes);
  }

  delete(key: string): void {
    const hit = this.map.get(key);
    if (!hit) return;
    this.total -= hit.bytes;
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.total;
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
