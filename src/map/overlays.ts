/**
 * The portal's own layers over the basemap: the boundary that will be sent (a buffered path or a
 * circle shows here, not in draw), red when it breaks a limit; markers at the problem (crossing
 * points, the over-long side); and the geometry of the notice the pilot points at.
 */
import type { FeatureCollection, Geometry } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { continuousGeometry } from '../geo/antimeridian';
import type { PolygonGeometry, Position } from '../geo/types';
import { AREA_COLOUR, LAYER, SOURCE } from './ids';

export interface Problems {
  crossings: Position[];
  longSide: { from: Position; to: Position } | null;
}

export interface Overlays {
  boundary: PolygonGeometry | null;
  invalid: boolean;
  problems: Problems | null;
  highlight: Geometry | null;
}

export const emptyCollection = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/** Longitudes made continuous (src/geo/antimeridian.ts): MapLibre draws an edge across 180° as its numbers say. */
const collection = (geometries: Geometry[], props: Record<string, unknown> = {}): FeatureCollection => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry) => ({ type: 'Feature', properties: props, geometry: continuousGeometry(geometry) })),
});

/** The sources whose data changed between `prev` and `next` (all of them when prev is null). */
export function overlayData(next: Overlays, prev: Overlays | null): [string, FeatureCollection][] {
  const out: [string, FeatureCollection][] = [];
  if (!prev || prev.boundary !== next.boundary || prev.invalid !== next.invalid) {
    out.push([SOURCE.boundary, collection(next.boundary ? [next.boundary] : [], { invalid: next.invalid })]);
  }
  if (!prev || prev.problems !== next.problems) {
    const p = next.problems;
    const g: Geometry[] = [];
    if (p) {
      for (const c of p.crossings) g.push({ type: 'Point', coordinates: c });
      if (p.longSide) g.push({ type: 'LineString', coordinates: [p.longSide.from, p.longSide.to] });
    }
    out.push([SOURCE.problems, collection(g)]);
  }
  if (!prev || prev.highlight !== next.highlight) {
    out.push([SOURCE.highlight, collection(next.highlight ? [next.highlight] : [])]);
  }
  return out;
}

const RED = '#dc2626';
const HIGHLIGHT = '#a855f7';

/** Adds the sources and layers once per style; a style swap carries them over (see carryOver). */
export function addOverlays(map: MapLibreMap): void {
  for (const id of Object.values(SOURCE)) {
    if (!map.getSource(id)) map.addSource(id, { type: 'geojson', data: emptyCollection() });
  }
  const add = (layer: Parameters<MapLibreMap['addLayer']>[0]) => {
    if (!map.getLayer(layer.id)) map.addLayer(layer);
  };
  add({ id: LAYER.highlightFill, type: 'fill', source: SOURCE.highlight, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': HIGHLIGHT, 'fill-opacity': 0.25 } });
  add({ id: LAYER.highlightLine, type: 'line', source: SOURCE.highlight, paint: { 'line-color': HIGHLIGHT, 'line-width': 3 } });
  add({
    id: LAYER.boundaryFill,
    type: 'fill',
    source: SOURCE.boundary,
    paint: { 'fill-color': ['case', ['get', 'invalid'], RED, AREA_COLOUR], 'fill-opacity': ['case', ['get', 'invalid'], 0.15, 0.06] },
  });
  add({
    id: LAYER.boundaryLine,
    type: 'line',
    source: SOURCE.boundary,
    paint: { 'line-color': ['case', ['get', 'invalid'], RED, AREA_COLOUR], 'line-width': ['case', ['get', 'invalid'], 4, 1.5] },
  });
  add({ id: LAYER.problemLine, type: 'line', source: SOURCE.problems, filter: ['==', ['geometry-type'], 'LineString'], paint: { 'line-color': RED, 'line-width': 6, 'line-opacity': 0.8 } });
  add({
    id: LAYER.problemPoint,
    type: 'circle',
    source: SOURCE.problems,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 8, 'circle-color': RED, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
  });
}

/** Puts the problem markers and the highlight above draw's layers, which are added after ours. */
export function raiseOverlays(map: MapLibreMap): void {
  for (const id of [LAYER.boundaryLine, LAYER.highlightFill, LAYER.highlightLine, LAYER.problemLine, LAYER.problemPoint]) {
    if (map.getLayer(id)) map.moveLayer(id);
  }
}
