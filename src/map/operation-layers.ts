/**
 * Read-only layers for the operations pages: operation boundaries, LAANC candidates (dashed),
 * authorizations and LAANC notices coloured by tone, and a highlight. Kept apart from the plan page's
 * overlays (ids.ts): these sources are not carried across a style swap, so they are added again on
 * every 'style.load' (addOperationLayers is idempotent).
 */
import type { FeatureCollection, Geometry, Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { continuousBounds, continuousGeometry } from '../geo/antimeridian';

export type ShapeKind = 'operation' | 'candidate' | 'authorization' | 'notice';
export type ShapeTone = 'danger' | 'warning' | 'success' | 'info' | 'neutral';

export interface DisplayShape {
  id: string;
  kind: ShapeKind;
  tone: ShapeTone;
  geometry: Polygon;
}

export const OPS_SOURCE = { shapes: 'ops-shapes', highlight: 'ops-highlight' } as const;

export const OPS_LAYER = {
  operationFill: 'ops-operation-fill',
  operationLine: 'ops-operation-line',
  noticeLine: 'ops-notice-line',
  candidateLine: 'ops-candidate-line',
  authorizationFill: 'ops-authorization-fill',
  authorizationLine: 'ops-authorization-line',
  highlightFill: 'ops-highlight-fill',
  highlightLine: 'ops-highlight-line',
} as const;

/** The tone lines of src/app/styles/theme.css (light theme), readable on both basemaps. */
export const TONE_COLOUR: Record<ShapeTone, string> = {
  danger: '#dc2626',
  warning: '#d97706',
  success: '#16a34a',
  info: '#2563eb',
  neutral: '#6b7280',
};
const OPERATION = '#2563eb';
const HIGHLIGHT = '#a855f7';

/**
 * The shapes as MapLibre must be given them to draw them the short way across 180°: longitudes made
 * continuous (src/geo/antimeridian.ts). The service keeps an operation across 180° as sent
 * (docs/security.md "The antimeridian"), and MapLibre draws an edge as its numbers say, so a box from
 * 179.99° to -179.99° would otherwise be drawn around the world.
 */
export function shapesCollection(shapes: DisplayShape[], selectedId: string | null): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: shapes.map((s) => ({ type: 'Feature', properties: { id: s.id, kind: s.kind, tone: s.tone, selected: s.id === selectedId }, geometry: continuousGeometry(s.geometry) })),
  };
}

export function highlightCollection(g: Geometry | null): FeatureCollection {
  return { type: 'FeatureCollection', features: g ? [{ type: 'Feature', properties: {}, geometry: continuousGeometry(g) }] : [] };
}

const toneColour = ['match', ['get', 'tone'], 'danger', TONE_COLOUR.danger, 'warning', TONE_COLOUR.warning, 'success', TONE_COLOUR.success, 'info', TONE_COLOUR.info, TONE_COLOUR.neutral];
const kindIs = (k: ShapeKind) => ['==', ['get', 'kind'], k];

export function addOperationLayers(map: MapLibreMap): void {
  for (const id of Object.values(OPS_SOURCE)) {
    if (!map.getSource(id)) map.addSource(id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  }
  const add = (layer: Parameters<MapLibreMap['addLayer']>[0]) => {
    if (!map.getLayer(layer.id)) map.addLayer(layer);
  };
  const src = OPS_SOURCE.shapes;
  add({
    id: OPS_LAYER.operationFill,
    type: 'fill',
    source: src,
    filter: kindIs('operation') as never,
    paint: { 'fill-color': OPERATION, 'fill-opacity': ['case', ['get', 'selected'], 0.3, 0.1] },
  });
  add({
    id: OPS_LAYER.operationLine,
    type: 'line',
    source: src,
    filter: kindIs('operation') as never,
    paint: { 'line-color': OPERATION, 'line-width': ['case', ['get', 'selected'], 4, 2] },
  });
  add({ id: OPS_LAYER.noticeLine, type: 'line', source: src, filter: kindIs('notice') as never, paint: { 'line-color': toneColour as never, 'line-width': 2, 'line-dasharray': [1, 1] } });
  add({ id: OPS_LAYER.candidateLine, type: 'line', source: src, filter: kindIs('candidate') as never, paint: { 'line-color': toneColour as never, 'line-width': 3, 'line-dasharray': [2, 1.5] } });
  add({ id: OPS_LAYER.authorizationFill, type: 'fill', source: src, filter: kindIs('authorization') as never, paint: { 'fill-color': toneColour as never, 'fill-opacity': 0.22 } });
  add({ id: OPS_LAYER.authorizationLine, type: 'line', source: src, filter: kindIs('authorization') as never, paint: { 'line-color': toneColour as never, 'line-width': 3 } });
  add({ id: OPS_LAYER.highlightFill, type: 'fill', source: OPS_SOURCE.highlight, paint: { 'fill-color': HIGHLIGHT, 'fill-opacity': 0.25 } });
  add({ id: OPS_LAYER.highlightLine, type: 'line', source: OPS_SOURCE.highlight, paint: { 'line-color': HIGHLIGHT, 'line-width': 3 } });
}

/** West, south, east, north of every shape, in one continuous frame (null when there are none). */
export function boundsOf(shapes: { geometry: Polygon }[]): [number, number, number, number] | null {
  return continuousBounds(shapes.map((s) => s.geometry));
}
