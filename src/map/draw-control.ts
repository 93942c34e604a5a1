/**
 * The only module that imports mapbox-gl-draw. It is a chunk of its own, loaded by the draw adapter
 * (draw-adapter.ts) the first time the pilot goes to draw or a shape is shown: the map comes first.
 */
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { DrawGeometry } from './draw-adapter';
import { DRAW_STYLES } from './draw-styles';

// mapbox-gl-draw looks for Mapbox's class names; point it at MapLibre's before the first instance.
MapboxDraw.constants.classes.CANVAS = 'maplibregl-canvas';
MapboxDraw.constants.classes.CONTROL_BASE = 'maplibregl-ctrl';
MapboxDraw.constants.classes.CONTROL_PREFIX = 'maplibregl-ctrl-';
MapboxDraw.constants.classes.CONTROL_GROUP = 'maplibregl-ctrl-group';
MapboxDraw.constants.classes.ATTRIBUTION = 'maplibregl-ctrl-attrib';

export interface DrawFeature {
  id?: string | number;
  geometry: DrawGeometry;
}

/** The part of mapbox-gl-draw's API the adapter uses. */
export interface DrawControl {
  add(f: unknown): string[];
  getAll(): { features: DrawFeature[] };
  deleteAll(): void;
  delete(ids: string | string[]): void;
  changeMode(mode: string, opts?: unknown): void;
  getMode(): string;
}

/** A draw control added to the map; it connects (adds its sources and layers) once the map has loaded. */
export function addDrawControl(map: MapLibreMap): DrawControl {
  const draw = new MapboxDraw({ displayControlsDefault: false, styles: DRAW_STYLES, boxSelect: false }) as DrawControl;
  // The map's addControl signature is MapLibre's IControl; draw implements the same onAdd/onRemove.
  map.addControl(draw as never);
  return draw;
}
