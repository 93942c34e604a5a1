import { booleanIntersects } from '@turf/turf';
import type { Polygon } from 'geojson';
import { continuousGeometry } from './antimeridian';

/**
 * Whether two areas share any ground, a touching edge included (two flights there would meet).
 * Compared on continuous longitudes in one frame: turf's test is planar, and two boxes across 180°
 * read literally are bands around the globe that meet everything at their latitude.
 */
export function areasOverlap(a: Polygon, b: Polygon): boolean {
  const ca = continuousGeometry(a);
  return booleanIntersects(ca, continuousGeometry(b, ca.coordinates[0]?.[0]?.[0]));
}
