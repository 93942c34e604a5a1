import type { Position, Ring } from './types';

const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/** A GeoJSON ring is closed when its last position repeats the first (RFC 7946 3.1.6). */
export function isRingClosed(ring: Ring): boolean {
  return ring.length >= 2 && same(ring[0]!, ring[ring.length - 1]!);
}

/** The ring with its first position repeated at the end, unless it already is. */
export function closeRing(ring: Ring): Ring {
  if (ring.length === 0 || isRingClosed(ring)) return ring;
  return [...ring, ring[0]!];
}
