/**
 * GeoTIFF DEMs kept in the store (docs/elevation.md "DEMs with PostgreSQL"), so that every instance on one
 * PostgreSQL samples the same terrain without a shared filesystem. A DEM is its GeoTIFF bytes as imported
 * (3DEP and SRTM tiles are already compressed: no second encoding), in bytea chunks (chunked-blobs.ts),
 * with the checked header (DemEntry) a reader needs and the SHA-256 of the bytes, which names each instance's cached copy.
 * One row per DEM name: importing a name again replaces it. A change is announced with NOTIFY 'dem' in
 * the same transaction.
 */
import type { DemEntry } from '../data/import/dem-index';
import { CHUNK_BYTES, readChunks, writeChunks, type ChunkTable } from './chunked-blobs';
import type { Db, Sql } from './db';
import { registerMigrations } from './migrations';
import { notifyChange } from './notify';

registerMigrations([
  {
    version: 210,
    name: 'dems',
    sql: `
      CREATE TABLE dems (
        name text PRIMARY KEY,
        sha256 text NOT NULL,
        entry jsonb NOT NULL,
        bytes bigint NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE dem_chunks (
        name text NOT NULL REFERENCES dems (name) ON DELETE CASCADE,
        seq integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (name, seq)
      );
    `,
  },
]);

const CHUNKS: ChunkTable = { table: 'dem_chunks', key: 'name', what: 'DEM' };

export interface StoredDem {
  name: string;
  sha256: string;
  /** The checked header, as the file import writes it to index.json (its `file` is set by the reader). */
  entry: DemEntry;
  bytes: number;
}

interface Row {
  name: string;
  sha256: string;
  entry: DemEntry | string;
  bytes: string | number;
}

export const demStore = {
  /** Stores the DEMs (replacing those of the same names) in one transaction, and announces it. */
  async put(db: Db, dems: Array<{ entry: DemEntry; sha256: string; data: Uint8Array }>, chunkBytes = CHUNK_BYTES): Promise<void> {
    await db.transaction(async (tx) => {
      for (const d of dems) {
        const same = await tx.query('SELECT 1 FROM dems WHERE name = $1 AND sha256 = $2', [d.entry.name, d.sha256]);
        if (same.length === 1) {
          // The same bytes again: only the description (import time) changes, nothing is uploaded.
          await tx.query('UPDATE dems SET entry = $2, imported_at = now() WHERE name = $1', [d.entry.name, JSON.stringify(d.entry)]);
          continue;
        }
        await tx.query('DELETE FROM dems WHERE name = $1', [d.entry.name]);
        await tx.query('INSERT INTO dems (name, sha256, entry, bytes) VALUES ($1, $2, $3, $4)', [d.entry.name, d.sha256, JSON.stringify(d.entry), d.data.length]);
        await writeChunks(tx, CHUNKS, d.entry.name, d.data, chunkBytes);
      }
      await notifyChange(tx, 'dem');
    });
  },

  /** Every stored DEM's description, in import order (the sampler prefers the last on a tie). */
  async list(db: Sql): Promise<StoredDem[]> {
    const rows = await db.query<Row>('SELECT name, sha256, entry, bytes FROM dems ORDER BY imported_at, name');
    return rows.map((r) => ({
      name: r.name,
      sha256: r.sha256,
      entry: typeof r.entry === 'string' ? (JSON.parse(r.entry) as DemEntry) : r.entry,
      bytes: Number(r.bytes),
    }));
  },

  /** The GeoTIFF bytes of one DEM, its chunks joined in order. */
  content: (db: Sql, name: string): Promise<Buffer> => readChunks(db, CHUNKS, name),
};
