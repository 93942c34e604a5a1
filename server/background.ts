/**
 * Periodic work of one instance: picking up a new dataset version (atomic swap) and whatever
 * workers other modules register (the callback outbox, expiry of ephemeral operations).
 * Work that the cluster should do once rather than once per instance runs under an expiring lease
 * (clusterEvery, runOnce; docs/deploy.md "Leases"): a holder that stalls or dies is replaced after
 * config.leaseSeconds.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from './deps';
import type { Dataset } from './data/dataset';
import { datasetsDir } from './data/dataset-files';
import { fetchDataset, loadedFromStore } from './data/dataset-store';
import type { DatasetFile } from './data/model';
import { callbacksStore } from './store/callbacks';
import { datasetStore } from './store/datasets';
import { leasesStore, newHolderId } from './store/leases';
import { listenForChanges, type ChangeTopic } from './store/notify';

/** Starts a worker; the function it returns stops it (and may resolve once work under way is finished). */
export type Worker = (deps: AppDeps) => () => void | Promise<void>;
const workers: Worker[] = [];

export function registerWorker(w: Worker): void {
  workers.push(w);
}

/**
 * Whether a sandbox's time-relative part is due for re-anchoring: its cases and its version change only
 * when the UTC day does, so a poll on the same day skips the work (copying and re-assembling ~100k
 * features holds the event loop; a NOTIFY from any schema of the database also runs a poll).
 */
function reanchorEachDay(now: () => Date): () => boolean {
  const day = (d: Date) => Math.floor(d.getTime() / 86_400_000);
  let last = day(now());
  return () => {
    const today = day(now());
    if (today === last) return false;
    last = today;
    return true;
  };
}

export function datasetToFile(d: Dataset): DatasetFile {
  return { format: 'skyplan-airspace-dataset', formatVersion: 1, version: d.version, generatedAt: d.generatedAt, kind: d.kind, sources: [...d.sources], features: [...d.features] };
}

/**
 * What a poll does: when another process activated a new dataset (active.json changed), load it; otherwise
 * in the sandbox, re-anchor the time-relative cases (TFRs, stadium events, NOTAMs) to the current day,
 * which yields a new version once a day and the same one otherwise (then nothing is swapped).
 */
export function datasetPoller(deps: AppDeps, load: () => Promise<DatasetFile>, refresh: (file: DatasetFile, now: Date) => DatasetFile) {
  let lastPointer: number | null = null;
  const pointer = path.join(datasetsDir(deps.config.dataDir), 'active.json');
  const reanchorDue = reanchorEachDay(deps.now);
  return async (): Promise<boolean> => {
    const mtime = await stat(pointer).then((s) => s.mtimeMs, () => null);
    if (lastPointer === null) lastPointer = mtime;
    let next: DatasetFile | null = null;
    if (mtime !== lastPointer) {
      lastPointer = mtime;
      next = await load();
    } else if (deps.datasets.current().kind === 'sandbox' && reanchorDue()) {
      next = refresh(datasetToFile(deps.datasets.current()), deps.now());
    }
    return next !== null && deps.datasets.swap(next);
  };
}

/**
 * The poll with PostgreSQL (docs/deploy.md "Datasets"): when the database's active version is not the one
 * this instance loaded, fetch it (DATA_DIR's cache or the database) and swap it in; otherwise re-anchor a
 * sandbox as datasetPoller does. Calls that arrive while one runs (a NOTIFY during the timer's poll) are
 * folded into one more run after it, never run side by side.
 */
export function storeDatasetPoller(deps: AppDeps, refresh: (file: DatasetFile, now: Date) => DatasetFile) {
  let loadedId = loadedFromStore.get(deps.datasets) ?? null;
  const reanchorDue = reanchorEachDay(deps.now);
  const once = async (): Promise<boolean> => {
    const meta = await datasetStore.active(deps.db);
    let next: DatasetFile | null = null;
    if (meta && meta.id !== loadedId) {
      // Each step timed: the swap must reach every instance within seconds (docs/deploy.md), and the log
      // says which step a slow one spent its time in.
      const t0 = performance.now();
      const fetched = await fetchDataset(deps.db, deps.config.dataDir, meta);
      const t1 = performance.now();
      loadedId = meta.id;
      const refreshed = refresh(fetched.file, deps.now());
      const t2 = performance.now();
      const swapped = deps.datasets.swap(refreshed);
      const ms = (a: number, b: number) => Math.round(b - a);
      deps.log.info('dataset loaded from the store', {
        id: meta.id, version: refreshed.version, cached: fetched.cached, swapped, fetchMs: ms(t0, t1), refreshMs: ms(t1, t2), swapMs: ms(t2, performance.now()),
      });
      return swapped;
    } else if (deps.datasets.current().kind === 'sandbox' && reanchorDue()) {
      next = refresh(datasetToFile(deps.datasets.current()), deps.now());
    }
    return next !== null && deps.datasets.swap(next);
  };
  let running: Promise<boolean> | null = null;
  let again = false;
  return (): Promise<boolean> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let swapped = false;
      do {
        again = false;
        swapped = (await once()) || swapped;
      } while (again);
      return swapped;
    })().finally(() => (running = null));
    return running;
  };
}

const changeListeners = new WeakMap<AppDeps, Map<ChangeTopic, Set<() => void>>>();

/**
 * Calls listener when another instance announces a change of `topic` (PostgreSQL only: NOTIFY), and
 * after the listening connection (re)connects, since announcements made meanwhile were lost.
 */
export function onStoreChange(deps: AppDeps, topic: ChangeTopic, listener: () => void): () => void {
  let byTopic = changeListeners.get(deps);
  if (!byTopic) changeListeners.set(deps, (byTopic = new Map()));
  let set = byTopic.get(topic);
  if (!set) byTopic.set(topic, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Starts the workers, the dataset poller (every DATASET_POLL_SECONDS) and, on PostgreSQL, the change
 * listener that runs the poller at once on an activation; the returned stop resolves when work under
 * way has finished.
 */
export function startBackgroundWork(deps: AppDeps, poll: () => Promise<boolean>): () => Promise<void> {
  const stops = workers.map((w) => w(deps));
  const runPoll = () => {
    poll()
      .then((swapped) => swapped && deps.log.info('dataset swapped', { version: deps.datasets.current().version }))
      .catch((err) => deps.log.error('dataset reload failed; keeping the current one', { error: String(err) }));
  };
  let timer: NodeJS.Timeout | null = null;
  if (deps.config.datasetPollSeconds > 0) {
    timer = setInterval(runPoll, deps.config.datasetPollSeconds * 1000);
    timer.unref();
  }
  let stopListening: (() => Promise<void>) | null = null;
  if (deps.db.engine === 'postgres' && deps.config.databaseUrl) {
    stopListening = listenForChanges({
      url: deps.config.databaseUrl,
      log: deps.log,
      onChange: (topic) => {
        if (topic === 'dataset') runPoll();
        changeListeners.get(deps)?.get(topic)?.forEach((l) => l());
      },
    });
  }
  return async () => {
    if (timer) clearInterval(timer);
    await Promise.all([...stops.map((s) => s()), stopListening?.()]);
  };
}

const holders = new WeakMap<AppDeps, string>();

/** The lease holder id of one service instance (one deps object): two instances in one test differ. */
export function holderOf(deps: AppDeps): string {
  let id = holders.get(deps);
  if (!id) holders.set(deps, (id = newHolderId()));
  return id;
}

/** Renews `name` every third of the lease while fn runs, so a slow but live holder keeps it. */
async function whileHolding<T>(deps: AppDeps, name: string, fn: () => Promise<T>): Promise<T> {
  const holder = holderOf(deps);
  const beat = setInterval(() => {
    leasesStore.acquire(deps.db, name, holder, deps.config.leaseSeconds).then(
      (kept) => kept || deps.log.warn('lease lost while working', { lease: name }),
      (err) => deps.log.error('lease renewal failed', { lease: name, error: String(err) }),
    );
  }, (deps.config.leaseSeconds * 1000) / 3);
  beat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(beat);
  }
}

/**
 * Runs fn about every `ms` across all instances on the store, on one of them at a time: each instance
 * checks at least every half lease whether the job is due (its lease free or expired), takes the lease,
 * runs, and then pauses the job for `ms` for everybody. A holder that dies mid-run is replaced after
 * the lease expires.
 */
export function clusterEvery(deps: AppDeps, name: string, ms: number, fn: () => Promise<unknown>, onError: (err: unknown) => void, opts: { atStart?: boolean } = {}): () => Promise<void> {
  const holder = holderOf(deps);
  let busy: Promise<void> | null = null;
  const tick = async () => {
    if (!(await leasesStore.acquire(deps.db, name, holder, deps.config.leaseSeconds))) return;
    try {
      await whileHolding(deps, name, fn);
      await leasesStore.finish(deps.db, name, holder, ms / 1000);
    } catch (err) {
      await leasesStore.release(deps.db, name, holder).catch(() => undefined);
      throw err;
    }
  };
  const run = () => {
    if (busy) return;
    busy = tick()
      .catch(onError)
      .finally(() => (busy = null));
  };
  const timer = setInterval(run, Math.min(ms, (deps.config.leaseSeconds * 1000) / 2));
  timer.unref();
  // A job whose absence shows (the TFR feed: no answer is clear before its first read) tries at once too.
  if (opts.atStart) setImmediate(run);
  return async () => {
    clearInterval(timer);
    await busy;
  };
}

/**
 * Runs fn once across all instances: the first to take the lease `name` runs it and marks it done;
 * the others wait, and take over when the holder's lease expires before it is done. Resolves true when
 * this instance ran it, false when another did (or `signal` aborted the wait).
 */
export async function runOnce(deps: AppDeps, name: string, fn: () => Promise<unknown>, signal?: AbortSignal): Promise<boolean> {
  const holder = holderOf(deps);
  while (!signal?.aborted) {
    if (await leasesStore.acquire(deps.db, name, holder, deps.config.leaseSeconds)) {
      try {
        await whileHolding(deps, name, fn);
      } catch (err) {
        await leasesStore.release(deps.db, name, holder).catch(() => undefined);
        throw err;
      }
      await leasesStore.markDone(deps.db, name, holder);
      return true;
    }
    if (await leasesStore.isDone(deps.db, name)) return false;
    await new Promise((r) => setTimeout(r, (deps.config.leaseSeconds * 1000) / 3));
  }
  return false;
}

/**
 * The run-once name of the revalidation of one dataset: its version and a digest of its feature ids,
 * so two datasets that happen to share a version string (e.g. two sandbox TFR overlays of equal count)
 * are each revalidated.
 */
export function revalidationLease(ds: Dataset): string {
  const digest = createHash('sha256');
  for (const f of ds.features) digest.update(f.id).update('\n');
  return `revalidate:${ds.version}:${digest.digest('hex').slice(0, 16)}`;
}

/** Releases this instance's leases (jobs and outbox rows) so the others take over at once (shutdown). */
export async function releaseLeases(deps: AppDeps): Promise<void> {
  const holder = holderOf(deps);
  await Promise.all([leasesStore.releaseAll(deps.db, holder), callbacksStore.releaseLeases(deps.db, holder)]);
}
