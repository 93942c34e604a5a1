import type { Position } from './types';

type Lookup = (lat: number, lon: number) => string;

let lookup: Lookup | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the offline zone table (@photostructure/tz-lookup, 29 KB gzip) as a chunk of its own, so the plan
 * page shows its map without it and fetches it only once there is an area (docs/portal-delivery.md).
 * A failed load can be tried again.
 */
export function loadTimeZones(): Promise<void> {
  loading ??= import('@photostructure/tz-lookup').then(
    (m) => {
      lookup = m.default;
      for (const l of listeners) l();
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

export const timeZonesLoaded = (): boolean => lookup !== null;

/** Calls `listener` once the table has loaded; returns the unsubscribe (a useSyncExternalStore store). */
export function onTimeZonesLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The IANA zone at a position, offline; null until loadTimeZones() has finished (the caller waits: a
 * wrong zone would shift the times a pilot types). UTC where the lookup has no answer (open ocean edge cases).
 */
export function timeZoneAt([lon, lat]: Position): string | null {
  if (!lookup) return null;
  try {
    return lookup(lat, lon);
  } catch {
    return 'UTC';
  }
}
