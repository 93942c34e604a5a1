/**
 * Style layers for airspace areas and lines, bottom to top: facility-map grid, parks, special use
 * airspace, controlled airspace classes, Washington DC areas, security restrictions, routes, TFRs.
 * Layer ids start with "airspace-" so the portal can query all of them at a click.
 */
import type { ExpressionSpecification, LayerSpecification } from '@maplibre/maplibre-gl-style-spec';
import { AIRSPACE_LAYER as L } from '../../contract/map-layers';
import type { Palette } from './palette';

const src = { source: 'airspace' } as const;
const isClass = (c: string): ExpressionSpecification => ['==', ['get', 'class'], c];
const subtypeIn = (...s: string[]): ExpressionSpecification => ['in', ['get', 'subtype'], ['literal', s]];

/** Fill colour of a facility-map cell by its ceiling (B4UFLY-like), grey where LAANC does not serve. */
export function ceilingColour(p: Palette): ExpressionSpecification {
  const [c0, c1, c2, c3, c4] = p.ceiling;
  return ['case', ['!', ['get', 'laanc']], p.ceilingNoLaanc, ['step', ['get', 'ceilingFt'], c0, 50, c1, 150, c2, 250, c3, 350, c4]];
}

const zoomWidth = (z0: number, w0: number, z1: number, w1: number): ExpressionSpecification => ['interpolate', ['linear'], ['zoom'], z0, w0, z1, w1];

function uasfm(p: Palette): LayerSpecification[] {
  return [
    {
      id: L.uasfmFill,
      type: 'fill',
      ...src,
      'source-layer': 'uasfm',
      paint: { 'fill-color': ceilingColour(p), 'fill-opacity': zoomWidth(9, 0.22, 14, 0.32), 'fill-antialias': false },
    },
    {
      id: L.uasfmGrid,
      type: 'line',
      ...src,
      'source-layer': 'uasfm',
      minzoom: 12,
      paint: { 'line-color': ceilingColour(p), 'line-width': 0.5, 'line-opacity': 0.6 },
    },
  ];
}

function parksAndSua(p: Palette): LayerSpecification[] {
  return [
    { id: L.nationalParkFill, type: 'fill', ...src, 'source-layer': 'national_park', paint: { 'fill-color': p.park, 'fill-opacity': 0.14 } },
    { id: L.nationalParkLine, type: 'line', ...src, 'source-layer': 'national_park', paint: { 'line-color': p.park, 'line-width': 1.2 } },
    {
      id: L.suaFill,
      type: 'fill',
      ...src,
      'source-layer': 'sua',
      filter: ['!', subtypeIn('PROHIBITED', 'RESTRICTED')],
      paint: {
        'fill-color': ['match', ['get', 'subtype'], 'MOA', p.moa, 'ADVISORY', p.advisory, p.alert],
        'fill-opacity': 0.07,
      },
    },
    // Prohibited and restricted areas are hatched, as on the chart: a pattern from the sprite.
    { id: L.suaHatch, type: 'fill', ...src, 'source-layer': 'sua', filter: subtypeIn('PROHIBITED', 'RESTRICTED'), paint: { 'fill-pattern': 'hatch-red', 'fill-opacity': 0.8 } },
    {
      id: L.suaLine,
      type: 'line',
      ...src,
      'source-layer': 'sua',
      paint: {
        'line-color': ['match', ['get', 'subtype'], ['PROHIBITED', 'RESTRICTED'], p.restricted, 'MOA', p.moa, 'ADVISORY', p.advisory, p.alert],
        'line-width': ['match', ['get', 'subtype'], ['PROHIBITED', 'RESTRICTED'], 2, 1.6],
      },
    },
  ];
}

function classes(p: Palette): LayerSpecification[] {
  return [
    // Class E: a soft magenta band (the chart's vignette) with a thin dashed edge.
    { id: L.classEBand, type: 'line', ...src, 'source-layer': 'class_airspace', filter: isClass('E'), paint: { 'line-color': p.classE, 'line-width': zoomWidth(7, 3, 12, 8), 'line-blur': zoomWidth(7, 2, 12, 6), 'line-opacity': 0.35, 'line-offset': zoomWidth(7, 1.5, 12, 4) } },
    { id: L.classELine, type: 'line', ...src, 'source-layer': 'class_airspace', filter: isClass('E'), paint: { 'line-color': p.classE, 'line-width': 1, 'line-dasharray': [5, 3] } },
    {
      id: L.classFill,
      type: 'fill',
      ...src,
      'source-layer': 'class_airspace',
      filter: ['in', ['get', 'class'], ['literal', ['B', 'C', 'D']]],
      paint: {
        'fill-color': ['match', ['get', 'class'], 'C', p.classC, 'D', p.classD, p.classB],
        // Only surface areas are tinted: a shelf with a floor above 400 ft does not limit drones near the ground.
        'fill-opacity': ['case', ['get', 'surface'], 0.08, 0.02],
      },
    },
    { id: L.classDLine, type: 'line', ...src, 'source-layer': 'class_airspace', filter: isClass('D'), paint: { 'line-color': p.classD, 'line-width': zoomWidth(7, 1.2, 12, 2), 'line-dasharray': [4, 2] } },
    { id: L.classCLine, type: 'line', ...src, 'source-layer': 'class_airspace', filter: isClass('C'), paint: { 'line-color': p.classC, 'line-width': zoomWidth(5, 1.2, 12, 2.6) } },
    { id: L.classBLine, type: 'line', ...src, 'source-layer': 'class_airspace', filter: isClass('B'), paint: { 'line-color': p.classB, 'line-width': zoomWidth(5, 1.4, 12, 3) } },
  ];
}

function restrictions(p: Palette): LayerSpecification[] {
  return [
    { id: L.satrLine, type: 'line', ...src, 'source-layer': 'satr', paint: { 'line-color': p.satr, 'line-width': 1.5, 'line-dasharray': [6, 3] } },
    { id: L.washingtonSfraLine, type: 'line', ...src, 'source-layer': 'washington_sfra', paint: { 'line-color': p.washington, 'line-width': 2, 'line-dasharray': [6, 2] } },
    { id: L.washingtonFrzHatch, type: 'fill', ...src, 'source-layer': 'washington_frz', paint: { 'fill-pattern': 'hatch-red' } },
    { id: L.washingtonFrzLine, type: 'line', ...src, 'source-layer': 'washington_frz', paint: { 'line-color': p.washington, 'line-width': 2.5 } },
    { id: L.nsufrFill, type: 'fill', ...src, 'source-layer': 'nsufr', paint: { 'fill-color': p.nsufr, 'fill-opacity': ['case', ['get', 'partTime'], 0.08, 0.16] } },
    { id: L.nsufrLine, type: 'line', ...src, 'source-layer': 'nsufr', paint: { 'line-color': p.nsufr, 'line-width': 1.5, 'line-dasharray': [3, 2] } },
    { id: L.communityAdvisoryLine, type: 'line', ...src, 'source-layer': 'community_advisory', paint: { 'line-color': p.advisory, 'line-width': 1.5, 'line-dasharray': [2, 2] } },
    { id: L.notamLine, type: 'line', ...src, 'source-layer': 'notam', paint: { 'line-color': p.alert, 'line-width': 1.5, 'line-dasharray': [2, 2] } },
    {
      id: L.mtrLine,
      type: 'line',
      ...src,
      'source-layer': 'mtr',
      paint: { 'line-color': p.mtr, 'line-width': zoomWidth(7, 1, 12, 2.5), 'line-opacity': 0.8, 'line-dasharray': [8, 3] },
    },
    { id: L.tfrFill, type: 'fill', ...src, 'source-layer': 'tfr', paint: { 'fill-color': p.tfr, 'fill-opacity': ['case', ['get', 'active'], 0.22, 0.06] } },
    { id: L.tfrLineActive, type: 'line', ...src, 'source-layer': 'tfr', filter: ['==', ['get', 'active'], true], paint: { 'line-color': p.tfr, 'line-width': zoomWidth(4, 1.5, 12, 3) } },
    // A TFR not yet in effect: dashed, so the pilot sees it coming without reading it as active.
    { id: L.tfrLineScheduled, type: 'line', ...src, 'source-layer': 'tfr', filter: ['==', ['get', 'active'], false], paint: { 'line-color': p.tfr, 'line-width': zoomWidth(4, 1.2, 12, 2.2), 'line-dasharray': [3, 2] } },
  ];
}

export function airspaceAreaLayers(p: Palette): LayerSpecification[] {
  return [...uasfm(p), ...parksAndSua(p), ...classes(p), ...restrictions(p)];
}
