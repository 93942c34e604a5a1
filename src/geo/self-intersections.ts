import { kinks } from '@turf/turf';
import type { PolygonGeometry, Position } from './types';

/** Points where the polygon's edges cross each other (the spec requires a simple polygon). */
export function selfIntersections(polygon: PolygonGeometry): Position[] {
  if ((polygon.coordinates[0]?.length ?? 0) < 4) return [];
  return kinks(polygon).features.map((f) => f.geometry.coordinates as Position);
}
