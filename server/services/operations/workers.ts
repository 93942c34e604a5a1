/**
 * The periodic work of operations and LAANC, registered with server/background.ts (started by
 * server/index.ts; tests call the functions directly with a controlled clock):
 * - the callback deliverer (also woken by deps.events.onOutboxWritten);
 * - auto-cancel of further coordination not answered by its start (also done lazily on reads);
 * - the purge of ephemeral operations expired for a week;
 * - revalidation of approved authorizations when the dataset changes, and the sandbox TFR overlay sync.
 * Auto-cancel, the purge and revalidation run on one instance at a time under an expiring lease
 * (clusterEvery, runOnce); the deliverer leases rows itself; the TFR sync is per instance by nature.
 */
import { clusterEvery, onStoreChange, registerWorker, revalidationLease, runOnce } from '../../background';
import type { AppDeps } from '../../deps';
import { leasesStore } from '../../store/leases';
import { startDeliverer } from '../callbacks/deliver';
import { revalidateApproved } from '../laanc/revalidate';
import { syncSandboxTfrs } from '../laanc/sandbox';
import { autoCancelDue } from '../laanc/transitions';
import { purgeExpiredEphemeral } from './ephemeral';

export const AUTO_CANCEL_EVERY_MS = 30_000;
export const PURGE_EVERY_MS = 3_600_000;
export const SANDBOX_TFR_SYNC_MS = 5_000;
/** Run-once markers (e.g. of a dataset's revalidation) are forgotten after this many days. */
const DONE_MARKERS_KEPT_DAYS = 30;

/**
 * The sandbox TFR sync: every SANDBOX_TFR_SYNC_MS and at once when another instance announces a publish
 * (NOTIFY). Never two runs side by side: a call during a run makes one more run after it.
 */
function sandboxTfrSync(deps: AppDeps): () => void {
  let busy = false;
  let again = false;
  const run = () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    syncSandboxTfrs(deps)
      .catch((err) => deps.log.error('sandbox TFR sync failed', { error: String(err) }))
      .finally(() => {
        busy = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, SANDBOX_TFR_SYNC_MS);
  timer.unref();
  const off = onStoreChange(deps, 'sandbox_tfr', run);
  return () => {
    clearInterval(timer);
    off();
  };
}

let registered = false;

export function registerOperationWorkers(): void {
  if (registered) return;
  registered = true;
  registerWorker((deps) => startDeliverer(deps));
  registerWorker((deps) => clusterEvery(deps, 'job:auto-cancel', AUTO_CANCEL_EVERY_MS, () => autoCancelDue(deps), (err) => deps.log.error('auto-cancel failed', { error: String(err) })));
  registerWorker((deps) => {
    const stop = new AbortController();
    const off = deps.datasets.onSwap((ds) => {
      runOnce(deps, revalidationLease(ds), () => revalidateApproved(deps, ds), stop.signal).catch((err) => deps.log.error('revalidation after a dataset change failed', { error: String(err) }));
    });
    return () => {
      stop.abort();
      off();
    };
  });
  // Sandbox TFRs published through another instance, or before a restart, join this one's dataset.
  registerWorker((deps) => (deps.config.profile === 'sandbox' ? sandboxTfrSync(deps) : () => undefined));
  const purge = (deps: Parameters<typeof purgeExpiredEphemeral>[0]) =>
    Promise.all([purgeExpiredEphemeral(deps), leasesStore.purgeDone(deps.db, DONE_MARKERS_KEPT_DAYS)]);
  registerWorker((deps) => clusterEvery(deps, 'job:ephemeral-purge', PURGE_EVERY_MS, () => purge(deps), (err) => deps.log.error('ephemeral purge failed', { error: String(err) })));
}
