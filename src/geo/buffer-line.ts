import { buffer, lineString } from '@turf/turf';
import type { PolygonGeometry, Position } from './types';

/**
 * A flight path as the area it sweeps: the line widened by `widthM` (half on each side), as the
 * spec turns a LineString into a Polygon before applying the area and side limits.
 * Returns null for a line too short to buffer or a width that is not positive.
 */
export function bufferLine(line: Position[], widthM: number): PolygonGeometry | null {
  if (line.length < 2 || !(widthM > 0)) return null;
  const out = buffer(lineString(line), widthM / 2, { units: 'meters', steps: 8 });
  const g = out?.geometry;
  if (!g) return null;
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: [g.coordinates[0] as Position[]] };
  // A path that doubles back can buffer into pieces; the largest piece is not the flight, so refuse.
  return null;
}
