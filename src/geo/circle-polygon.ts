import { circle } from '@turf/turf';
import type { PolygonGeometry, Position } from './types';

/** A point with a radius as a polygon the service accepts (64 sides: close to round, few vertices). */
export function circlePolygon(center: Position, radiusM: number, steps = 64): PolygonGeometry | null {
  if (!(radiusM > 0)) return null;
  const c = circle(center, radiusM, { units: 'meters', steps });
  return { type: 'Polygon', coordinates: [c.geometry.coordinates[0] as Position[]] };
}
