/**
 * Datasets through the store (docs/deploy.md "Datasets"). With DATABASE_URL every dataset version lives
 * in PostgreSQL (server/store/datasets.ts) and each instance keeps what it downloaded in
 * DATA_DIR/datasets/store-cache/<sha-256>.json.gz, so a restart reads its disk instead of downloading
 * again. Without DATABASE_URL (embedded store, one instance) datasets stay files in DATA_DIR with
 * active.json (dataset-files.ts). The CLIs (data:import, data:sync, data:generate) write through
 * openDatasetRepository(), which picks one of the two.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { isSha256Hex, sha256Hex, verifySha256 } from '../store/chunked-blobs';
import { datasetStore, type StoredDatasetMeta } from '../store/datasets';
import { openDb, type Db } from '../store/db';
import { datasetsDir, readActiveDataset, writeDataset } from './dataset-files';
import type { DatasetProvider } from './dataset-provider';
import { asciiJson, parseJsonBytes } from './dataset-json';
import type { DatasetFile } from './model';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The stored dataset id each provider started on (set by bootstrap, read by the poller). */
export const loadedFromStore = new WeakMap<DatasetProvider, string>();

/** Cached versions kept besides the active one; older files are removed. */
const CACHE_KEEP = 3;

export function storeCacheDir(dataDir: string): string {
  return path.join(datasetsDir(dataDir), 'store-cache');
}

/** A dataset as stored: the description, and the gzip'd JSON whose SHA-256 is its id. */
export async function encodeDataset(file: DatasetFile): Promise<{ meta: StoredDatasetMeta; gzip: Buffer }> {
  const json = Buffer.from(asciiJson(file), 'latin1');
  const id = sha256Hex(json);
  const gz = await gzipAsync(json, { level: 6 });
  return {
    meta: { id, version: file.version, kind: file.kind, generatedAt: file.generatedAt, sources: file.sources, jsonBytes: json.length, gzipBytes: gz.length },
    gzip: gz,
  };
}

/** Parses stored content and checks it is what its id says (a torn cache file or a wrong row fails). */
export async function decodeDataset(id: string, gz: Buffer): Promise<DatasetFile> {
  const json = await gunzipAsync(gz);
  verifySha256(json, id, `dataset ${id}`);
  const file = parseJsonBytes(json) as DatasetFile;
  if (file.format !== 'skyplan-airspace-dataset') throw new Error(`dataset ${id} is not an airspace dataset`);
  return file;
}

/** Versions kept in the database besides the active one (older ones are removed on publish). */
export const STORED_VERSIONS_KEPT = 5;

/** Stores a dataset in the database and, with activate, makes every instance swap to it. */
export async function publishDataset(db: Db, file: DatasetFile, opts: { activate: boolean; chunkBytes?: number }): Promise<StoredDatasetMeta> {
  const { meta, gzip: gz } = await encodeDataset(file);
  await datasetStore.put(db, meta, gz, opts);
  await datasetStore.prune(db, STORED_VERSIONS_KEPT);
  return meta;
}

export interface FetchedDataset {
  file: DatasetFile;
  meta: StoredDatasetMeta;
  /** Whether it came from DATA_DIR's cache rather than from the database. */
  cached: boolean;
}

async function pruneCache(dir: string, keep: string): Promise<void> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json.gz') && n !== keep);
  const dated = await Promise.all(names.map(async (n) => ({ n, t: (await stat(path.join(dir, n)).catch(() => null))?.mtimeMs ?? 0 })));
  dated.sort((a, b) => b.t - a.t);
  await Promise.all(dated.slice(CACHE_KEEP).map(({ n }) => rm(path.join(dir, n), { force: true })));
}

/** One stored version: from DATA_DIR's cache when there, otherwise downloaded and cached. */
export async function fetchDataset(db: Db, dataDir: string, meta: StoredDatasetMeta): Promise<FetchedDataset> {
  if (!isSha256Hex(meta.id)) throw new Error(`stored dataset id ${meta.id} is not a sha-256`);
  const dir = storeCacheDir(dataDir);
  const name = `${meta.id}.json.gz`;
  const target = path.join(dir, name);
  if (existsSync(target)) {
    try {
      return { file: await decodeDataset(meta.id, await readFile(target)), meta, cached: true };
    } catch {
      await rm(target, { force: true }); // damaged: download again
    }
  }
  const gz = await datasetStore.content(db, meta.id);
  const file = await decodeDataset(meta.id, gz);
  await mkdir(dir, { recursive: true });
  const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, gz);
  await rename(tmp, target);
  await pruneCache(dir, name).catch(() => undefined);
  return { file, meta, cached: false };
}

/** Where the CLIs read the active dataset and write new ones. */
export interface DatasetRepository {
  readonly where: string;
  readActive(): Promise<DatasetFile | null>;
  /** Writes (and with activate, activates) a dataset; returns where it went, for the CLI's report. */
  write(file: DatasetFile, opts: { activate: boolean }): Promise<string>;
  close(): Promise<void>;
}

export function fileRepository(dataDir: string): DatasetRepository {
  return {
    where: dataDir,
    readActive: () => readActiveDataset(dataDir),
    write: (file, opts) => writeDataset(dataDir, file, opts),
    close: async () => undefined,
  };
}

export function storeRepository(db: Db, dataDir: string): DatasetRepository {
  return {
    where: 'the database (DATABASE_URL)',
    async readActive() {
      const meta = await datasetStore.active(db);
      return meta ? (await fetchDataset(db, dataDir, meta)).file : null;
    },
    async write(file, opts) {
      const meta = await publishDataset(db, file, opts);
      const mb = (n: number) => (n / 1e6).toFixed(1);
      return `the database as ${meta.id.slice(0, 12)} (${mb(meta.jsonBytes)} MB of JSON, ${mb(meta.gzipBytes)} MB stored)`;
    },
    close: () => db.close(),
  };
}

/** The repository for a CLI run: the database when DATABASE_URL is set (migrated first), else DATA_DIR. */
export async function openDatasetRepository(env: NodeJS.ProcessEnv, dataDir: string): Promise<DatasetRepository> {
  if (!env.DATABASE_URL) return fileRepository(dataDir);
  const { migrate } = await import('../store/migrations');
  await import('../store/all-migrations');
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir });
  await migrate(db);
  return storeRepository(db, dataDir);
}
