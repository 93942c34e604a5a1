import { distance } from '@turf/turf';
import type { PolygonGeometry, Position } from './types';

export interface Side {
  lengthNm: number;
  from: Position;
  to: Position;
}

/**
 * The longest side of the polygon's outer ring, in nautical miles (the spec limits sides to
 * 10 NM). Returned with its ends so the map can mark it.
 */
export function longestSideNm(polygon: PolygonGeometry): Side | null {
  const ring = polygon.coordinates[0] ?? [];
  let best: Side | null = null;
  for (let i = 1; i < ring.length; i++) {
    const from = ring[i - 1]!;
    const to = ring[i]!;
    const lengthNm = distance(from, to, { units: 'nauticalmiles' });
    if (!best || lengthNm > best.lengthNm) best = { lengthNm, from, to };
  }
  return best;
}
