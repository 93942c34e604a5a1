/**
 * The route planner's suggestion on the map: the suggested line (a dashed teal line over a white
 * casing, unlike the blue plan boundary and the airspace's own colours, so the facility-map ceilings
 * and class boundaries under it stay readable) and the chosen start, via and end points. The source
 * id starts with "plan-", so a style swap carries it over (ids.ts).
 */
import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Position } from '../geo/types';

export const ROUTE_SOURCE = 'plan-route';
export const ROUTE_LAYER = { casing: 'plan-route-casing', line: 'plan-route-line', points: 'plan-route-points' } as const;

export type RoutePointRole = 'start' | 'via' | 'end';

export interface RouteShapes {
  /** The suggested route; null before one is asked for (or after it is refused). */
  line: Position[] | null;
  points: { role: RoutePointRole; at: Position }[];
}

const ROUTE_COLOUR = '#0f766e';
const POINT_COLOUR: Record<RoutePointRole, string> = { start: '#15803d', via: '#0f766e', end: '#b91c1c' };

export function routeData(shapes: RouteShapes | null): FeatureCollection {
  if (!shapes) return { type: 'FeatureCollection', features: [] };
  return {
    type: 'FeatureCollection',
    features: [
      ...(shapes.line ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: shapes.line } }] : []),
      ...shapes.points.map((p) => ({ type: 'Feature' as const, properties: { role: p.role }, geometry: { type: 'Point' as const, coordinates: p.at } })),
    ],
  };
}

export function addRouteLayers(map: MapLibreMap): void {
  if (!map.getSource(ROUTE_SOURCE)) map.addSource(ROUTE_SOURCE, { type: 'geojson', data: routeData(null) });
  const add = (layer: Parameters<MapLibreMap['addLayer']>[0]) => {
    if (!map.getLayer(layer.id)) map.addLayer(layer);
  };
  const isLine = ['==', ['geometry-type'], 'LineString'] as never;
  add({ id: ROUTE_LAYER.casing, type: 'line', source: ROUTE_SOURCE, filter: isLine, layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': '#ffffff', 'line-width': 7, 'line-opacity': 0.85 } });
  add({ id: ROUTE_LAYER.line, type: 'line', source: ROUTE_SOURCE, filter: isLine, layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': ROUTE_COLOUR, 'line-width': 4, 'line-dasharray': [2, 1] } });
  add({
    id: ROUTE_LAYER.points,
    type: 'circle',
    source: ROUTE_SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': ['match', ['get', 'role'], 'via', 5, 7] as never,
      'circle-color': ['match', ['get', 'role'], 'start', POINT_COLOUR.start, 'end', POINT_COLOUR.end, POINT_COLOUR.via] as never,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
}
