import type { Geometry } from '../../server/contract/common';

/**
 * The areas of several entries shown as one: one geometry, or a MultiPolygon of their polygons (null: none).
 * Lines and points do not merge into polygons: then the first is shown alone rather than none.
 */
export function mergeGeometries(geometries: Geometry[]): Geometry | null {
  if (geometries.length <= 1) return geometries[0] ?? null;
  const polygons: Extract<Geometry, { type: 'MultiPolygon' }>['coordinates'] = [];
  for (const g of geometries) {
    if (g.type === 'Polygon') polygons.push(g.coordinates);
    else if (g.type === 'MultiPolygon') polygons.push(...g.coordinates);
    else return geometries[0]!;
  }
  return { type: 'MultiPolygon', coordinates: polygons };
}
