/**
 * A map that shows operations and their LAANC shapes, without drawing: the same MapController (and
 * so the same style, fallback and controls) as the plan page, with the layers of operation-layers.ts.
 * Data goes in through props; a click on an operation goes out through onSelect (the table beside
 * the map is the keyboard way to the same place).
 */
import type { Geometry } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { isE2E } from '../lib/env';
import { useTheme } from '../lib/theme';
import { MapController } from './map-controller';
import { MapLoading } from './map-loading';
import { useMapStyle } from './use-map-style';
import { addOperationLayers, boundsOf, highlightCollection, OPS_LAYER, OPS_SOURCE, shapesCollection, type DisplayShape } from './operation-layers';
import { addTrackLayers, boxContains, TRACK_SOURCE, trackBounds, trackCollection, unionBox, type FlightTrack } from './track-layers';

const BACKGROUND = { light: '#eef2f6', dark: '#111827' };
const INITIAL = { center: [-98.5, 39.5] as [number, number], zoom: 3 };
const noop = () => {};

declare global {
  interface Window {
    /** End-to-end tests only (?e2e=1): the display map of the page. */
    __skyplanDisplay?: { map: MapController['map']; shapes(): DisplayShape[]; track(): FlightTrack | null };
  }
}

interface Props {
  shapes: DisplayShape[];
  highlight?: Geometry | null;
  selectedId?: string | null;
  /** A flight's track and current position, drawn over the shapes (the operation page). */
  track?: FlightTrack | null;
  /** Said to screen readers before the map; the page's text carries the same information. */
  label: string;
  onSelect?(id: string): void;
}

export function DisplayMap({ shapes, highlight = null, selectedId = null, track = null, label, onSelect }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<MapController | null>(null);
  const [styleError, setStyleError] = useState<string | null>(null);
  // Once the person pans or zooms, the map stays where they put it (until the shapes change).
  const userMoved = useRef(false);
  // What the map was last framed on: the shapes and the track (a drone that strays out of it widens it).
  const framed = useRef<[number, number, number, number] | null>(null);
  const theme = useTheme();
  const { styleUrl, basemap } = useMapStyle(theme);
  const latest = useRef({ shapes, highlight, selectedId, track, onSelect, styleUrl, basemap, theme });
  useEffect(() => {
    latest.current = { shapes, highlight, selectedId, track, onSelect, styleUrl, basemap, theme };
  });

  useEffect(() => {
    const e2e = isE2E();
    const { styleUrl: url, basemap: base, theme: t } = latest.current;
    const c = new MapController(container.current!, {
      styleUrl: url,
      basemap: base,
      fallbackBackground: BACKGROUND[t],
      ...INITIAL,
      preserveDrawingBuffer: e2e,
      handlers: { onChange: noop, onStateChange: noop, onStyleError: setStyleError },
    });
    const map = c.map;
    // A page that scrolls past the map should not zoom it: ctrl/two-finger gestures only.
    map.cooperativeGestures.enable();
    const push = () => {
      addOperationLayers(map);
      addTrackLayers(map);
      const { shapes: s, highlight: h, selectedId: sel, track: t } = latest.current;
      (map.getSource(OPS_SOURCE.shapes) as GeoJSONSource | undefined)?.setData(shapesCollection(s, sel));
      (map.getSource(OPS_SOURCE.highlight) as GeoJSONSource | undefined)?.setData(highlightCollection(h));
      (map.getSource(TRACK_SOURCE) as GeoJSONSource | undefined)?.setData(trackCollection(t));
    };
    map.on('style.load', push);
    const click = (e: { features?: { properties: Record<string, unknown> }[] }) => {
      const id = e.features?.[0]?.properties.id;
      if (typeof id === 'string') latest.current.onSelect?.(id);
    };
    map.on('click', OPS_LAYER.operationFill, click);
    map.on('mouseenter', OPS_LAYER.operationFill, () => (map.getCanvas().style.cursor = latest.current.onSelect ? 'pointer' : ''));
    map.on('mouseleave', OPS_LAYER.operationFill, () => (map.getCanvas().style.cursor = ''));
    map.on('movestart', (e: { originalEvent?: unknown }) => {
      if (e.originalEvent) userMoved.current = true;
    });
    // A new size (a phone turned, the layout changed) frames the shapes again.
    const ro = new ResizeObserver(() => {
      c.resize();
      const b = unionBox(boundsOf(latest.current.shapes), trackBounds(latest.current.track));
      if (b && !userMoved.current) c.fitTo(b);
    });
    ro.observe(container.current!);
    if (e2e) window.__skyplanDisplay = { map, shapes: () => latest.current.shapes, track: () => latest.current.track };
    setController(c);
    return () => {
      ro.disconnect();
      if (e2e) delete window.__skyplanDisplay;
      setController(null);
      c.destroy();
    };
  }, []);

  useEffect(() => controller?.setStyleUrl(styleUrl, BACKGROUND[theme]), [controller, styleUrl, theme]);
  useEffect(() => void controller?.setBasemap(basemap), [controller, basemap]);

  useEffect(() => {
    // Before the style has loaded there is no source yet: the 'style.load' push brings the data.
    (controller?.map.getSource(OPS_SOURCE.shapes) as GeoJSONSource | undefined)?.setData(shapesCollection(shapes, selectedId));
  }, [controller, shapes, selectedId]);

  useEffect(() => {
    (controller?.map.getSource(OPS_SOURCE.highlight) as GeoJSONSource | undefined)?.setData(highlightCollection(highlight));
  }, [controller, highlight]);

  useEffect(() => {
    (controller?.map.getSource(TRACK_SOURCE) as GeoJSONSource | undefined)?.setData(trackCollection(track));
    // Keep the whole track in view: reframe only when it leaves the framed box (not on every position).
    const t = trackBounds(track);
    if (!controller || !t || userMoved.current || (framed.current && boxContains(framed.current, t))) return;
    framed.current = unionBox(framed.current, t);
    controller.fitTo(framed.current!);
  }, [controller, track]);

  // Frame the shapes when the set of shapes changes (not when only a status colour does).
  const frameKey = shapes.map((s) => s.id).join('|');
  useEffect(() => {
    const b = unionBox(boundsOf(latest.current.shapes), trackBounds(latest.current.track));
    userMoved.current = false;
    framed.current = b;
    if (controller && b) controller.fitTo(b);
  }, [controller, frameKey]);

  return (
    <>
      <p className="visually-hidden">{label}</p>
      <div ref={container} className="display-map" data-testid="display-map" />
      {/* As on the plan page: a bare map while the first tiles come reads as "nothing here" (claim, operation, list). */}
      <MapLoading map={controller?.map ?? null} />
      {styleError && (
        <p className="map-frame-note" role="status">
          <span>{styleError}</span>
          <button type="button" className="button button-small" onClick={() => setStyleError(null)}>
            OK
          </button>
        </p>
      )}
    </>
  );
}
