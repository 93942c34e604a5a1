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

/** The boundary polygon; null if a path cannot be widened into one, 'loading' while its code loads (buffer-line). */
export function flightBoundary(shape: FlightShape): PolygonGeometry | null | 'loading' {
  switch (shape.kind) {
    case 'polygon':
      return { type: 'Polygon', coordinates: [shape.ring] };
    case 'path':
      return bufferLine(shape.line, shape.widthM);
    case 'point':
      return circlePolygon(shape.center, shape.radiusM);
  }
}
