/**
 * What a schema cannot check about an input geometry (OGC simple features validity, the part that
 * matters for the engines): a ring whose edges cross, a polygon with no area, and an absurd number of
 * positions (which would also make the crossing check itself a denial of service).
 */
import { area, kinks } from '@turf/turf';
import type { Feature, Geometry, MultiPolygon, Polygon, Position } from 'geojson';

export const MAX_INPUT_POSITIONS = 10_000;

function positions(g: Geometry): Position[] {
  switch (g.type) {
    case 'Point': return [g.coordinates];
    case 'MultiPoint':
    case 'LineString': return g.coordinates;
    case 'MultiLineString':
    case 'Polygon': return g.coordinates.flat();
    case 'MultiPolygon': return g.coordinates.flat(2);
    case 'GeometryCollection': return g.geometries.flatMap(positions);
  }
}

/** The first problem of a geometry, in words, or null when it is fine. */
export function geometryProblem(g: Geometry, maxPositions = MAX_INPUT_POSITIONS): string | null {
  const n = positions(g).length;
  if (n > maxPositions) return `the geometry has ${n} positions; at most ${maxPositions} are accepted`;
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') {
    const f: Feature<Polygon | MultiPolygon> = { type: 'Feature', properties: {}, geometry: g };
    if (kinks(f).features.length > 0) return 'the polygon is not valid: its edges cross each other';
    if (area(g) <= 0) return 'the polygon has no area';
  }
  return null;
}
