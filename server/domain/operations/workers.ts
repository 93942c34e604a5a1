/**
 * The periodic work of operations and LAANC, registered with server/background.ts (started by
 * server/index.ts; tests call the functions directly with a controlled clock):
 * - the callback deliverer (also woken by deps.events.onOutboxWritten);
 * - auto-cancel of further coordination not answered by its start (also done lazily on reads);
 * - the purge of ephemeral operations expired for a week;
 * - revalidation of approved authorizations when the dataset changes, and the sandbox TFR overlay sync.
 */
import { registerWorker } from '../../background';
import { startDeliverer } from '../callbacks/deliver';
import { revalidateOnSwap } from '../laanc/revalidate';
import { syncSandboxTfrs } from '../laanc/sandbox';
import { autoCancelDue } from '../laanc/transitions';
import { purgeExpiredEphemeral } from './ephemeral';

export const AUTO_CANCEL_EVERY_MS = 30_000;
export const PURGE_EVERY_MS = 3_600_000;
export const SANDBOX_TFR_SYNC_MS = 5_000;

function every(ms: number, fn: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    fn().catch(onError).finally(() => (busy = false));
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

let registered = false;

export function registerOperationWorkers(): void {
  if (registered) return;
  registered = true;
  registerWorker((deps) => startDeliverer(deps));
  registerWorker((deps) => every(AUTO_CANCEL_EVERY_MS, () => autoCancelDue(deps), (err) => deps.log.error('auto-cancel failed', { error: String(err) })));
  registerWorker((deps) => revalidateOnSwap(deps));
  // Sandbox TFRs published through another instance, or before a restart, join this one's dataset.
  registerWorker((deps) => (deps.config.profile === 'sandbox' ? every(SANDBOX_TFR_SYNC_MS, () => syncSandboxTfrs(deps), (err) => deps.log.error('sandbox TFR sync failed', { error: String(err) })) : () => undefined));
  registerWorker((deps) => every(PURGE_EVERY_MS, () => purgeExpiredEphemeral(deps), (err) => deps.log.error('ephemeral purge failed', { error: String(err) })));
}
