/**
 * When the airspace data changes (a new dataset version: an FAA import or sync, the sandbox's daily
 * re-anchoring, a TFR the sandbox FAA publishes), every approved authorization still to fly is checked
 * again: one that a blocking restriction now covers becomes STATUS_INVALID by itself (domain.md:
 * "a data change such as a new TFR or facility map made it invalid"), which calls its callback.
 * Runs once per dataset object in a process; several instances may race on one authorization, and the
 * conditional transition lets exactly one of them win.
 */
import type { Dataset } from '../../data/dataset';
import type { AppDeps } from '../../deps';
import { laancStore } from '../../store/laanc';
import { restrictionHits } from '../../domain/laanc/restrictions';
import { demGround } from '../elevation/dem-ground';
import { transition } from './transitions';

export interface Invalidation {
  authorizationId: string;
  /** The restrictions that now cover it. */
  featureIds: string[];
}

const runs = new WeakMap<Dataset, Promise<Invalidation[]>>();

export function revalidateApproved(deps: AppDeps, ds: Dataset): Promise<Invalidation[]> {
  let run = runs.get(ds);
  if (!run) {
    run = check(deps, ds);
    runs.set(ds, run);
  }
  return run;
}

async function check(deps: AppDeps, ds: Dataset): Promise<Invalidation[]> {
  const now = deps.now().getTime();
  const approved = await laancStore.byStatus(deps.db, ['STATUS_APPROVED'], null, { limit: 100_000, offset: 0 });
  const out: Invalidation[] = [];
  for (const { authorization: a } of approved) {
    if (a.endTime.getTime() <= now) continue;
    const blocks = restrictionHits(ds, a.geom, { start: a.startTime.getTime(), end: a.endTime.getTime() }, a.altitude, await demGround(deps, a.geom)).filter((h) => h.action === 'ACTION_BLOCK');
    if (blocks.length === 0) continue;
    const featureIds = [...new Set(blocks.map((b) => b.featureId))];
    const names = featureIds.map((id) => ds.get(id)?.name ?? id);
    try {
      await transition(deps, { authorizationId: a.id, action: 'invalidate', by: 'system', expected: 'STATUS_APPROVED', reason: `Airspace data changed: now covered by ${names.join(', ')}` });
      out.push({ authorizationId: a.id, featureIds });
    } catch {
      // Changed meanwhile (cancelled, closed, or another instance invalidated it first).
    }
  }
  return out;
}

/** The worker: revalidate on every dataset swap of this instance. */
export function revalidateOnSwap(deps: AppDeps): () => void {
  return deps.datasets.onSwap((ds) => {
    revalidateApproved(deps, ds).catch((err) => deps.log.error('revalidation after a dataset change failed', { error: String(err) }));
  });
}
