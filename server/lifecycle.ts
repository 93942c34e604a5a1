/**
 * Where one instance is in its life, for the load balancer (docs/deploy.md): starting until the store
 * is migrated and the dataset loaded, ready, then draining from SIGTERM on. GET /readyz answers 200
 * only when ready; GET /livez answers 200 whenever the process can answer at all.
 */
import type { AppDeps } from './deps';

export type Phase = 'starting' | 'ready' | 'draining';

export class Lifecycle {
  phase: Phase = 'starting';

  markReady(): void {
    // Draining is final: a late "ready" must not reopen an instance that is going away.
    if (this.phase === 'starting') this.phase = 'ready';
  }

  drain(): void {
    this.phase = 'draining';
  }
}

const byDeps = new WeakMap<AppDeps, Lifecycle>();

export function attachLifecycle(deps: AppDeps, lifecycle: Lifecycle): void {
  byDeps.set(deps, lifecycle);
}

/** The instance's lifecycle; deps built without bootstrap (a copy in a test) count as ready. */
export function lifecycleOf(deps: AppDeps): Lifecycle {
  let l = byDeps.get(deps);
  if (!l) {
    l = new Lifecycle();
    l.markReady();
    byDeps.set(deps, l);
  }
  return l;
}
