/**
 * Style layers for airspace labels and point features: facility-map ceilings, class altitudes along
 * boundaries (the chart's "100/SFC"), names of areas, airports, stadiums and flying sites. They come
 * last in the style so MapLibre places them before place names when labels collide.
 */
import type { ExpressionSpecification, LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { FONT_BOLD, FONT_ITALIC, FONT_REGULAR, FONT_SEMIBOLD } from './fonts';
import { AIRSPACE_LAYER as L } from '../../contract/map-layers';
import type { Palette } from './palette';

const src = { source: 'airspace' } as const;
/** The name label of each area layer of the tiles. */
const AREA_LABEL = { sua: L.suaLabel, tfr: L.tfrLabel, notam: L.notamLabel, national_park: L.nationalParkLabel, nsufr: L.nsufrLabel, washington_frz: L.washingtonFrzLabel, washington_sfra: L.washingtonSfraLabel } as const;
const halo = (p: Palette) => ({ 'text-halo-color': p.placeHalo, 'text-halo-width': 1.5 });

function areaLabels(p: Palette): LayerSpecification[] {
  return [
    {
      id: L.uasfmLabel,
      type: 'symbol',
      ...src,
      'source-layer': 'uasfm_label',
      minzoom: 12,
      // Ignore-placement: a grid puts a ceiling in every cell, and placed first they left no room for a
      // town's name or a runway's designator at planning zoom (Grand Island, NE at z12: no name at all).
      // The ceilings still all show, drawn over the names where they meet.
      layout: { 'text-field': ['to-string', ['get', 'ceilingFt']], 'text-font': FONT_BOLD, 'text-size': ['interpolate', ['linear'], ['zoom'], 12, 10, 15, 14], 'text-padding': 1, 'text-ignore-placement': true },
      paint: { 'text-color': p.ceilingText, ...halo(p) },
    },
    {
      id: L.classLabel,
      type: 'symbol',
      ...src,
      'source-layer': 'class_airspace',
      minzoom: 9,
      filter: ['in', ['get', 'class'], ['literal', ['B', 'C', 'D']]],
      layout: {
        'symbol-placement': 'line',
        'symbol-spacing': 350,
        'text-field': ['get', 'label'],
        'text-font': FONT_SEMIBOLD,
        'text-size': 11,
        'text-offset': [0, 0.9],
      },
      paint: { 'text-color': ['match', ['get', 'class'], 'C', p.classC, 'D', p.classD, p.classB], ...halo(p) },
    },
    // A NOTAM area (a crane, an obstacle) was an unlabelled dashed circle: it carries its name too.
    ...(['sua', 'tfr', 'notam', 'national_park', 'nsufr', 'washington_frz', 'washington_sfra'] as const).map(
      (layer): LayerSpecification => ({
        id: AREA_LABEL[layer],
        type: 'symbol',
        ...src,
        'source-layer': layer,
        minzoom: layer === 'tfr' ? 7 : layer === 'notam' ? 10 : 8,
        layout: { 'text-field': ['get', 'name'], 'text-font': layer === 'national_park' ? FONT_ITALIC : FONT_SEMIBOLD, 'text-size': 11, 'text-max-width': 9 },
        paint: { 'text-color': labelColour(p, layer), ...halo(p) },
      }),
    ),
    {
      id: L.mtrLabel,
      type: 'symbol',
      ...src,
      'source-layer': 'mtr',
      minzoom: 9,
      layout: { 'symbol-placement': 'line', 'text-field': ['coalesce', ['get', 'ident'], ['get', 'name']], 'text-font': FONT_REGULAR, 'text-size': 10 },
      paint: { 'text-color': p.mtr, ...halo(p) },
    },
  ];
}

function labelColour(p: Palette, layer: string): string | ExpressionSpecification {
  switch (layer) {
    case 'sua':
      return ['match', ['get', 'subtype'], ['PROHIBITED', 'RESTRICTED'], p.restricted, 'MOA', p.moa, p.alert];
    case 'tfr':
      return p.tfr;
    case 'notam':
      return p.alert;
    case 'national_park':
      return p.park;
    case 'nsufr':
      return p.nsufr;
    default:
      return p.washington;
  }
}

function points(p: Palette): LayerSpecification[] {
  return [
    {
      id: L.recreationalSite,
      type: 'symbol',
      ...src,
      'source-layer': 'recreational_flyer_fixed_site',
      layout: { 'icon-image': 'rc-field', 'icon-allow-overlap': true, 'text-field': ['step', ['zoom'], '', 12, ['get', 'name']], 'text-font': FONT_REGULAR, 'text-size': 10, 'text-anchor': 'top', 'text-offset': [0, 0.9], 'text-optional': true },
      paint: { 'text-color': p.park, ...halo(p) },
    },
    {
      id: L.stadium,
      type: 'symbol',
      ...src,
      'source-layer': 'stadium',
      layout: { 'icon-image': 'stadium', 'icon-allow-overlap': true, 'text-field': ['step', ['zoom'], '', 11, ['get', 'name']], 'text-font': FONT_REGULAR, 'text-size': 10, 'text-anchor': 'top', 'text-offset': [0, 0.9], 'text-optional': true },
      paint: { 'text-color': p.placeText, ...halo(p) },
    },
    {
      id: L.airport,
      type: 'symbol',
      ...src,
      'source-layer': 'airport',
      layout: {
        'icon-image': ['match', ['get', 'subtype'], 'HELIPORT', 'heliport', 'SEAPLANE_BASE', 'seaplane', ['case', ['get', 'towered'], 'airport-towered', 'airport']],
        'icon-size': ['interpolate', ['linear'], ['zoom'], 6, 0.75, 12, 1],
        'icon-allow-overlap': ['step', ['zoom'], false, 10, true],
        // Towered airports win collisions; within a kind the order is the data's.
        'symbol-sort-key': ['case', ['get', 'towered'], 0, 1],
        'text-field': ['step', ['zoom'], ['case', ['get', 'towered'], ['coalesce', ['get', 'ident'], ''], ''], 9, ['coalesce', ['get', 'ident'], ['get', 'name']]],
        'text-font': FONT_SEMIBOLD,
        'text-size': 11,
        'text-anchor': 'left',
        'text-offset': [0.9, 0],
        'text-optional': true,
      },
      paint: { 'text-color': p.airportText, ...halo(p) },
    },
  ];
}

export function airspaceSymbolLayers(p: Palette): LayerSpecification[] {
  return [...areaLabels(p), ...points(p)];
}
