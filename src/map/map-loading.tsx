/**
 * "Loading the map…" over the map while its tiles are still coming, once that has taken longer than a
 * moment. After a service's start its first tiles can take seconds (docs/perf.md, "Cold tiles off the
 * event loop"); a bare blue map meanwhile reads as "nothing here", which over airspace is the wrong
 * thing to let a pilot believe. Hidden at MapLibre's `idle` (every tile loaded or failed).
 */
import { useEffect, useState } from 'react';
import './map-loading.css';

/** The part of maplibregl.Map this needs (a stand-in in tests). */
export interface LoadingSource {
  on(type: 'dataloading' | 'idle', listener: () => void): unknown;
  off(type: 'dataloading' | 'idle', listener: () => void): unknown;
  loaded(): boolean;
}

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
    map.on('dataloading', loading);
    map.on('idle', idle);
    if (!map.loaded()) loading();
    return () => {
      clearTimeout(timer);
      map.off('dataloading', loading);
      map.off('idle', idle);
    };
  }, [map]);
  return shown ? (
    <p className="map-loading" role="status">
      Loading the map…
    </p>
  ) : null;
}
