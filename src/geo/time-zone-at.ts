import { lazyModule } from '../lib/lazy-module';
import type { Position } from './types';

/**
 * The offline zone table (@photostructure/tz-lookup, 29 KB gzip), a chunk of its own: the plan page shows
 * its map without it and loads it only once there is an area (docs/portal-delivery.md).
 */
export const timeZoneTable = lazyModule(() => import('@photostructure/tz-lookup').then((m) => m.default));

/**
 * The IANA zone at a position, offline; null until timeZoneTable has loaded (the caller waits: a wrong
 * zone would shift the times a pilot types). UTC where the lookup has no answer (open ocean edge cases).
 */
export function timeZoneAt([lon, lat]: Position): string | null {
  const lookup = timeZoneTable.current();
  if (!lookup) return null;
  try {
    return lookup(lat, lon);
  } catch {
    return 'UTC';
  }
}
