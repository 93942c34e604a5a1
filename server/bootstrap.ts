/**
 * Builds the service's dependencies: store (migrated, seeded), token secret, the airspace dataset.
 * Shared by server/index.ts and the tests, so both run the same path.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import { DatasetProvider } from './data/dataset-provider';
import { loadedFromStore } from './data/dataset-store';
import type { DatasetFile } from './data/model';
import type { AppDeps, Logger } from './deps';
import { createJsonLogger } from './logging/logger';
import { TokenService } from './http/tokens';
import { openDb, type Db } from './store/db';
import { Lifecycle, attachLifecycle } from './lifecycle';
import { identity } from './store/identity';
import { migrate } from './store/migrations';
import { seed } from './seed';
import './store/all-migrations';

export interface BootOptions {
  /** Use this dataset instead of loading one from DATA_DIR. */
  dataset?: DatasetFile;
  db?: Db;
  now?: () => Date;
  log?: Logger;
  /** The instance's lifecycle (server/index.ts opens the port before bootstrap); marked ready at the end. */
  lifecycle?: Lifecycle;
}

export async function bootstrap(config: Config, opts: BootOptions = {}): Promise<AppDeps> {
  // Production logs carry no stack traces (file paths and code shape); every line is redacted.
  const log = opts.log ?? createJsonLogger({ stackTraces: config.profile !== 'production' });
  const db = opts.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db);
  await seed(db, config);
  // One secret shared by every instance on the same store, unless TOKEN_SECRET pins it.
  const secret = config.tokenSecret ?? (await identity.settingOrCreate(db, 'token_secret', () => randomBytes(48).toString('base64url')));
  const now = opts.now ?? (() => new Date());
  let storeDatasetId: string | null = null;
  let dataset = opts.dataset;
  if (!dataset && db.engine === 'postgres') {
    // Several instances share datasets through the database, not a filesystem (docs/deploy.md "Datasets").
    const { loadDatasetFromStore } = await import('./data/dataset-boot');
    const loaded = await loadDatasetFromStore(config, db, now(), log);
    storeDatasetId = loaded.meta.id;
    dataset = await reanchor(loaded.file, now());
  }
  dataset ??= await loadDataset(config, now());
  const outboxListeners = new Set<() => void>();
  const deps: AppDeps = {
    config,
    db,
    datasets: new DatasetProvider(dataset),
    tokens: new TokenService(secret, config.tokenTtlSeconds),
    now,
    log,
    events: {
      onOutboxWritten: () => outboxListeners.forEach((l) => l()),
      subscribeOutbox: (l) => {
        outboxListeners.add(l);
        return () => outboxListeners.delete(l);
      },
    },
  };
  // With DATABASE_URL every instance samples the same DEMs: the store's, cached in DATA_DIR (docs/elevation.md).
  const { syncDems, usesStoredDems } = await import('./services/elevation/dem-sync');
  if (usesStoredDems(deps)) {
    const dems = await syncDems(deps);
    if (dems) log.info('DEMs loaded from the store', { dems });
  }
  // Ready only now: the store is migrated and seeded, and the dataset (and the DEMs) are loaded.
  if (storeDatasetId) loadedFromStore.set(deps.datasets, storeDatasetId);
  const lifecycle = opts.lifecycle ?? new Lifecycle();
  attachLifecycle(deps, lifecycle);
  lifecycle.markReady();
  return deps;
}

/** A sandbox dataset with its time-relative cases for the day of `now`; any other as is. */
async function reanchor(file: DatasetFile, now: Date): Promise<DatasetFile> {
  if (file.kind !== 'sandbox') return file;
  const { refreshTimeRelative } = await import('./data/generate');
  return refreshTimeRelative(file, now);
}

/** The active dataset of DATA_DIR; in the sandbox, generated on first start (see server/data/generate). */
export async function loadDataset(config: Config, now: Date): Promise<DatasetFile> {
  const { readActiveDataset } = await import('./data/dataset-files');
  if (config.profile === 'sandbox') {
    const { ensureSandboxDataset } = await import('./data/generate');
    return ensureSandboxDataset(config.dataDir, now);
  }
  const active = await readActiveDataset(config.dataDir);
  if (!active) throw new Error(`No airspace dataset in ${config.dataDir}; run npm run data:import -- <FAA files> first`);
  return active;
}

export function emptyDataset(version = 'empty'): DatasetFile {
  return { format: 'skyplan-airspace-dataset', formatVersion: 1, version, generatedAt: new Date(0).toISOString(), kind: 'sandbox', sources: [], features: [] };
}
