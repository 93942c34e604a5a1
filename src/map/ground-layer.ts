/**
 * Population-density hexagons (POST /v2/groundType) under the flight boundary. The source id starts
 * with "plan-", so a style swap carries it over (ids.ts); the layers go below the portal's other
 * overlays so the boundary and the highlight stay on top.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { LAYER } from './ids';

export const GROUND_SOURCE = 'plan-ground';
export const GROUND_LAYER = { fill: 'plan-ground-fill', line: 'plan-ground-line' } as const;

/** Density class (contract DENSITY_CLASS_VALUES) → colour, light to dark as people per km² grow. */
export const DENSITY_COLOURS: Record<string, string> = {
  None: '#d1d5db',
  'Sparsely Populated': '#fde68a',
  Rural: '#fbbf24',
  Suburban: '#f97316',
  Urban: '#dc2626',
  'Dense Urban': '#7f1d1d',
};

const colour = ['match', ['get', 'density'], ...Object.entries(DENSITY_COLOURS).flat(), '#9ca3af'];

export function addGroundLayers(map: MapLibreMap): void {
  if (!map.getSource(GROUND_SOURCE)) map.addSource(GROUND_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  const below = map.getLayer(LAYER.highlightFill) ? LAYER.highlightFill : undefined;
  if (!map.getLayer(GROUND_LAYER.fill)) {
    map.addLayer({ id: GROUND_LAYER.fill, type: 'fill', source: GROUND_SOURCE, paint: { 'fill-color': colour as never, 'fill-opacity': 0.45 } }, below);
  }
  if (!map.getLayer(GROUND_LAYER.line)) {
    map.addLayer({ id: GROUND_LAYER.line, type: 'line', source: GROUND_SOURCE, paint: { 'line-color': colour as never, 'line-width': 0.6, 'line-opacity': 0.9 } }, below);
  }
}
