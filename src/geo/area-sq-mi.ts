import { area } from '@turf/turf';
import type { PolygonGeometry } from './types';
import { SQ_METERS_PER_SQ_MI } from './units';

/** Geodesic area of a polygon in square statute miles (the spec's area limit is 10 sq mi). */
export function areaSqMi(polygon: PolygonGeometry): number {
  return area(polygon) / SQ_METERS_PER_SQ_MI;
}
