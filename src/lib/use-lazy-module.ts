import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { LazyModule } from './lazy-module';

/** After a failed load, while still wanted, the next try comes after this long, doubling up to the most (ms). */
export const LAZY_RETRY = { firstDelayMs: 1000, maxDelayMs: 15_000 };

export interface LazyLoad {
  ready: boolean;
  /** The last load's error while not loaded (null before any failure, and once loaded). */
  error: unknown;
  /** Tries again now instead of at the next scheduled try. */
  retry(): void;
}

/**
 * The state of `module`: starts loading it once `wanted`. Until then whatever needs it waits (a path has no
 * area, a plan no zone), so nothing is sent on a guess. A failed load is tried again on its own while it is
 * wanted (after 1 s, 2 s, … every 15 s at most), and at once the next time `wanted` turns true or on
 * `retry()`: a plan must not wait for its zone forever because the connection dropped once.
 */
export function useLazyLoad<T>(module: LazyModule<T>, wanted: boolean): LazyLoad {
  const ready = useSyncExternalStore(module.subscribe, module.current) !== null;
  const [failed, setFailed] = useState<{ count: number; error: unknown }>({ count: 0, error: null });
  useEffect(() => {
    if (!wanted) setFailed({ count: 0, error: null });
  }, [wanted]);
  const failures = failed.count;
  useEffect(() => {
    if (!wanted || ready) return;
    let stopped = false;
    const attempt = () =>
      void module.load().catch((error: unknown) => {
        if (!stopped) setFailed((f) => ({ count: f.count + 1, error: error ?? new Error('not loaded') }));
      });
    if (failures === 0) attempt();
    const timer = failures === 0 ? undefined : window.setTimeout(attempt, Math.min(LAZY_RETRY.firstDelayMs * 2 ** (failures - 1), LAZY_RETRY.maxDelayMs));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [module, wanted, ready, failures]);
  const retry = useCallback(() => setFailed((f) => ({ count: 0, error: f.error })), []);
  return { ready, error: ready ? null : failed.error, retry };
}

/** Whether `module` has loaded (useLazyLoad, for callers with nothing to say about a failure). */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): boolean {
  return useLazyLoad(module, wanted).ready;
}
