/**
 * A flight's track over the operation map: the line flown and a marker at the current (or replayed)
 * position. Added again on every 'style.load' like the operation layers (addTrackLayers is idempotent),
 * above them so the track is never hidden by an area fill.
 */
import type { FeatureCollection } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';

/** [longitude, latitude] of each position, oldest first; the marker is one of them (or null). */
export interface FlightTrack {
  line: Array<[number, number]>;
  marker: [number, number] | null;
}

export const TRACK_SOURCE = 'ops-track';
export const TRACK_LAYER = { line: 'ops-track-line', marker: 'ops-track-marker' } as const;

// Dark enough against the blue operation area and both basemaps; the marker has a white ring.
export const TRACK_COLOUR = '#0f766e';
export const MARKER_COLOUR = '#b91c1c';

export function trackCollection(t: FlightTrack | null): FeatureCollection {
  if (!t) return { type: 'FeatureCollection', features: [] };
  const features: FeatureCollection['features'] = [];
  if (t.line.length >= 2) features.push({ type: 'Feature', properties: { part: 'line' }, geometry: { type: 'LineString', coordinates: t.line } });
  if (t.marker) features.push({ type: 'Feature', properties: { part: 'marker' }, geometry: { type: 'Point', coordinates: t.marker } });
  return { type: 'FeatureCollection', features };
}

export function addTrackLayers(map: MapLibreMap): void {
  if (!map.getSource(TRACK_SOURCE)) map.addSource(TRACK_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  if (!map.getLayer(TRACK_LAYER.line)) {
    map.addLayer({ id: TRACK_LAYER.line, type: 'line', source: TRACK_SOURCE, filter: ['==', ['get', 'part'], 'line'], paint: { 'line-color': TRACK_COLOUR, 'line-width': 3 } });
  }
  if (!map.getLayer(TRACK_LAYER.marker)) {
    map.addLayer({
      id: TRACK_LAYER.marker,
      type: 'circle',
      source: TRACK_SOURCE,
      filter: ['==', ['get', 'part'], 'marker'],
      paint: { 'circle-radius': 7, 'circle-color': MARKER_COLOUR, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    });
  }
}

type Box = [number, number, number, number];

/** West, south, east, north of the line flown (null without positions). */
export function trackBounds(t: FlightTrack | null): Box | null {
  const pts = t ? [...t.line, ...(t.marker ? [t.marker] : [])] : [];
  if (!pts.length) return null;
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The box holding both (either may be null). */
export function unionBox(a: Box | null, b: Box | null): Box | null {
  if (!a || !b) return a ?? b;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

export const boxContains = (outer: Box, inner: Box) => inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
