import { area } from '@turf/turf';
import { continuousGeometry } from './antimeridian';
import type { PolygonGeometry } from './types';
import { SQ_METERS_PER_SQ_MI } from '../../server/contract/units';

/**
 * Geodesic area of a polygon in square statute miles (the spec's area limit is 10 sq mi). Measured on
 * continuous longitudes: a box across 180° is the small box, not the band around the globe.
 */
export function areaSqMi(polygon: PolygonGeometry): number {
  return area(continuousGeometry(polygon)) / SQ_METERS_PER_SQ_MI;
}
