import { booleanIntersects } from '@turf/turf';
import type { Polygon } from 'geojson';

/** Whether two areas share any ground, a touching edge included (two flights there would meet). */
export function areasOverlap(a: Polygon, b: Polygon): boolean {
  return booleanIntersects(a, b);
}
