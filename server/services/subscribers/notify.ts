/**
 * Notifies subscribers when the airspace data changes (docs/subscribers.md): on every dataset swap of an
 * instance (an import, a sync, the sandbox's daily re-anchoring, a sandbox TFR), the changes between the
 * version it had and the new one are matched against each subscriber's area and layers, and one signed,
 * retried delivery per subscriber (in parts of MAX_CHANGES_PER_NOTIFICATION) goes into the callback
 * outbox. Once per dataset version across instances: the run is under runOnce's lease, named like the
 * revalidation of approved authorizations (server/domain/laanc/revalidate.ts) with its own prefix.
 */
import { randomUUID } from 'node:crypto';
import { MAX_CHANGES_PER_NOTIFICATION, type DataChangeNotification } from '../../contract/subscribers';
import type { Dataset } from '../../data/dataset';
import type { AppDeps } from '../../deps';
import { registerWorker, revalidationLease, runOnce } from '../../background';
import { subscribersStore } from '../../store/subscribers';
import { changesFor, diffDatasets } from '../../domain/subscribers/diff';

/** Writes the notifications of one dataset change; returns how many deliveries were queued. */
export async function notifySubscribers(deps: AppDeps, before: Dataset, after: Dataset): Promise<number> {
  const subscribers = await subscribersStore.all(deps.db);
  if (!subscribers.length) return 0;
  const changes = diffDatasets(before, after);
  if (!changes.length) return 0;
  const now = deps.now();
  // Each subscriber's match is its own turn of the event loop, before the store is written: an area of
  // 2,000 positions against the changes costs ~13 ms, and the store's awaits do not yield (PGlite answers
  // on the same thread), so 100 such subscribers held every request 1.3 s at each swap (docs/security.md,
  // third pass).
  const matches: Array<{ s: (typeof subscribers)[number]; mine: ReturnType<typeof changesFor> }> = [];
  for (const s of subscribers) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const mine = changesFor(changes, s.geometry, s.bbox, s.layers);
    if (mine.length) matches.push({ s, mine });
  }
  const rows: Parameters<typeof subscribersStore.enqueueMany>[1][number][] = [];
  for (const { s, mine } of matches) {
    const parts = Math.ceil(mine.length / MAX_CHANGES_PER_NOTIFICATION);
    for (let i = 0; i < parts; i++) {
      const body: DataChangeNotification = {
        subscriberId: s.id,
        datasetVersion: after.version,
        previousDatasetVersion: before.version,
        changes: mine.slice(i * MAX_CHANGES_PER_NOTIFICATION, (i + 1) * MAX_CHANGES_PER_NOTIFICATION),
        part: i + 1,
        parts,
      };
      rows.push({ id: randomUUID(), subscriber: s, body: JSON.stringify(body), at: now });
    }
  }
  // One statement (atomic by itself); a subscriber deleted while the matches ran gets nothing.
  const queued = await subscribersStore.enqueueMany(deps.db, rows);
  if (queued) deps.events.onOutboxWritten();
  return queued;
}

/**
 * The hook: remembers the dataset this instance has, and on each swap notifies for the change from it to
 * the new one. idle() resolves when the runs started so far are finished (tests, shutdown).
 */
export function watchDatasetChanges(deps: AppDeps): { stop: () => Promise<void>; idle: () => Promise<void> } {
  const abort = new AbortController();
  let previous = deps.datasets.current();
  let chain: Promise<unknown> = Promise.resolve();
  const off = deps.datasets.onSwap((next) => {
    const before = previous;
    previous = next;
    chain = chain
      .then(() => runOnce(deps, `subscribers:${revalidationLease(next)}`, () => notifySubscribers(deps, before, next), abort.signal))
      .catch((err) => deps.log.error('notifying subscribers of a dataset change failed', { error: String(err) }));
  });
  return {
    idle: () => chain.then(() => undefined),
    stop: async () => {
      off();
      abort.abort();
      await chain;
    },
  };
}

let registered = false;

export function registerSubscriberWorkers(): void {
  if (registered) return;
  registered = true;
  registerWorker((deps) => watchDatasetChanges(deps).stop);
}
