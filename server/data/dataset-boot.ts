/**
 * The dataset an instance starts on when the store is PostgreSQL (docs/deploy.md "Datasets"): the
 * database's active version, from DATA_DIR's cache or downloaded. When the database has none yet (or, in
 * the sandbox, only one made by an older generator), exactly one instance makes it under an expiring
 * lease, publishes and activates it; the others wait (not ready) and then load it like any version.
 */
import type { Config } from '../config';
import type { Logger } from '../deps';
import type { Db } from '../store/db';
import { datasetStore, type StoredDatasetMeta } from '../store/datasets';
import { leasesStore, newHolderId } from '../store/leases';
import { readActiveDataset } from './dataset-files';
import { fetchDataset, publishDataset, type FetchedDataset } from './dataset-store';
import type { DatasetFile } from './model';

/** How often a waiting instance looks whether the one making the first dataset is done. */
const WAIT_MS = 1000;
/**
 * The lease of the one making the first dataset. Generating the sandbox blocks the event loop for tens
 * of seconds, so the lease cannot be renewed meanwhile: it must outlast the whole generation on a busy
 * machine. A holder that dies is replaced after it. (Were it to run out anyway, the second instance
 * would generate the same content, stored once under its hash: wasted time, not a wrong dataset.)
 */
export const FIRST_DATASET_LEASE_SECONDS = 180;

async function sandboxGenerator() {
  const gen = await import('./generate');
  const { airportPackageVersion } = await import('./generate/airports-db');
  return { ...gen, key: `${gen.GENERATOR_VERSION}:${airportPackageVersion()}` };
}

/** The first dataset when the database has none: DATA_DIR's own (an instance upgraded from files) or, in the sandbox, a generated one. */
async function makeFirst(config: Config, now: Date, log: Logger): Promise<DatasetFile> {
  const local = await readActiveDataset(config.dataDir, { log }).catch(() => null);
  if (config.profile !== 'sandbox') {
    if (local) return local;
    if (config.chartSync) {
      const { awaitingFirstSync } = await import('../bootstrap');
      return awaitingFirstSync(log);
    }
    throw new Error('No airspace dataset in the database; run npm run data:import -- <FAA files> with DATABASE_URL set first');
  }
  const gen = await sandboxGenerator();
  if (local?.kind === 'faa' || (local && gen.isCurrentSandbox(local))) return local;
  log.info('generating the sandbox dataset for the database', { generator: gen.key });
  return gen.generateSandboxDataset({ now });
}

/**
 * Loads the active dataset, making the first one when needed. Returns it with its stored description
 * (the poller compares ids) and whether this instance made it.
 */
export async function loadDatasetFromStore(config: Config, db: Db, now: Date, log: Logger, signal?: AbortSignal): Promise<FetchedDataset & { made: boolean }> {
  const gen = config.profile === 'sandbox' ? await sandboxGenerator() : null;
  // An imported FAA dataset is served as is; a sandbox one only when made by this generator.
  const usable = (m: StoredDatasetMeta | null): m is StoredDatasetMeta => m !== null && (gen === null || m.kind === 'faa' || gen.isCurrentSandbox(m));
  const lease = `dataset:first:${gen?.key ?? 'import'}`;
  const holder = newHolderId();
  let made = false;
  let waiting = false;
  for (;;) {
    if (signal?.aborted) throw new Error('stopped while waiting for the dataset');
    const active = await datasetStore.active(db);
    if (usable(active)) {
      const fetched = await fetchDataset(db, config.dataDir, active);
      log.info('dataset loaded', { version: active.version, id: active.id, from: fetched.cached ? 'cache' : 'database', made });
      return { ...fetched, made };
    }
    const seconds = Math.max(config.leaseSeconds, FIRST_DATASET_LEASE_SECONDS);
    if (await leasesStore.acquire(db, lease, holder, seconds)) {
      const beat = setInterval(() => void leasesStore.acquire(db, lease, holder, seconds).catch(() => undefined), (seconds * 1000) / 3);
      beat.unref();
      try {
        // Someone may have finished between the read above and taking the lease.
        if (!usable(await datasetStore.active(db))) {
          const meta = await publishDataset(db, await makeFirst(config, now, log), { activate: true });
          log.info('dataset stored and activated', { version: meta.version, id: meta.id, jsonBytes: meta.jsonBytes, gzipBytes: meta.gzipBytes });
          made = true;
        }
      } finally {
        clearInterval(beat);
        await leasesStore.release(db, lease, holder).catch(() => undefined);
      }
      continue;
    }
    if (!waiting) log.info('another instance is making the first dataset; waiting for it', { lease });
    waiting = true;
    await new Promise((r) => setTimeout(r, WAIT_MS));
  }
}
