/**
 * Periodic work of one instance: picking up a new dataset version (atomic swap) and whatever
 * workers other modules register (the callback outbox, expiry of ephemeral operations).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from './deps';
import type { Dataset } from './data/dataset';
import { datasetsDir } from './data/dataset-files';
import type { DatasetFile } from './data/model';

export type Worker = (deps: AppDeps) => () => void;
const workers: Worker[] = [];

export function registerWorker(w: Worker): void {
  workers.push(w);
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
  return async (): Promise<boolean> => {
    const mtime = await stat(pointer).then((s) => s.mtimeMs, () => null);
    if (lastPointer === null) lastPointer = mtime;
    let next: DatasetFile | null = null;
    if (mtime !== lastPointer) {
      lastPointer = mtime;
      next = await load();
    } else if (deps.datasets.current().kind === 'sandbox') {
      next = refresh(datasetToFile(deps.datasets.current()), deps.now());
    }
    return next !== null && deps.datasets.swap(next);
  };
}

export function startBackgroundWork(deps: AppDeps, poll: () => Promise<boolean>): () => void {
  const stops = workers.map((w) => w(deps));
  let timer: NodeJS.Timeout | null = null;
  if (deps.config.datasetPollSeconds > 0) {
    timer = setInterval(() => {
      poll()
        .then((swapped) => swapped && deps.log.info('dataset swapped', { version: deps.datasets.current().version }))
        .catch((err) => deps.log.error('dataset reload failed; keeping the current one', { error: String(err) }));
    }, deps.config.datasetPollSeconds * 1000);
    timer.unref();
  }
  return () => {
    if (timer) clearInterval(timer);
    stops.forEach((s) => s());
  };
}
