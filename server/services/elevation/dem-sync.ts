/**
 * With PostgreSQL, every instance samples the DEMs stored in the database (docs/elevation.md "DEMs with
 * PostgreSQL"): bootstrap syncs them before the instance is ready, and this worker syncs again when an
 * import announces a change (NOTIFY 'dem', and after the listener reconnects) and every
 * DATASET_POLL_SECONDS as a safety net. The embedded store keeps reading DATA_DIR/dem/index.json.
 */
import { onStoreChange, registerWorker } from '../../background';
import type { AppDeps } from '../../deps';
import { demSourceFor } from '../../data/dem-source';
import { pruneDemCache, syncDemsFromStore } from '../../data/dem-store';

/** With DATABASE_URL (a deployment on PostgreSQL); otherwise DATA_DIR/dem/ as with the embedded store (and tests that lend a PostgreSQL store without it). */
export const usesStoredDems = (deps: Pick<AppDeps, 'db' | 'config'>): boolean => deps.db.engine === 'postgres' && Boolean(deps.config.databaseUrl);

/** Downloads what is missing into DATA_DIR, then switches the sampler to the store's DEMs. */
export async function syncDems(deps: AppDeps): Promise<number> {
  const entries = await syncDemsFromStore(deps.db, deps.config.dataDir);
  demSourceFor(deps.config.dataDir).useStored(entries);
  await pruneDemCache(deps.config.dataDir, entries);
  return entries.length;
}

/** Runs syncDems on each change; a change during a run is folded into one more run after it. */
export function startDemSync(deps: AppDeps): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await syncDems(deps).catch((err) => deps.log.error('DEM sync from the store failed; keeping the current DEMs', { error: String(err) }));
      } while (again && !stopped);
    })().finally(() => (running = null));
  };
  const off = onStoreChange(deps, 'dem', run);
  const timer = deps.config.datasetPollSeconds > 0 ? setInterval(run, deps.config.datasetPollSeconds * 1000) : null;
  timer?.unref();
  return async () => {
    stopped = true;
    off();
    if (timer) clearInterval(timer);
    await running;
  };
}

let registered = false;

export function registerDemWorkers(): void {
  if (registered) return;
  registered = true;
  registerWorker((deps) => (usesStoredDems(deps) ? startDemSync(deps) : () => undefined));
}
