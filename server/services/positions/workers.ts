/**
 * The retention of positions (docs/positions.md "Retention"): a small job of its own, once a day on one
 * instance at a time (clusterEvery's lease), deleting the positions and conformance events of operations
 * that ended RETENTION_DAYS ago, a bounded number of operations per statement.
 */
import { clusterEvery, registerWorker } from '../../background';
import type { AppDeps } from '../../deps';
import { positionsStore } from '../../store/positions';

export const POSITIONS_PURGE_EVERY_MS = 86_400_000;
/** Rounds of one daily run: at most this many times 100 operations are purged per day. */
const MAX_ROUNDS = 50;

export async function purgeOldPositions(deps: AppDeps): Promise<number> {
  let total = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const n = await positionsStore.purgeEnded(deps.db, deps.now());
    total += n;
    if (n === 0) break;
  }
  return total;
}

let registered = false;

export function registerPositionWorkers(): void {
  if (registered) return;
  registered = true;
  registerWorker((deps) =>
    clusterEvery(deps, 'job:positions-purge', POSITIONS_PURGE_EVERY_MS, () => purgeOldPositions(deps), (err) => deps.log.error('positions purge failed', { error: String(err) })),
  );
}
