/**
 * Style layers of the basemap source: a water-coloured background, land over it, modelled urban areas
 * at city zoom, inland water, boundaries by admin level and place labels ranked by population.
 */
import type { LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { BASEMAP_LAYER } from '../../contract/map-layers';
import { FONT_BOLD, FONT_REGULAR, FONT_SEMIBOLD } from './fonts';
import { URBAN_MINZOOM } from '../basemap-urban';
import type { Palette } from './palette';

const src = { source: 'basemap' } as const;

export function basemapLayers(p: Palette): LayerSpecification[] {
  return [
    // Open water is the background: the land data is land, everything else is sea.
    { id: 'background', type: 'background', paint: { 'background-color': p.water } },
    { id: 'land', type: 'fill', ...src, 'source-layer': 'land', paint: { 'fill-color': p.land, 'fill-antialias': false } },
    {
      // Opaque, so overlapping discs of neighbouring towns read as one area; it fades in from city zoom.
      id: BASEMAP_LAYER.urban,
      type: 'fill',
      ...src,
      'source-layer': 'landuse',
      minzoom: URBAN_MINZOOM,
      filter: ['==', ['get', 'class'], 'urban'],
      paint: { 'fill-color': p.urban, 'fill-opacity': ['interpolate', ['linear'], ['zoom'], URBAN_MINZOOM, 0, URBAN_MINZOOM + 1, 1], 'fill-antialias': false },
    },
    { id: 'water', type: 'fill', ...src, 'source-layer': 'water', paint: { 'fill-color': p.water } },
    ...aerowayLayers(p),
    {
      id: 'boundary-county',
      type: 'line',
      ...src,
      'source-layer': 'boundary',
      minzoom: 7,
      filter: ['==', ['get', 'admin_level'], 6],
      paint: { 'line-color': p.boundaryCounty, 'line-width': ['interpolate', ['linear'], ['zoom'], 7, 0.4, 12, 1], 'line-dasharray': [3, 2] },
    },
    {
      id: 'boundary-state',
      type: 'line',
      ...src,
      'source-layer': 'boundary',
      minzoom: 3,
      filter: ['==', ['get', 'admin_level'], 4],
      paint: { 'line-color': p.boundaryState, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 10, 1.6], 'line-dasharray': [4, 2, 1, 2] },
    },
    {
      id: 'boundary-country',
      type: 'line',
      ...src,
      'source-layer': 'boundary',
      filter: ['==', ['get', 'admin_level'], 2],
      paint: { 'line-color': p.boundaryCountry, 'line-width': ['interpolate', ['linear'], ['zoom'], 0, 0.6, 10, 2.2] },
    },
  ];
}

/** Airfield grounds, then runways over them, then designators ("14R") at the runway ends from z13. */
function aerowayLayers(p: Palette): LayerSpecification[] {
  const layer = 'aeroway';
  return [
    {
      id: 'aeroway-aerodrome',
      type: 'fill',
      ...src,
      'source-layer': layer,
      minzoom: 10,
      filter: ['==', ['get', 'class'], 'aerodrome'],
      paint: { 'fill-color': p.aerodrome, 'fill-opacity': ['interpolate', ['linear'], ['zoom'], 10, 0.5, 12, 1] },
    },
    {
      id: 'aeroway-runway',
      type: 'fill',
      ...src,
      'source-layer': layer,
      minzoom: 10,
      filter: ['==', ['get', 'class'], 'runway'],
      paint: { 'fill-color': p.runway },
    },
    {
      // A hairline keeps a runway visible at z10–11, where its fill is narrower than a pixel.
      id: 'aeroway-runway-line',
      type: 'line',
      ...src,
      'source-layer': layer,
      minzoom: 10,
      maxzoom: 13,
      filter: ['==', ['get', 'class'], 'runway'],
      paint: { 'line-color': p.runway, 'line-width': 1 },
    },
    {
      id: 'aeroway-runway-ref',
      type: 'symbol',
      ...src,
      'source-layer': layer,
      minzoom: 13,
      filter: ['==', ['get', 'class'], 'runway_end'],
      layout: { 'text-field': ['get', 'ref'], 'text-font': FONT_BOLD, 'text-size': ['interpolate', ['linear'], ['zoom'], 13, 10, 16, 14], 'text-allow-overlap': false },
      paint: { 'text-color': p.placeText, 'text-halo-color': p.placeHalo, 'text-halo-width': 1.4 },
    },
  ];
}

const placeHalo = (p: Palette) => ({ 'text-color': p.placeText, 'text-halo-color': p.placeHalo, 'text-halo-width': 1.4, 'text-halo-blur': 0.5 });

/**
 * Place labels go above the airspace fills but under airspace symbols. MapLibre places the labels of
 * upper layers first, so cities win over state names, and airspace labels (added later) over both.
 */
export function placeLayers(p: Palette): LayerSpecification[] {
  return [
    {
      id: 'place-state',
      type: 'symbol',
      ...src,
      'source-layer': 'place',
      minzoom: 3,
      maxzoom: 9,
      filter: ['==', ['get', 'class'], 'state'],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': FONT_SEMIBOLD,
        'text-transform': 'uppercase',
        'text-letter-spacing': 0.12,
        'text-size': ['interpolate', ['linear'], ['zoom'], 3, 9, 8, 14],
        'text-max-width': 7,
      },
      paint: { ...placeHalo(p), 'text-color': p.placeMinorText, 'text-opacity': 0.85 },
    },
    {
      id: 'place-village-town',
      type: 'symbol',
      ...src,
      'source-layer': 'place',
      minzoom: 8,
      filter: ['in', ['get', 'class'], ['literal', ['town', 'village']]],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': FONT_REGULAR,
        'text-size': ['interpolate', ['linear'], ['zoom'], 8, 10, 12, 13],
        'symbol-sort-key': ['-', 0, ['get', 'population']],
        'text-max-width': 8,
      },
      paint: { ...placeHalo(p), 'text-color': p.placeMinorText },
    },
    {
      id: 'place-city',
      type: 'symbol',
      ...src,
      'source-layer': 'place',
      minzoom: 2,
      filter: ['==', ['get', 'class'], 'city'],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': FONT_SEMIBOLD,
        'text-size': ['interpolate', ['linear'], ['zoom'], 3, ['step', ['get', 'population'], 10, 1000000, 12], 10, ['step', ['get', 'population'], 13, 1000000, 16]],
        'symbol-sort-key': ['-', 0, ['get', 'population']],
        'icon-image': ['case', ['has', 'capital'], 'capital', 'city-dot'],
        'icon-size': ['interpolate', ['linear'], ['zoom'], 3, 0.7, 10, 1],
        'text-anchor': ['step', ['zoom'], 'left', 8, 'center'],
        'text-offset': ['step', ['zoom'], ['literal', [0.6, 0]], 8, ['literal', [0, 0]]],
        'text-max-width': 8,
        'icon-optional': true,
      },
      paint: { ...placeHalo(p), 'icon-opacity': ['step', ['zoom'], 1, 8, 0] },
    },
    {
      id: 'place-country',
      type: 'symbol',
      ...src,
      'source-layer': 'place',
      minzoom: 1,
      maxzoom: 8,
      filter: ['==', ['get', 'class'], 'country'],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': FONT_BOLD,
        'text-size': ['interpolate', ['linear'], ['zoom'], 1, 10, 6, 16],
        'text-max-width': 6,
        'symbol-sort-key': ['get', 'minzoom'],
      },
      paint: placeHalo(p),
    },
  ];
}
