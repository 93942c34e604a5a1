/**
 * Large blobs in the store (dataset versions, DEMs): bytea rows of at most CHUNK_BYTES, numbered by `seq`
 * under the blob's key, named by a SHA-256 that a reader checks before using what it read (a wrong or
 * torn row must not become the airspace or the terrain). The tables are the migrations' own
 * (datasets.ts: dataset_chunks, dems.ts: dem_chunks); this module only writes and reads them.
 */
import { createHash } from 'node:crypto';
import type { Sql } from './db';

/** Chunks stay well under what one bytea parameter and one row should carry. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

/** A chunk table and its key column, as the migrations made them (fixed names, never from input). */
export type ChunkTable = { table: 'dataset_chunks'; key: 'dataset_id'; what: 'dataset' } | { table: 'dem_chunks'; key: 'name'; what: 'DEM' };

/** Writes `data` as chunks under `key` (inside the caller's transaction, after the blob's own row). */
export async function writeChunks(tx: Sql, t: ChunkTable, key: string, data: Uint8Array, chunkBytes = CHUNK_BYTES): Promise<void> {
  if (!(chunkBytes > 0)) throw new Error(`chunk size ${chunkBytes} is not positive`);
  for (let seq = 0, at = 0; at < data.length; seq++, at += chunkBytes) {
    await tx.query(`INSERT INTO ${t.table} (${t.key}, seq, data) VALUES ($1, $2, $3)`, [key, seq, data.subarray(at, at + chunkBytes)]);
  }
}

/** The blob stored under `key`, its chunks joined in order; throws when there is none. */
export async function readChunks(db: Sql, t: ChunkTable, key: string): Promise<Buffer> {
  const rows = await db.query<{ data: Uint8Array }>(`SELECT data FROM ${t.table} WHERE ${t.key} = $1 ORDER BY seq`, [key]);
  if (rows.length === 0) throw new Error(`no stored content for ${t.what} ${key}`);
  return Buffer.concat(rows.map((r) => Buffer.from(r.data)));
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Whether `s` can be a SHA-256 name at all (checked before it becomes a cache file's name). */
export const isSha256Hex = (s: string): boolean => /^[0-9a-f]{64}$/.test(s);

/** Throws unless `bytes` hash to `expected`: what was read is what was stored under that name. */
export function verifySha256(bytes: Uint8Array, expected: string, what: string): void {
  const digest = sha256Hex(bytes);
  if (digest !== expected) throw new Error(`${what} does not match its sha-256 (got ${digest})`);
}
