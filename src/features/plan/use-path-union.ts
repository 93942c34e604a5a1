import { useEffect, useSyncExternalStore } from 'react';
import { loadPathUnion, onPathUnionLoaded, pathUnionLoaded } from '../../geo/path-union';

/**
 * Whether the code that widens a path into its area has loaded; starts loading it once `wanted` (the
 * plan is a path). Until then a path has no boundary (derive-plan), and nothing that needs one is sent.
 */
export function usePathUnion(wanted: boolean): boolean {
  const ready = useSyncExternalStore(onPathUnionLoaded, pathUnionLoaded);
  useEffect(() => {
    // A failed load leaves the path without an area; the next change of the plan tries again.
    if (wanted && !ready) loadPathUnion().catch(() => undefined);
  }, [wanted, ready]);
  return ready;
}
