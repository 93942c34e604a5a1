import type { FeatureCollection, Geometry } from 'geojson';
import type { FlightShape } from './flight-shape';
import { closeRing } from './ring';
import type { PolygonGeometry } from './types';

/**
 * The flight area as a GeoJSON FeatureCollection (RFC 7946) for download. The first feature is the
 * shape as drawn, with `width` or `radius` in metres as parseGeoJson reads them, so importing the
 * file gives the same plan back; a path or point also carries the boundary polygon sent to the
 * service, for tools that only show areas.
 */
export function areaGeoJson(shape: FlightShape, boundary: PolygonGeometry, properties: Record<string, string | number>): FeatureCollection {
  const feature = (geometry: Geometry, extra: Record<string, string | number>) => ({ type: 'Feature' as const, properties: { ...properties, ...extra }, geometry });
  if (shape.kind === 'polygon') return { type: 'FeatureCollection', features: [feature({ type: 'Polygon', coordinates: [closeRing(shape.ring)] }, { role: 'area' })] };
  const drawn =
    shape.kind === 'path'
      ? feature({ type: 'LineString', coordinates: shape.line }, { role: 'path', width: shape.widthM })
      : feature({ type: 'Point', coordinates: shape.center }, { role: 'point', radius: shape.radiusM });
  return { type: 'FeatureCollection', features: [drawn, feature(boundary, { role: 'boundary' })] };
}
