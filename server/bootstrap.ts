/**
 * Builds the service's dependencies: store (migrated, seeded), token secret, the airspace dataset.
 * Shared by server/index.ts and the tests, so both run the same path.
 *
 * Two stages (docs/deploy.md "Start"): `serving` once the dataset is in, with a store that may still be
 * opening (its calls wait for it), so that what needs only the dataset answers early; `ready` once the
 * store is migrated and seeded and the DEMs are loaded. The embedded store opens after the dataset is in
 * (measured faster than side by side); with PostgreSQL the dataset comes from the store, so after it.
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
import { deferredDb } from './store/deferred';
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
  /** How the store opens and the dataset loads (tests hold them to see what waits for what). */
  openStore?: () => Promise<Db>;
  loadDataset?: () => Promise<DatasetFile>;
}

/** How long each step of the start took, in ms (logged with "ready"; docs/perf.md). */
export type BootPhases = Record<string, number>;

export interface Boot {
  /** The dataset is in: the app can answer; calls on deps.db wait until the store is ready. */
  serving: Promise<AppDeps>;
  /** Everything is loaded (the lifecycle is marked ready); deps.db is the store itself. */
  ready: Promise<AppDeps>;
  phases: BootPhases;
}

export async function bootstrap(config: Config, opts: BootOptions = {}): Promise<AppDeps> {
  return startBoot(config, opts).ready;
}

export function startBoot(config: Config, opts: BootOptions = {}): Boot {
  const phases: BootPhases = {};
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await fn();
    } finally {
      phases[name] = Math.round(performance.now() - t);
    }
  };
  // Production logs carry no stack traces (file paths and code shape); every line is redacted.
  const log = opts.log ?? createJsonLogger({ stackTraces: config.profile !== 'production' });
  const now = opts.now ?? (() => new Date());
  const engine: Db['engine'] = opts.db?.engine ?? (config.databaseUrl ? 'postgres' : 'pglite');
  const open = opts.openStore ?? (() => openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));

  // The embedded store opens once the dataset is in: side by side, both on the main thread, the first
  // answer came ~3 s later at load 14 and readiness no sooner (docs/perf.md). From PostgreSQL the
  // dataset comes through the store, so the store goes first.
  const datasetFromStore = engine === 'postgres' && !opts.dataset && !opts.loadDataset;
  let openStore!: () => void;
  const storeTurn = new Promise<void>((resolve) => (openStore = resolve));
  const store = storeTurn.then(async () => {
    const db = opts.db ?? (await timed('storeOpen', open));
    await timed('migrations', () => migrate(db));
    await timed('seed', () => seed(db, config));
    return db;
  });
  // One secret shared by every instance on the same store, unless TOKEN_SECRET pins it.
  const secret = config.tokenSecret
    ? Promise.resolve(config.tokenSecret)
    : store.then((db) => timed('sharedSettings', () => identity.settingOrCreate(db, 'token_secret', () => randomBytes(48).toString('base64url'))));
  const storeReady = Promise.all([store, secret]).then(([db]) => db);

  const datasetFile = timed('dataset', async (): Promise<{ file: DatasetFile; storeId: string | null }> => {
    if (opts.dataset) return { file: opts.dataset, storeId: null };
    if (opts.loadDataset) return { file: await opts.loadDataset(), storeId: null };
    if (datasetFromStore) {
      // Several instances share datasets through the database, not a filesystem (docs/deploy.md "Datasets").
      const db = await store;
      const { loadDatasetFromStore } = await import('./data/dataset-boot');
      const loaded = await loadDatasetFromStore(config, db, now(), log);
      return { file: await reanchor(loaded.file, now()), storeId: loaded.meta.id };
    }
    return { file: await loadDataset(config, now(), log), storeId: null };
  });

  const lifecycle = opts.lifecycle ?? new Lifecycle();
  const serving = datasetFile.then(async ({ file, storeId }) => {
    const outboxListeners = new Set<() => void>();
    const t = performance.now();
    // Compacted in slices once the app answers: ~0.2 s off the first answer (docs/perf.md, "First answer").
    const datasets = new DatasetProvider(file, { compact: 'in-slices' });
    phases.index = Math.round(performance.now() - t);
    void datasets.current().compacted.then(() => (phases.compact = Math.round(performance.now() - t)), () => undefined);
    if (storeId) loadedFromStore.set(datasets, storeId);
    const deps: AppDeps = {
      config,
      db: deferredDb(engine, storeReady),
      datasets,
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
    attachLifecycle(deps, lifecycle);
    return deps;
  });
  if (datasetFromStore) openStore();
  else void serving.then(openStore, openStore);

  const ready = Promise.all([serving, storeReady]).then(async ([deps, db]) => {
    // From here on, calls go to the store directly.
    deps.db = db;
    // With DATABASE_URL every instance samples the same DEMs: the store's, cached in DATA_DIR (docs/elevation.md).
    const { syncDems, usesStoredDems } = await import('./services/elevation/dem-sync');
    if (usesStoredDems(deps)) {
      const dems = await timed('dems', () => syncDems(deps));
      if (dems) log.info('DEMs loaded from the store', { dems });
    }
    // Ready only now: the store is migrated and seeded, and the dataset (and the DEMs) are loaded.
    lifecycle.markReady();
    return deps;
  });
  // Whoever awaits only one of the two still hears of a failure through it; the other must not crash.
  serving.catch(() => undefined);
  ready.catch(() => undefined);
  return { serving, ready, phases };
}

/** A sandbox dataset with its time-relative cases for the day of `now`; any other as is. */
async function reanchor(file: DatasetFile, now: Date): Promise<DatasetFile> {
  if (file.kind !== 'sandbox') return file;
  const { refreshTimeRelative } = await import('./data/generate');
  return refreshTimeRelative(file, now);
}

/** The active dataset of DATA_DIR; in the sandbox, generated on first start (see server/data/generate). */
export async function loadDataset(config: Config, now: Date, log?: Logger): Promise<DatasetFile> {
  const { readActiveDataset } = await import('./data/dataset-files');
  if (config.profile === 'sandbox') {
    const { ensureSandboxDataset } = await import('./data/generate');
    return ensureSandboxDataset(config.dataDir, now, { log });
  }
  const active = await readActiveDataset(config.dataDir, { log });
  if (!active && config.chartSync) return awaitingFirstSync(log);
  if (!active) throw new Error(`No airspace dataset in ${config.dataDir}; run npm run data:import -- <FAA files> first`);
  return active;
}

/**
 * Production with the chart sync on and no dataset yet: the service starts on an empty FAA dataset and the
 * first sync fills it (docs/live-data.md "Charts"). Meanwhile the charts are "not yet read": every answer is
 * CAUTION at most and says so; nothing is Class G by absence.
 */
export function awaitingFirstSync(log?: Logger): DatasetFile {
  log?.warn('no airspace dataset yet: starting empty until the first chart sync (every answer is CAUTION at most meanwhile)');
  return { ...emptyDataset('awaiting-first-chart-sync'), kind: 'faa' };
}

export function emptyDataset(version = 'empty'): DatasetFile {
  return { format: 'skyplan-airspace-dataset', formatVersion: 1, version, generatedAt: new Date(0).toISOString(), kind: 'sandbox', sources: [], features: [] };
}
