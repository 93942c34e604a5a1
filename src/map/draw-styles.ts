/**
 * Our own draw styles instead of mapbox-gl-draw's theme: its default line layer switches
 * line-dasharray by a data expression, which MapLibre does not take for that property. The
 * active/inactive split is done with filters instead.
 */
import { AREA_COLOUR } from './ids';

/** The drawn area: AREA_COLOUR on a white casing, with a light fill, readable over every layer and map. */
const BLUE = AREA_COLOUR;
const ORANGE = '#ea580c';
const WHITE = '#ffffff';

const isLine = ['any', ['==', '$type', 'LineString'], ['==', '$type', 'Polygon']];

export const DRAW_STYLES = [
  { id: 'gl-draw-polygon-fill', type: 'fill', filter: ['all', ['==', '$type', 'Polygon']], paint: { 'fill-color': BLUE, 'fill-opacity': 0.1 } },
  {
    id: 'gl-draw-lines-casing',
    type: 'line',
    filter: ['all', isLine],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': WHITE, 'line-width': 6, 'line-opacity': 0.9 },
  },
  {
    id: 'gl-draw-lines-inactive',
    type: 'line',
    filter: ['all', isLine, ['!=', 'active', 'true']],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': BLUE, 'line-width': 3 },
  },
  {
    id: 'gl-draw-lines-active',
    type: 'line',
    filter: ['all', isLine, ['==', 'active', 'true']],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': ORANGE, 'line-width': 2.5, 'line-dasharray': [0.2, 2] },
  },
  { id: 'gl-draw-point-outer', type: 'circle', filter: ['all', ['==', '$type', 'Point'], ['==', 'meta', 'feature']], paint: { 'circle-radius': 7, 'circle-color': WHITE } },
  { id: 'gl-draw-point-inner', type: 'circle', filter: ['all', ['==', '$type', 'Point'], ['==', 'meta', 'feature']], paint: { 'circle-radius': 5, 'circle-color': BLUE } },
  {
    id: 'gl-draw-vertex-outer',
    type: 'circle',
    filter: ['all', ['==', '$type', 'Point'], ['==', 'meta', 'vertex'], ['!=', 'mode', 'simple_select']],
    paint: { 'circle-radius': 7, 'circle-color': WHITE },
  },
  {
    id: 'gl-draw-vertex-inner',
    type: 'circle',
    filter: ['all', ['==', '$type', 'Point'], ['==', 'meta', 'vertex'], ['!=', 'mode', 'simple_select']],
    paint: { 'circle-radius': 5, 'circle-color': ORANGE },
  },
  { id: 'gl-draw-midpoint', type: 'circle', filter: ['all', ['==', 'meta', 'midpoint']], paint: { 'circle-radius': 4, 'circle-color': ORANGE } },
];
