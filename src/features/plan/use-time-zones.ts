import { useEffect, useSyncExternalStore } from 'react';
import { loadTimeZones, onTimeZonesLoaded, timeZonesLoaded } from '../../geo/time-zone-at';

/**
 * Whether the zone table is loaded; starts loading it once `wanted` (there is an area). Until then the
 * plan has no zone of its own (derive-plan), and nothing that needs one is sent.
 */
export function useTimeZones(wanted: boolean): boolean {
  const ready = useSyncExternalStore(onTimeZonesLoaded, timeZonesLoaded);
  useEffect(() => {
    // A failed load leaves the zone unknown, so no operation is filed with a guessed zone; the next area tries again.
    if (wanted && !ready) loadTimeZones().catch(() => undefined);
  }, [wanted, ready]);
  return ready;
}
