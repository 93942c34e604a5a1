import { useEffect, useRef } from 'react';
import { isE2E } from '../lib/env';
import type { BasemapSource } from './basemap-style';
import type { DrawGeometry, DrawState, DrawTool } from './draw-adapter';
import { MapController } from './map-controller';
import type { Overlays } from './overlays';

export interface MapViewHandlers {
  onShapeChange(geometry: DrawGeometry | null): void;
  onDrawStateChange(state: DrawState, tool: DrawTool | null): void;
  onStyleError(message: string): void;
  onMapClick(lngLat: [number, number]): void;
  onPopupClose(): void;
  /** The map's first `idle`: its style and first view's tiles are loaded and drawn. */
  onFirstIdle?(): void;
}

interface Props {
  styleUrl: string;
  /** A MapLibre style drawn under the airspace (Settings or the deployment), or null. */
  basemap?: BasemapSource | null;
  fallbackBackground: string;
  overlays: Overlays;
  drawGeometry: DrawGeometry | null;
  /** A new value frames these bounds (a shape opened from a link, pasted or typed), not on every edit. */
  frame: { bounds: [number, number, number, number]; seq: number } | null;
  handlers: MapViewHandlers;
  onReady(controller: MapController | null): void;
  label: string;
}

declare global {
  interface Window {
    /** End-to-end tests only (?e2e=1). */
    __skyplan?: { map: MapController['map']; features(): unknown[]; mode(): string };
  }
}

const INITIAL = { center: [-122.32, 47.56] as [number, number], zoom: 11 };

export function MapView({ styleUrl, basemap = null, fallbackBackground, overlays, drawGeometry, frame, handlers, onReady, label }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<MapController | null>(null);
  // The controller outlives renders; it calls whatever handlers are current.
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const initial = useRef({ styleUrl, basemap, fallbackBackground, onReady });

  useEffect(() => {
    const { styleUrl: url, basemap: base, fallbackBackground: bg, onReady: ready } = initial.current;
    const e2e = isE2E();
    const c = new MapController(container.current!, {
      styleUrl: url,
      basemap: base,
      fallbackBackground: bg,
      ...INITIAL,
      preserveDrawingBuffer: e2e,
      handlers: {
        onChange: (g) => handlersRef.current.onShapeChange(g),
        onStateChange: (s, t) => handlersRef.current.onDrawStateChange(s, t),
        onStyleError: (m) => handlersRef.current.onStyleError(m),
        onMapClick: (p) => handlersRef.current.onMapClick(p),
        onPopupClose: () => handlersRef.current.onPopupClose(),
      },
    });
    controller.current = c;
    c.map.once('idle', () => {
      // A user-timing mark for `npm run bench -- page` (time to map idle) and the browser's profiler.
      performance.mark('map-idle');
      handlersRef.current.onFirstIdle?.();
    });
    if (e2e) window.__skyplan = { map: c.map, features: () => c.draw.features(), mode: () => c.draw.mode() };
    // The panel beside the map changes its size without a window resize.
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(container.current!);
    ready(c);
    return () => {
      ro.disconnect();
      ready(null);
      if (e2e) delete window.__skyplan;
      controller.current = null;
      c.destroy();
    };
  }, []);

  useEffect(() => controller.current?.setStyleUrl(styleUrl, fallbackBackground), [styleUrl, fallbackBackground]);
  useEffect(() => void controller.current?.setBasemap(basemap), [basemap]);
  useEffect(() => controller.current?.setOverlays(overlays), [overlays]);
  useEffect(() => controller.current?.draw.set(drawGeometry), [drawGeometry]);
  useEffect(() => {
    if (frame) controller.current?.fitTo(frame.bounds);
  }, [frame]);

  // MapLibre gives its canvas role="region" and the label "Map"; the text below says how to use it.
  return (
    <>
      <p className="visually-hidden">{label}</p>
      <div ref={container} className="map" data-testid="map" />
    </>
  );
}
