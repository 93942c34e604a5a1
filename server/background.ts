/**
 * Periodic work of one instance: picking up a new dataset version (atomic swap) and whatever
 * workers other modules register (the callback outbox, expiry of ephemeral operations).
 */
import type { AppDeps } from './deps';
import type { DatasetFile } from './data/model';

export type Worker = (deps: AppDeps) => () => void;
const workers: Worker[] = [];

export function registerWorker(w: Worker): void {
  workers.push(w);
}

export function startBackgroundWork(deps: AppDeps, reload: () => Promise<DatasetFile>): () => void {
  const stops = workers.map((w) => w(deps));
  let timer: NodeJS.Timeout | null = null;
  if (deps.config.datasetPollSeconds > 0) {
    timer = setInterval(() => {
      reload()
        .then((file) => {
          if (deps.datasets.swap(file)) deps.log.info('dataset swapped', { version: file.version });
        })
        .catch((err) => deps.log.error('dataset reload failed; keeping the current one', { error: String(err) }));
    }, deps.config.datasetPollSeconds * 1000);
    timer.unref();
  }
  return () => {
    if (timer) clearInterval(timer);
    stops.forEach((s) => s());
  };
}
