/**
 * Owns the maplibregl.Map: created once per mount, removed on unmount. React pushes data in
 * through the setters below, which skip data they already show (compared by reference: callers
 * memoize), and hears from the map through the handlers given at construction.
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { continuousFeatures, wrapLongitude } from '../geo/antimeridian';
import { basemapHost, basemapKey, composeBasemap, loadBasemapStyle, rasterStyle, withAttribution, type BasemapSource } from './basemap-style';
import { carryOver, collapseAttribution, fallbackStyle } from './style-carry';
import { DrawAdapter, type DrawHandlers } from './draw-adapter';
import { addConflictLayers, CONFLICT_SOURCE } from './conflict-layer';
import { addGroundLayers, GROUND_SOURCE } from './ground-layer';
import { SOURCE } from './ids';
import { addOverlays, emptyCollection, overlayData, raiseOverlays, type Overlays } from './overlays';
import { addRouteLayers, ROUTE_SOURCE, routeData, type RouteShapes } from './route-layer';
import { popupPlacement } from './popup-placement';
import './draw.css';

const POPUP_MAX_WIDTH_PX = 320;

// Without this the production build cannot find MapLibre's worker ("Worker failed to load").
maplibregl.setWorkerUrl(workerUrl);

/** The closest a framed shape is shown: a facility-map cell (30 arc-seconds) is then a few hundred pixels wide. */
export const PLANNING_MAX_ZOOM = 15;

export interface MapControllerOptions {
  styleUrl: string;
  /** A map drawn under the airspace instead of the service's basemap (see setBasemap). */
  basemap?: BasemapSource | null;
  /** Used when the service's style cannot be loaded, so the map still shows the shapes. */
  fallbackBackground: string;
  center: [number, number];
  zoom: number;
  /** Tests only: keeps the canvas readable for pixel checks. */
  preserveDrawingBuffer?: boolean;
  handlers: DrawHandlers & MapReadHandlers & { onStyleError?(message: string): void };
}

/** Clicks that read the map (not drawing), and the popup that answers them. */
export interface MapReadHandlers {
  /** A click or tap on the map while nothing is drawn or edited: [lon, lat]. */
  onMapClick?(lngLat: [number, number]): void;
  /** The pilot closed the popup with its close button. */
  onPopupClose?(): void;
}

export class MapController {
  readonly map: maplibregl.Map;
  readonly draw: DrawAdapter;
  private styleUrl: string;
  private overlays: Overlays = { boundary: null, invalid: false, problems: null, highlight: null };
  private usingFallback = false;
  /** Style layers the pilot switched off; applied again after a style swap brings them back. */
  private hiddenLayers: ReadonlySet<string> = new Set();
  private groundHexes: FeatureCollection | null = null;
  /** What setGroundHexes was last given, to skip the same collection again. */
  private groundHexesIn: FeatureCollection | null = null;
  private conflicts: FeatureCollection | null = null;
  private basemap: BasemapSource | null = null;
  /** The loaded style of basemap, composed under the service style on every style load. */
  private basemapStyle: StyleSpecification | null = null;
  /** Whether a tile of the basemap's sources has loaded: until one has, a failed tile means no network. */
  private basemapTileSeen = false;
  private popup: maplibregl.Popup | null = null;
  private route: RouteShapes | null = null;
  /** Set while the route planner waits for a point: the next click goes there, not to onMapClick. */
  private pick: ((lngLat: [number, number]) => void) | null = null;
  /** Draw's mode when the last click's button went down (null: no press seen). */
  private modeAtPress: string | null = null;

  constructor(container: HTMLElement, private readonly options: MapControllerOptions) {
    this.styleUrl = options.styleUrl;
    this.map = new maplibregl.Map({
      container,
      style: options.styleUrl,
      center: options.center,
      zoom: options.zoom,
      attributionControl: { compact: true },
      canvasContextAttributes: { preserveDrawingBuffer: options.preserveDrawingBuffer ?? false },
      locale: { 'GeolocateControl.FindMyLocation': 'Locate me', 'GeolocateControl.LocationNotAvailable': 'Your location is not available' },
    });
    collapseAttribution(container);
    this.map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    this.addLocateControl();
    this.map.addControl(new maplibregl.ScaleControl({ unit: 'nautical' }), 'bottom-left');
    this.map.on('style.load', this.onStyleLoad);
    this.map.on('error', this.onError);
    this.map.on('sourcedata', this.onSourceData);
    // Draw finishes a shape on the button's release, before the map's click: the click that closes
    // a polygon (or ends an edit) found draw idle and opened the popup over the new shape. The mode
    // at the press says whether the pilot was drawing.
    this.map.on('mousedown', this.onPress);
    this.map.on('touchstart', this.onPress);
    this.map.on('click', this.onClick);
    // Draw adds its layers after ours once it has loaded and connected; then the problem markers and
    // the highlight are lifted above them.
    this.draw = new DrawAdapter(this.map, options.handlers, () => raiseOverlays(this.map));
    this.map.on('load', () => {
      raiseOverlays(this.map);
    });
    if (options.basemap) void this.setBasemap(options.basemap);
  }

  /**
   * "Locate me": the browser's geolocation, one fix per press (no tracking: a planner looks, then
   * draws), shown as a dot with its accuracy circle; the map flies there at most to z14.
   */
  private addLocateControl(): void {
    const locate = new maplibregl.GeolocateControl({
      positionOptions: { enableHighAccuracy: true, timeout: 15_000 },
      trackUserLocation: false,
      showAccuracyCircle: true,
      fitBoundsOptions: { maxZoom: 14 },
    });
    locate.on('error', () => this.options.handlers.onStyleError?.('Your location is not available: the browser refused or could not find it.'));
    this.map.addControl(locate, 'top-right');
  }

  /**
   * Draws the airspace over another map (null: the service's own basemap). A style is fetched here;
   * if it cannot be had (no network, the host down, not a style), or the map's first tiles fail, the
   * service's offline basemap stays, and the handler hears it once per page (fallbackSaid).
   */
  async setBasemap(source: BasemapSource | null): Promise<void> {
    const key = basemapKey(source);
    if (key === basemapKey(this.basemap)) return;
    this.basemap = source;
    this.basemapTileSeen = false;
    let style: StyleSpecification | null = null;
    if (source) {
      try {
        if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('the browser is offline');
        style = source.kind === 'raster' ? rasterStyle(source) : withAttribution(await loadBasemapStyle(source.url), source.attribution);
      } catch (err) {
        if (basemapKey(this.basemap) === key) this.fallBack(source, err instanceof TypeError ? 'no answer' : err instanceof Error ? err.message : 'no answer');
        return;
      }
    }
    if (basemapKey(this.basemap) !== key) return; // another choice came in while this one loaded
    if (style === this.basemapStyle) return;
    this.basemapStyle = style;
    this.usingFallback = false;
    this.map.setStyle(this.styleUrl, { transformStyle: this.transformStyle });
  }

  /** Back to the service's offline basemap, said once per page. */
  private fallBack(source: BasemapSource, why: string): void {
    const hadStyle = this.basemapStyle !== null;
    this.basemapStyle = null;
    if (hadStyle) this.map.setStyle(this.styleUrl, { transformStyle: this.transformStyle });
    if (fallbackSaid) return;
    fallbackSaid = true;
    const what = source.map === 'aerial' ? 'The aerial imagery' : source.map === 'streets' ? 'The street map' : 'The chosen map style';
    this.options.handlers.onStyleError?.(`${what} could not be reached from ${basemapHost(source) ?? 'its host'} (${why}): the offline map is shown.`);
  }

  setStyleUrl(url: string, fallbackBackground: string): void {
    if (url === this.styleUrl) return;
    this.styleUrl = url;
    this.options.fallbackBackground = fallbackBackground;
    this.usingFallback = false;
    // Keep our sources and draw's across the swap: setStyle would drop them otherwise.
    this.map.setStyle(url, { transformStyle: this.transformStyle });
  }

  setOverlays(next: Overlays): void {
    const prev = this.overlays;
    this.overlays = next;
    // Not isStyleLoaded(): it stays false while tiles load, and the change would be lost. A source
    // that does not exist yet gets the current data on style.load.
    for (const [id, data] of overlayData(next, prev)) {
      (this.map.getSource(id) as maplibregl.GeoJSONSource | undefined)?.setData(data);
    }
  }

  /**
   * Shows only the style layers not in `ids` among those this method has been told about: the
   * layer switcher passes every layer it hides, and the layers it showed before come back.
   */
  setHiddenLayers(ids: readonly string[]): void {
    const prev = this.hiddenLayers;
    const next = new Set(ids);
    this.hiddenLayers = next;
    for (const id of new Set([...prev, ...next])) this.applyVisibility(id);
  }

  /**
   * Shows `content` in a popup at `lngLat`, or removes the popup (null). The content is the caller's
   * element (React renders into it), moved into the popup. A click elsewhere on the map moves it
   * (the caller's onMapClick) rather than closing it.
   */
  setPopup(p: { lngLat: [number, number]; content: HTMLElement } | null): void {
    const old = this.popup;
    this.popup = null;
    old?.remove();
    if (!p) return;
    const at = this.map.project(p.lngLat);
    const container = this.map.getContainer();
    const { anchor, maxHeight } = popupPlacement(at.x, at.y, container.clientWidth, container.clientHeight, POPUP_MAX_WIDTH_PX);
    p.content.style.maxHeight = `${maxHeight}px`;
    p.content.style.overflowY = 'auto';
    const popup = new maplibregl.Popup({ maxWidth: `${POPUP_MAX_WIDTH_PX}px`, focusAfterOpen: false, closeOnClick: false, anchor, className: 'map-read-popup' })
      .setLngLat(p.lngLat)
      .setDOMContent(p.content);
    popup.on('close', () => {
      // Only a close the pilot made; replacing or removing it here is not news.
      if (this.popup !== popup) return;
      this.popup = null;
      this.options.handlers.onPopupClose?.();
    });
    this.popup = popup;
    popup.addTo(this.map);
  }

  /** Population-density hexagons under the area (null: none), each one drawn the short way across 180°. */
  setGroundHexes(hexes: FeatureCollection | null): void {
    if (hexes === this.groundHexesIn) return;
    this.groundHexesIn = hexes;
    this.groundHexes = hexes && continuousFeatures(hexes);
    (this.map.getSource(GROUND_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(hexes ?? emptyCollection());
  }

  /** Outlines of other operations that overlap the plan (null: none). */
  setConflicts(outlines: FeatureCollection | null): void {
    if (outlines === this.conflicts) return;
    this.conflicts = outlines;
    (this.map.getSource(CONFLICT_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(outlines ?? emptyCollection());
  }

  /** The route planner's suggested line and its start, via and end points (null: none). */
  setRoute(shapes: RouteShapes | null): void {
    if (shapes === this.route) return;
    this.route = shapes;
    (this.map.getSource(ROUTE_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(routeData(shapes));
  }

  /**
   * The next click on the map (outside drawing) picks a point for `done` instead of reading the map;
   * null stops waiting. The crosshair tells the pilot the map waits for a point.
   */
  pickPoint(done: ((lngLat: [number, number]) => void) | null): void {
    this.pick = done;
    this.map.getCanvas().style.cursor = done ? 'crosshair' : '';
  }

  /**
   * The map as a PNG data URL, for printing: a WebGL canvas prints blank unless its buffer is kept,
   * but it is still whole inside the 'render' event of the frame that drew it.
   */
  snapshot(): Promise<string | null> {
    return new Promise((resolve) => {
      this.map.once('render', () => {
        try {
          resolve(this.map.getCanvas().toDataURL('image/png'));
        } catch {
          // A tainted canvas (a tile from an origin without CORS) cannot be read: print without the map.
          resolve(null);
        }
      });
      this.map.triggerRepaint();
    });
  }

  /**
   * Frames a shape, leaving room for the panel that may cover part of the map. A small shape stops
   * at a planning zoom: closer, the facility-map grid and the airspace around it leave the view.
   */
  fitTo(bounds: [number, number, number, number]): void {
    this.map.fitBounds(bounds, { padding: 48, maxZoom: PLANNING_MAX_ZOOM, duration: 0 });
  }

  /** Moves the view to a place (a search result); MapLibre skips the animation for reduced motion. */
  flyTo(center: [number, number], zoom: number): void {
    this.map.flyTo({ center, zoom, duration: 1200 });
  }

  resize(): void {
    this.map.resize();
  }

  destroy(): void {
    this.setPopup(null);
    this.draw.destroy();
    this.map.remove();
  }

  /** Keeps our overlays across a style swap, and puts the service style over the chosen basemap. */
  private readonly transformStyle = (prev: StyleSpecification | undefined, next: StyleSpecification): StyleSpecification =>
    carryOver(prev, this.basemapStyle && !this.usingFallback ? composeBasemap(this.basemapStyle, next) : next);

  private applyVisibility(id: string): void {
    if (this.map.getLayer(id)) this.map.setLayoutProperty(id, 'visibility', this.hiddenLayers.has(id) ? 'none' : 'visible');
  }

  private readonly onStyleLoad = () => {
    const before = new Set([...Object.values(SOURCE), GROUND_SOURCE, CONFLICT_SOURCE, ROUTE_SOURCE].filter((id) => this.map.getSource(id)));
    addOverlays(this.map);
    addGroundLayers(this.map);
    addConflictLayers(this.map);
    addRouteLayers(this.map);
    raiseOverlays(this.map);
    // A source added just now holds an empty collection: giving it another empty one would only make
    // MapLibre index it and load its tiles again (six sources at the first load, before the map is idle).
    const put = (id: string, data: FeatureCollection) => {
      if (before.has(id) || data.features.length > 0) (this.map.getSource(id) as maplibregl.GeoJSONSource | undefined)?.setData(data);
    };
    put(GROUND_SOURCE, this.groundHexes ?? emptyCollection());
    put(CONFLICT_SOURCE, this.conflicts ?? emptyCollection());
    put(ROUTE_SOURCE, routeData(this.route));
    for (const id of this.hiddenLayers) this.applyVisibility(id);
    for (const [id, data] of overlayData(this.overlays, null)) put(id, data);
  };

  private readonly onPress = () => {
    this.modeAtPress = this.draw.mode();
  };

  private readonly onClick = (e: maplibregl.MapMouseEvent) => {
    const pressed = this.modeAtPress;
    this.modeAtPress = null;
    if (shaping(this.draw.mode()) || (pressed !== null && shaping(pressed))) return;
    // Within -180..180, as the service takes it: past 180° (or on a copy of the world) the map gives 180.01.
    const at: [number, number] = [wrapLongitude(e.lngLat.lng), e.lngLat.lat];
    const pick = this.pick;
    if (pick) {
      this.pickPoint(null);
      pick(at);
      return;
    }
    this.options.handlers.onMapClick?.(at);
  };

  /** Sources of the other map under the airspace (their ids are the other style's). */
  private isBasemapSource(id: string | undefined): boolean {
    return id !== undefined && this.basemapStyle !== null && id in this.basemapStyle.sources;
  }

  private readonly onSourceData = (e: maplibregl.MapSourceDataEvent) => {
    if (e.tile && this.isBasemapSource(e.sourceId)) this.basemapTileSeen = true;
  };

  private readonly onError = (e: maplibregl.ErrorEvent & { sourceId?: string }) => {
    // A failed fetch carries the status and URL (MapLibre's AJAXError).
    const err = e.error as { message: string; status?: number; url?: string } | undefined;
    // The other map's first tiles fail (its style may come from a cache, its tiles cannot): no network.
    if (this.basemap && !this.basemapTileSeen && this.isBasemapSource(e.sourceId)) {
      this.fallBack(this.basemap, err?.status ? `answered ${err.status}` : 'no answer');
      return;
    }
    // Only a style that fails to load is ours to handle; a missing tile is logged by MapLibre.
    const styleFailed = !this.usingFallback && err?.url !== undefined && err.url.includes('/style.json');
    if (!styleFailed) return;
    this.usingFallback = true;
    this.options.handlers.onStyleError?.(`The basemap could not be loaded (${err?.status ?? 'no answer'}); shapes are still shown.`);
    this.map.setStyle(fallbackStyle(this.options.fallbackBackground), { transformStyle: carryOver });
  };
}

/** The fall-back to the offline map is said once per page, not once per map. */
let fallbackSaid = false;

/** Tests only: the next fall-back is said again. */
export function resetFallbackNotice(): void {
  fallbackSaid = false;
}

/** Draw's modes in which the pilot is drawing or moving corners: a click then is theirs, not a reading. */
const shaping = (mode: string) => mode.startsWith('draw_') || mode === 'direct_select';
