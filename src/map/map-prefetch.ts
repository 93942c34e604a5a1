/**
 * What the plan page's map asks for first, asked for while the page's code still loads: the service
 * style the map is created with (the URL useMapStyle gives it before GET /styles answers) and
 * MapLibre's worker script. The service sends the style cacheable for 5 minutes and the worker as an
 * immutable asset, so the map's own requests are answered by the browser's cache, or wait for these
 * in flight, instead of starting a round trip once the map exists. A failure here costs nothing: the
 * map asks again and handles its own errors.
 */
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { apiUrl } from '../lib/api-client';
import { getSettings } from '../lib/settings';
import { currentTheme, type Theme } from '../lib/theme';
import { chooseMapStyle } from './basemap-style';

/** The absolute URL of the service's own style for a theme (GET /styles/{theme}/style.json). */
export function serviceStyleUrl(theme: Theme): string {
  return apiUrl(`/styles/${theme}/style.json`);
}

/** The URL of the service style the map starts with (useMapStyle's choice without the deployment's answer). */
export function initialStyleUrl(): string {
  const { basemap, basemapUrl } = getSettings();
  return chooseMapStyle(serviceStyleUrl(currentTheme()), basemap, basemapUrl, null).styleUrl;
}

export function prefetchPlanMap(): void {
  // Same mode and credentials as MapLibre's own fetch, so the cached answer is the one it finds. The
  // body is read: the browser writes an answer to its cache as it is read.
  for (const url of [initialStyleUrl(), new URL(workerUrl, window.location.href).href]) {
    void fetch(url, { credentials: 'same-origin' })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
  }
}
