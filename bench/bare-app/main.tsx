/**
 * The baseline of `npm run bench -- page`: the least a React app showing the same MapLibre map can
 * load. Same view and the service's own style as the portal's plan page; nothing else.
 */
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';

// As the portal does (src/map/map-controller.ts): a built app cannot find MapLibre's worker otherwise.
setWorkerUrl(workerUrl);

function BareMap() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const map = new MapLibreMap({ container: container.current!, style: '/styles/light/style.json', center: [-122.32, 47.56], zoom: 11 });
    // The mark the bench waits for; the portal sets the same one (src/map/map-view.tsx).
    map.once('idle', () => performance.mark('map-idle'));
    return () => map.remove();
  }, []);
  return <div ref={container} style={{ position: 'absolute', inset: 0 }} />;
}

createRoot(document.getElementById('root')!).render(<BareMap />);
