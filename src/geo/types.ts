/** Plain GeoJSON shapes the helpers take and return ([longitude, latitude], RFC 7946). */
export type Position = [number, number];
export type Ring = Position[];
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Ring[];
}
