/**
 * Outlines of the organization's operations that overlap the plan in place and time. The source
 * id starts with "plan-", so a style swap carries it over (ids.ts); dashed violet (apart from the orange density hexagons), below the
 * boundary, so the plan's own edge stays readable.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { LAYER } from './ids';

export const CONFLICT_SOURCE = 'plan-conflicts';
export const CONFLICT_LAYER = { fill: 'plan-conflicts-fill', line: 'plan-conflicts-line' } as const;
export const CONFLICT_COLOUR = '#7c3aed';

export function addConflictLayers(map: MapLibreMap): void {
  if (!map.getSource(CONFLICT_SOURCE)) map.addSource(CONFLICT_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  const below = map.getLayer(LAYER.highlightFill) ? LAYER.highlightFill : undefined;
  if (!map.getLayer(CONFLICT_LAYER.fill)) map.addLayer({ id: CONFLICT_LAYER.fill, type: 'fill', source: CONFLICT_SOURCE, paint: { 'fill-color': CONFLICT_COLOUR, 'fill-opacity': 0.12 } }, below);
  if (!map.getLayer(CONFLICT_LAYER.line)) {
    map.addLayer({ id: CONFLICT_LAYER.line, type: 'line', source: CONFLICT_SOURCE, paint: { 'line-color': CONFLICT_COLOUR, 'line-width': 3, 'line-dasharray': [2, 1.5] } }, below);
  }
}
