import tzLookup from '@photostructure/tz-lookup';
import type { Position } from './types';

/** The IANA zone at a position, offline; UTC where the lookup has no answer (open ocean edge cases). */
export function timeZoneAt([lon, lat]: Position): string {
  try {
    return tzLookup(lat, lon);
  } catch {
    return 'UTC';
  }
}
