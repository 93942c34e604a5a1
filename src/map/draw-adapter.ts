/**
 * The only code that knows mapbox-gl-draw. It draws one flight shape at a time and tells the
 * app about it as plain GeoJSON geometry (null when deleted); no caller sees draw.* events,
 * draw modes or Mapbox class names.
 */
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { DRAW_STYLES } from './draw-styles';

export type DrawTool = 'polygon' | 'path' | 'point';
export type DrawState = 'idle' | 'drawing' | 'editing';
export type DrawGeometry =
  | { type: 'Polygon'; coordinates: [number, number][][] }
  | { type: 'LineString'; coordinates: [number, number][] }
  | { type: 'Point'; coordinates: [number, number] };

export interface DrawHandlers {
  onChange(geometry: DrawGeometry | null): void;
  onStateChange(state: DrawState, tool: DrawTool | null): void;
}

// mapbox-gl-draw looks for Mapbox's class names; point it at MapLibre's before the first instance.
MapboxDraw.constants.classes.CANVAS = 'maplibregl-canvas';
MapboxDraw.constants.classes.CONTROL_BASE = 'maplibregl-ctrl';
MapboxDraw.constants.classes.CONTROL_PREFIX = 'maplibregl-ctrl-';
MapboxDraw.constants.classes.CONTROL_GROUP = 'maplibregl-ctrl-group';
MapboxDraw.constants.classes.ATTRIBUTION = 'maplibregl-ctrl-attrib';

const FEATURE_ID = 'flight-area';
const MODE_OF: Record<DrawTool, string> = { polygon: 'draw_polygon', path: 'draw_line_string', point: 'draw_point' };
// Coordinates that differ less than this (about 0.1 m) are the same shape: the URL rounds to it.
const EPS = 1e-6;

interface DrawFeature {
  id?: string | number;
  geometry: DrawGeometry;
}

function flat(g: DrawGeometry): number[] {
  return (g.type === 'Point' ? [g.coordinates] : g.type === 'LineString' ? g.coordinates : g.coordinates.flat()).flat();
}

/** A difference of whole turns is none: across 180° draw may hold the shape a world over (180.01 for -179.99). */
const apart = (d: number) => Math.abs(d - 360 * Math.round(d / 360));

export function sameGeometry(a: DrawGeometry | null, b: DrawGeometry | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.type !== b.type) return false;
  const x = flat(a);
  const y = flat(b);
  return x.length === y.length && x.every((v, i) => apart(v - y[i]!) < EPS);
}

/** Draw fires its own event names on the map, which MapLibre's typed `on` does not list. */
interface DrawEvented {
  on(type: string, listener: (e: never) => void): void;
  off(type: string, listener: (e: never) => void): void;
}

export class DrawAdapter {
  private readonly draw: {
    add(f: unknown): string[];
    getAll(): { features: DrawFeature[] };
    deleteAll(): void;
    delete(ids: string | string[]): void;
    changeMode(mode: string, opts?: unknown): void;
    getMode(): string;
  };
  private current: DrawGeometry | null = null;
  private tool: DrawTool | null = null;
  private readonly events: DrawEvented;

  constructor(
    private readonly map: MapLibreMap,
    private readonly handlers: DrawHandlers,
  ) {
    this.draw = new MapboxDraw({ displayControlsDefault: false, styles: DRAW_STYLES, boxSelect: false });
    // The map's addControl signature is MapLibre's IControl; draw implements the same onAdd/onRemove.
    map.addControl(this.draw as never);
    this.events = map as unknown as DrawEvented;
    this.events.on('draw.create', this.onCreate);
    this.events.on('draw.update', this.onUpdate);
    this.events.on('draw.delete', this.onDelete);
    this.events.on('draw.modechange', this.onModeChange);
    // Features added before draw is connected (its sources exist only after the map's 'load') are
    // kept but not rendered until the next change; re-add the current one once draw is connected.
    // Draw's own 'load' listener was registered above, so it has connected by the time this runs.
    map.once('load', this.onLoad);
  }

  /** Start drawing a new shape; the old one stays until the new one is finished. */
  start(tool: DrawTool): void {
    this.tool = tool;
    this.draw.changeMode(MODE_OF[tool]);
    this.handlers.onStateChange('drawing', tool);
  }

  /** Move the corners of the current shape. */
  edit(): void {
    if (!this.current) return;
    if (this.current.type === 'Point') this.draw.changeMode('simple_select', { featureIds: [FEATURE_ID] });
    else this.draw.changeMode('direct_select', { featureId: FEATURE_ID });
    this.handlers.onStateChange('editing', null);
  }

  /** Leave drawing or editing without changing the shape. */
  cancel(): void {
    this.draw.changeMode('simple_select');
    this.handlers.onStateChange('idle', null);
  }

  /** Show a shape that came from elsewhere (the URL, a paste, typed corners). */
  set(geometry: DrawGeometry | null): void {
    if (sameGeometry(geometry, this.current)) return;
    this.current = geometry;
    this.draw.deleteAll();
    if (geometry) this.draw.add({ type: 'Feature', id: FEATURE_ID, properties: {}, geometry });
  }

  clear(): void {
    this.set(null);
    this.handlers.onChange(null);
  }

  mode(): string {
    return this.draw.getMode();
  }

  features(): DrawFeature[] {
    return this.draw.getAll().features;
  }

  destroy(): void {
    this.events.off('draw.create', this.onCreate);
    this.events.off('draw.update', this.onUpdate);
    this.events.off('draw.delete', this.onDelete);
    this.events.off('draw.modechange', this.onModeChange);
    this.map.off('load', this.onLoad);
  }

  private readonly onLoad = () => {
    const g = this.current;
    this.current = null;
    this.set(g);
  };

  private readonly onCreate = (e: { features: DrawFeature[] }) => {
    const created = e.features[0];
    if (!created) return;
    // One flight area at a time: the new shape replaces the old, under the fixed id.
    const others = this.features().filter((f) => f.id !== created.id).map((f) => String(f.id));
    if (others.length) this.draw.delete(others);
    this.draw.delete(String(created.id));
    this.draw.add({ type: 'Feature', id: FEATURE_ID, properties: {}, geometry: created.geometry });
    this.emit(created.geometry);
  };

  private readonly onUpdate = (e: { features: DrawFeature[] }) => {
    const f = e.features.find((x) => x.id === FEATURE_ID) ?? e.features[0];
    if (f) this.emit(f.geometry);
  };

  private readonly onDelete = () => {
    this.current = null;
    this.handlers.onChange(null);
  };

  private readonly onModeChange = (e: { mode: string }) => {
    const state: DrawState = e.mode.startsWith('draw_') ? 'drawing' : e.mode === 'direct_select' ? 'editing' : 'idle';
    this.handlers.onStateChange(state, state === 'drawing' ? this.tool : null);
  };

  private emit(geometry: DrawGeometry): void {
    this.current = geometry;
    this.handlers.onChange(geometry);
  }
}
