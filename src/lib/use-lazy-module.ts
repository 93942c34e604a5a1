import { useEffect, useSyncExternalStore } from 'react';
import type { LazyModule } from './lazy-module';

/**
 * Whether `module` has loaded; starts loading it once `wanted`. Until then whatever needs it waits (a
 * path has no area, a plan no zone), so nothing is sent on a guess. After a failed load the next time
 * `wanted` turns true tries again.
 */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): boolean {
  const ready = useSyncExternalStore(module.subscribe, module.current) !== null;
  useEffect(() => {
    if (wanted && !ready) module.load().catch(() => undefined);
  }, [module, wanted, ready]);
  return ready;
}
