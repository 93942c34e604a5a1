/**
 * The live sources' workers (docs/live-data.md), registered with server/background.ts:
 * - the TFR poll, on one instance at a time (clusterEvery, lease "job:faa-tfr-poll"), every
 *   FAA_TFR_POLL_SECONDS and once at start;
 * - on every instance, the overlay sync: at once on a NOTIFY 'live' (PostgreSQL), after this instance's
 *   own poll, and every LIVE_SYNC_MS (the clock alone makes the feed stale: a poller that died writes
 *   nothing, and every instance must still say so). Never two runs side by side.
 */
import { clusterEvery, onStoreChange, registerWorker } from '../../background';
import type { AppDeps } from '../../deps';
import { syncLiveOverlay } from './overlay';
import { pollTfrFeed } from './tfr-feed';
import { chartSyncDue, runChartSync } from './charts';

/** How often each instance re-reads the feed's state and its freshness (one small row; the TFRs only when they changed). */
export const LIVE_SYNC_MS = 5_000;

/** A run of syncLiveOverlay that folds calls during a run into one more run after it. */
export function liveSyncer(deps: AppDeps): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const once = () =>
    syncLiveOverlay(deps).then(
      (swapped) => void (swapped && deps.log.info('live data laid over the dataset', { version: deps.datasets.current().version })),
      (err) => deps.log.error('live data sync failed', { error: String(err) }),
    );
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await once();
      } while (again);
    })().finally(() => (running = null));
    return running;
  };
}

/** How often an instance checks whether the chart sync is due (it runs daily and after each cycle date). */
export const CHART_CHECK_MS = 5 * 60_000;

function startLive(deps: AppDeps): () => Promise<void> {
  const cfg = deps.config.tfrFeed;
  if (!cfg && !deps.config.chartSync) return async () => undefined;
  const sync = liveSyncer(deps);
  void sync();
  const timer = setInterval(() => void sync(), LIVE_SYNC_MS);
  timer.unref();
  const off = onStoreChange(deps, 'live', () => void sync());
  const stopCharts = deps.config.chartSync
    ? clusterEvery(
        deps,
        'job:faa-charts-sync',
        CHART_CHECK_MS,
        async () => {
          if (!(await chartSyncDue(deps))) return;
          await runChartSync(deps);
          await sync();
        },
        (err) => deps.log.error('chart sync failed', { error: String(err) }),
        { atStart: true },
      )
    : async () => undefined;
  if (!cfg) {
    return async () => {
      clearInterval(timer);
      off();
      await stopCharts();
    };
  }
  const stopPoll = clusterEvery(
    deps,
    'job:faa-tfr-poll',
    cfg.pollSeconds * 1000,
    async () => {
      await pollTfrFeed(deps);
      await sync();
    },
    (err) => deps.log.error('TFR feed poll failed', { error: String(err) }),
    { atStart: true },
  );
  return async () => {
    clearInterval(timer);
    off();
    await Promise.all([stopPoll(), stopCharts()]);
  };
}

let registered = false;

export function registerLiveWorkers(): void {
  if (registered) return;
  registered = true;
  registerWorker(startLive);
}
