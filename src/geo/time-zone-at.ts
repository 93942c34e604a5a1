import type { Geometry } from 'geojson';
import { lazyModule } from '../lib/lazy-module';
import { continuousBounds, wrapLongitude } from './antimeridian';
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

/**
 * The zone of an area: the zone at the middle of its bounds (continuous longitudes, so an area across
 * 180° is placed where it is). The plan, the claim page and the operation page read an area's times in
 * it. null until timeZoneTable has loaded, or for an empty geometry.
 */
export function areaTimeZone(boundary: Geometry): string | null {
  const b = continuousBounds([boundary]);
  if (!b) return null;
  return timeZoneAt([wrapLongitude((b[0] + b[2]) / 2), (b[1] + b[3]) / 2]);
}
