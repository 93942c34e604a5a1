/**
 * The only code that knows how the flight shape is drawn. It draws one flight shape at a time and
 * tells the app about it as plain GeoJSON geometry (null when deleted); no caller sees draw.* events,
 * draw modes or Mapbox class names. mapbox-gl-draw itself (draw-control.ts) is a chunk loaded the
 * first time it is needed (the pilot points at the draw tools, starts drawing, or a shape is shown),
 * so /plan shows its map without it (docs/portal-delivery.md).
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { DrawControl, DrawFeature } from './draw-control';

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

const FEATURE_ID = 'flight-area';
const MODE_OF: Record<DrawTool, string> = { polygon: 'draw_polygon', path: 'draw_line_string', point: 'draw_point' };
// Coordinates that differ less than this (about 0.1 m) are the same shape: the URL rounds to it.
const EPS = 1e-6;

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

// mapbox-gl-draw's sources exist once it has connected to a loaded map.
const DRAW_SOURCE = 'mapbox-gl-draw-cold';
// How often to look whether draw has connected (draw itself polls the map at this rate).
const CONNECT_POLL_MS = 16;

export class DrawAdapter {
  private draw: DrawControl | null = null;
  private loading: Promise<DrawControl | null> | null = null;
  private current: DrawGeometry | null = null;
  private tool: DrawTool | null = null;
  /** Bumped by every start, edit and cancel: a step that waited for draw to load runs only if still the latest. */
  private step = 0;
  private destroyed = false;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly events: DrawEvented;

  /** `onConnect` runs once draw has added its layers, so the caller can lift its own above them. */
  constructor(
    private readonly map: MapLibreMap,
    private readonly handlers: DrawHandlers,
    private readonly onConnect: () => void = () => {},
  ) {
    this.events = map as unknown as DrawEvented;
  }

  /** Loads mapbox-gl-draw now (the pilot is about to draw), so starting does not wait for it. */
  prepare(): void {
    void this.load();
  }

  /** Start drawing a new shape; the old one stays until the new one is finished. */
  start(tool: DrawTool): void {
    const step = ++this.step;
    this.tool = tool;
    void this.load().then((draw) => {
      if (!draw || step !== this.step) return;
      draw.changeMode(MODE_OF[tool]);
      this.handlers.onStateChange('drawing', tool);
    });
  }

  /** Move the corners of the current shape. */
  edit(): void {
    if (!this.current) return;
    const step = ++this.step;
    void this.load().then((draw) => {
      if (!draw || step !== this.step || !this.current) return;
      if (this.current.type === 'Point') draw.changeMode('simple_select', { featureIds: [FEATURE_ID] });
      else draw.changeMode('direct_select', { featureId: FEATURE_ID });
      this.handlers.onStateChange('editing', null);
    });
  }

  /** Leave drawing or editing without changing the shape. */
  cancel(): void {
    this.step++;
    this.draw?.changeMode('simple_select');
    this.handlers.onStateChange('idle', null);
  }

  /** Show a shape that came from elsewhere (the URL, a paste, typed corners). */
  set(geometry: DrawGeometry | null): void {
    if (sameGeometry(geometry, this.current)) return;
    this.current = geometry;
    if (this.draw) this.show();
    else if (geometry) void this.load();
  }

  clear(): void {
    this.set(null);
    this.handlers.onChange(null);
  }

  /** Draw's mode; 'simple_select' (nothing drawn or edited) until draw has loaded. */
  mode(): string {
    return this.draw?.getMode() ?? 'simple_select';
  }

  /** The features draw holds (none until it has loaded). */
  features(): DrawFeature[] {
    return this.draw?.getAll().features ?? [];
  }

  destroy(): void {
    this.destroyed = true;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    if (!this.draw) return;
    this.events.off('draw.create', this.onCreate);
    this.events.off('draw.update', this.onUpdate);
    this.events.off('draw.delete', this.onDelete);
    this.events.off('draw.modechange', this.onModeChange);
  }

  private load(): Promise<DrawControl | null> {
    this.loading ??= import('./draw-control').then(({ addDrawControl }) => {
      if (this.destroyed) return null;
      const draw = addDrawControl(this.map);
      this.draw = draw;
      this.events.on('draw.create', this.onCreate);
      this.events.on('draw.update', this.onUpdate);
      this.events.on('draw.delete', this.onDelete);
      this.events.on('draw.modechange', this.onModeChange);
      this.whenConnected();
      return draw;
    });
    return this.loading;
  }

  /**
   * Draw connects at once to a loaded map, else when the map loads. Features added before it has
   * connected are kept but not rendered until the next change, so the current one is shown again
   * once draw's sources exist.
   */
  private whenConnected(): void {
    this.connectTimer = null;
    if (this.destroyed) return;
    if (!this.map.getSource(DRAW_SOURCE)) {
      this.connectTimer = setTimeout(() => this.whenConnected(), CONNECT_POLL_MS);
      return;
    }
    this.onConnect();
    this.show();
  }

  /** Puts the current shape into draw, in place of what it holds. */
  private show(): void {
    const draw = this.draw;
    if (!draw) return;
    draw.deleteAll();
    if (this.current) draw.add({ type: 'Feature', id: FEATURE_ID, properties: {}, geometry: this.current });
  }

  private readonly onCreate = (e: { features: DrawFeature[] }) => {
    const draw = this.draw;
    const created = e.features[0];
    if (!draw || !created) return;
    // One flight area at a time: the new shape replaces the old, under the fixed id.
    const others = this.features().filter((f) => f.id !== created.id).map((f) => String(f.id));
    if (others.length) draw.delete(others);
    draw.delete(String(created.id));
    draw.add({ type: 'Feature', id: FEATURE_ID, properties: {}, geometry: created.geometry });
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
