/**
 * "Loading the map…" over the map while its tiles are still coming, once that has taken longer than a
 * moment. After a service's start its first tiles can take seconds (docs/perf.md, "Cold tiles off the
 * event loop"); a bare blue map meanwhile reads as "nothing here", which over airspace is the wrong
 * thing to let a pilot believe. Hidden at MapLibre's `idle` (every tile loaded or failed), or as soon
 * as the airspace in view has drawn: a slow or failing basemap tile (an online map's host) kept the
 * label on a map that was there to read (issue 32).
 */
import { useEffect, useState } from 'react';
import './map-loading.css';

/** The part of maplibregl.Map this needs (a stand-in in tests). */
export interface LoadingSource {
  on(type: 'dataloading' | 'idle' | 'sourcedata', listener: (e?: SourceEvent) => void): unknown;
  off(type: 'dataloading' | 'idle' | 'sourcedata', listener: (e?: SourceEvent) => void): unknown;
  loaded(): boolean;
}

interface SourceEvent {
  sourceId?: string;
  isSourceLoaded?: boolean;
}

/** The service style's airspace source (basemap-style.ts's AIRSPACE_SOURCE, named here to keep this module light). */
const AIRSPACE = 'airspace';

/** Quick loads (a pan over cached tiles) show nothing. */
export const SHOW_AFTER_MS = 700;

export function MapLoading({ map }: { map: LoadingSource | null }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loading = () => {
      timer ??= setTimeout(() => setShown(true), SHOW_AFTER_MS);
    };
    const idle = () => {
      clearTimeout(timer);
      timer = undefined;
      setShown(false);
    };
    const drawn = (e?: SourceEvent) => {
      if (e?.sourceId === AIRSPACE && e.isSourceLoaded) idle();
    };
    map.on('dataloading', loading);
    map.on('idle', idle);
    map.on('sourcedata', drawn);
    if (!map.loaded()) loading();
    return () => {
      clearTimeout(timer);
      map.off('dataloading', loading);
      map.off('idle', idle);
      map.off('sourcedata', drawn);
    };
  }, [map]);
  return shown ? (
    <p className="map-loading" role="status">
      Loading the map…
    </p>
  ) : null;
}
