/**
 * The union of the pieces a path sweeps (buffer-line.ts), with turf's union (polyclip-ts and its
 * bignumber.js, ~16 KB gzip). A chunk of its own, loaded by path-union.ts once there is a path: the
 * plan page shows its map without it (docs/portal-delivery.md).
 */
import { featureCollection, polygon } from '@turf/helpers';
import { union } from '@turf/union';
import type { Position } from './types';

/** The outline of the union of closed rings; null unless the union is one polygon. */
export function unionRings(rings: Position[][]): Position[] | null {
  const out = union(featureCollection(rings.map((r) => polygon([r]))));
  const g = out?.geometry;
  if (g?.type !== 'Polygon') return null;
  return g.coordinates[0] as Position[];
}
