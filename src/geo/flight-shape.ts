import { unwrapPositions, wrapPositions } from './antimeridian';
import { bufferLine } from './buffer-line';
import { circlePolygon } from './circle-polygon';
import type { PolygonGeometry, Position } from './types';

/**
 * What the pilot drew. Paths and points are kept as drawn (so they stay editable) and turned
 * into the boundary polygon the service receives. Lengths are metres whatever unit is shown.
 */
export type FlightShape =
  | { kind: 'polygon'; ring: Position[] }
  | { kind: 'path'; line: Position[]; widthM: number }
  | { kind: 'point'; center: Position; radiusM: number };

/**
 * The boundary as the service takes it: every longitude within -180..180 (an edge across 180° goes
 * the short way). A path or circle across 180° is widened on continuous longitudes, so it is the
 * small shape, not a band around the globe (src/geo/antimeridian.ts). Null if a path cannot be widened
 * into one, 'loading' while its code loads (buffer-line).
 */
export function flightBoundary(shape: FlightShape): PolygonGeometry | null | 'loading' {
  const wrapped = (p: PolygonGeometry | null | 'loading'): PolygonGeometry | null | 'loading' =>
    p && p !== 'loading' ? { type: 'Polygon', coordinates: p.coordinates.map((r) => wrapPositions(r)) } : p;
  switch (shape.kind) {
    case 'polygon':
      return wrapped({ type: 'Polygon', coordinates: [shape.ring] });
    case 'path':
      return wrapped(bufferLine(unwrapPositions(shape.line), shape.widthM));
    case 'point':
      return wrapped(circlePolygon(shape.center, shape.radiusM));
  }
}
