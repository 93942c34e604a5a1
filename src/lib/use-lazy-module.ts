import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LazyModule } from './lazy-module';

/** After a failed load, while still wanted, the next try comes after this long, doubling up to the most (ms). */
export const LAZY_RETRY = { firstDelayMs: 1000, maxDelayMs: 15_000 };

/**
 * Whether `module` has loaded; starts loading it once `wanted`. Until then whatever needs it waits (a
 * path has no area, a plan no zone), so nothing is sent on a guess. A failed load is tried again on its
 * own while it is wanted (after 1 s, 2 s, … every 15 s at most), and at once the next time `wanted`
 * turns true: a plan must not wait for its zone forever because the connection dropped once.
 */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): boolean {
  const ready = useSyncExternalStore(module.subscribe, module.current) !== null;
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (!wanted) setFailures(0);
  }, [wanted]);
  useEffect(() => {
    if (!wanted || ready) return;
    let stopped = false;
    const attempt = () =>
      void module.load().catch(() => {
        if (!stopped) setFailures((n) => n + 1);
      });
    if (failures === 0) attempt();
    const timer = failures === 0 ? undefined : window.setTimeout(attempt, Math.min(LAZY_RETRY.firstDelayMs * 2 ** (failures - 1), LAZY_RETRY.maxDelayMs));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [module, wanted, ready, failures]);
  return ready;
}
