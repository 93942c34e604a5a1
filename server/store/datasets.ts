/**
 * Airspace dataset versions kept in the store (docs/deploy.md "Datasets"), so that instances on one
 * PostgreSQL share them without a shared filesystem. A version is its gzip'd JSON in bytea chunks
 * (chunked-blobs.ts), keyed by the SHA-256 of the JSON (the same content is stored once), with what a reader needs before
 * downloading it: version, kind, generated and stored times, and the sources with their effective dates.
 * One row of dataset_active names the version every instance serves; changing it is the activation,
 * and it is announced with NOTIFY (server/store/notify.ts) in the same transaction.
 */
import type { DatasetSource } from '../data/model';
import { CHUNK_BYTES, readChunks, writeChunks, type ChunkTable } from './chunked-blobs';
import type { Db, Sql } from './db';
import { registerMigrations } from './migrations';
import { notifyChange } from './notify';

registerMigrations([
  {
    version: 140,
    name: 'datasets',
    sql: `
      CREATE TABLE datasets (
        id text PRIMARY KEY,
        version text NOT NULL,
        kind text NOT NULL,
        generated_at timestamptz NOT NULL,
        sources jsonb NOT NULL,
        json_bytes bigint NOT NULL,
        gzip_bytes bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE dataset_chunks (
        dataset_id text NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (dataset_id, seq)
      );
      CREATE TABLE dataset_active (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        dataset_id text NOT NULL REFERENCES datasets (id),
        activated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
]);

const CHUNKS: ChunkTable = { table: 'dataset_chunks', key: 'dataset_id', what: 'dataset' };

export interface StoredDatasetMeta {
  id: string;
  version: string;
  kind: 'sandbox' | 'faa';
  generatedAt: string;
  sources: DatasetSource[];
  jsonBytes: number;
  gzipBytes: number;
}

interface MetaRow {
  id: string;
  version: string;
  kind: 'sandbox' | 'faa';
  generated_at: Date | string;
  sources: DatasetSource[] | string;
  json_bytes: string | number;
  gzip_bytes: string | number;
}

const META_COLUMNS = 'd.id, d.version, d.kind, d.generated_at, d.sources, d.json_bytes, d.gzip_bytes';

function toMeta(r: MetaRow): StoredDatasetMeta {
  return {
    id: r.id,
    version: r.version,
    kind: r.kind,
    generatedAt: new Date(r.generated_at).toISOString(),
    sources: typeof r.sources === 'string' ? (JSON.parse(r.sources) as DatasetSource[]) : r.sources,
    jsonBytes: Number(r.json_bytes),
    gzipBytes: Number(r.gzip_bytes),
  };
}

async function activateIn(tx: Sql, id: string): Promise<void> {
  await tx.query(
    `INSERT INTO dataset_active (one, dataset_id) VALUES (true, $1)
     ON CONFLICT (one) DO UPDATE SET dataset_id = EXCLUDED.dataset_id, activated_at = now()`,
    [id],
  );
  await notifyChange(tx, 'dataset');
}

export const datasetStore = {
  /** Stores one version (nothing when the same content is already there) and, with activate, activates it. */
  async put(db: Db, meta: StoredDatasetMeta, gzip: Uint8Array, opts: { activate: boolean; chunkBytes?: number }): Promise<void> {
    await db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO datasets (id, version, kind, generated_at, sources, json_bytes, gzip_bytes)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [meta.id, meta.version, meta.kind, meta.generatedAt, JSON.stringify(meta.sources), meta.jsonBytes, meta.gzipBytes],
      );
      if (inserted.length === 1) await writeChunks(tx, CHUNKS, meta.id, gzip, opts.chunkBytes ?? CHUNK_BYTES);
      if (opts.activate) await activateIn(tx, meta.id);
    });
  },

  async activate(db: Db, id: string): Promise<void> {
    await db.transaction(async (tx) => {
      const known = await tx.query('SELECT 1 FROM datasets WHERE id = $1', [id]);
      if (known.length === 0) throw new Error(`no stored dataset ${id}`);
      await activateIn(tx, id);
    });
  },

  /** The active version's description, or null when none was activated yet. */
  async active(db: Sql): Promise<StoredDatasetMeta | null> {
    const rows = await db.query<MetaRow>(`SELECT ${META_COLUMNS} FROM dataset_active a JOIN datasets d ON d.id = a.dataset_id`);
    return rows[0] ? toMeta(rows[0]) : null;
  },

  async list(db: Sql): Promise<StoredDatasetMeta[]> {
    const rows = await db.query<MetaRow>(`SELECT ${META_COLUMNS} FROM datasets d ORDER BY d.created_at, d.id`);
    return rows.map(toMeta);
  },

  /**
   * Forgets all but the `keep` most recently stored versions (the active one is always kept), so that
   * daily syncs do not grow the database without end. Returns how many it removed.
   */
  async prune(db: Sql, keep: number): Promise<number> {
    const rows = await db.query(
      `DELETE FROM datasets WHERE id NOT IN (SELECT dataset_id FROM dataset_active)
         AND id NOT IN (SELECT id FROM datasets ORDER BY created_at DESC, id LIMIT $1) RETURNING id`,
      [keep],
    );
    return rows.length;
  },

  /** The gzip'd JSON of one version, its chunks joined in order. */
  content: (db: Sql, id: string): Promise<Buffer> => readChunks(db, CHUNKS, id),
};
