/**
 * Local stand-ins for the online maps (docs/portal.md, "Maps under the airspace"), served through
 * Playwright routes on the configured hosts: neither host can be reached from the build machines.
 * - Streets: a MapLibre style in the OpenMapTiles schema (OpenFreeMap's Liberty draws the same layers)
 *   whose tiles are made on request: a street grid with buildings in its blocks and a river, so a map
 *   at zoom 16 shows streets and roofs where the offline basemap has none.
 * - Aerial: USGS's tile path (`/tile/{z}/{y}/{x}`, y before x), answered with a 256 px PNG of fields and
 *   roofs; every tile asked for is recorded.
 * Every other test sees both hosts unreachable (fixtures.ts), as on a machine without a network.
 */
import type { Page, Route } from '@playwright/test';
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, Polygon, LineString } from 'geojson';
import { PNG } from 'pngjs';

export const STREETS_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
export const AERIAL_TILE_PREFIX = 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/';
export const ONLINE_MAP_HOSTS = /^https:\/\/(tiles\.openfreemap\.org|basemap\.nationalmap\.gov)\//;

const STREET_TILES = 'https://tiles.openfreemap.org/fixture/{z}/{x}/{y}.pbf';

export const FIXTURE_STREETS_STYLE = {
  version: 8,
  name: 'Fixture Liberty',
  sources: { openmaptiles: { type: 'vector', tiles: [STREET_TILES], minzoom: 0, maxzoom: 14 } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
    { id: 'water', type: 'fill', source: 'openmaptiles', 'source-layer': 'water', paint: { 'fill-color': '#a0c8f0' } },
    { id: 'building', type: 'fill', source: 'openmaptiles', 'source-layer': 'building', minzoom: 13, paint: { 'fill-color': '#d9d0c9', 'fill-outline-color': '#bfb4aa' } },
    { id: 'road-casing', type: 'line', source: 'openmaptiles', 'source-layer': 'transportation', paint: { 'line-color': '#cfcdca', 'line-width': ['interpolate', ['linear'], ['zoom'], 12, 1, 16, 10] } },
    { id: 'road', type: 'line', source: 'openmaptiles', 'source-layer': 'transportation', paint: { 'line-color': '#ffffff', 'line-width': ['interpolate', ['linear'], ['zoom'], 12, 0.5, 16, 7] } },
  ],
};

const STEP = 0.0015; // about 110–170 m between streets

function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  const n = 2 ** z;
  const lon = (i: number) => (i / n) * 360 - 180;
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n))) * 180) / Math.PI;
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)];
}

/** Streets on a grid, a building in each block, and a river running north-west (the Duwamish, roughly). */
export function streetTile(z: number, x: number, y: number): Uint8Array {
  const [w, s, e, n] = tileBounds(z, x, y);
  const pad = STEP;
  const roads: Feature<LineString>[] = [];
  const buildings: Feature<Polygon>[] = [];
  if (z >= 12) {
    const i0 = Math.floor((w - pad) / STEP), i1 = Math.ceil((e + pad) / STEP);
    const j0 = Math.floor((s - pad) / STEP), j1 = Math.ceil((n + pad) / STEP);
    for (let i = i0; i <= i1; i++) roads.push({ type: 'Feature', properties: { class: i % 4 === 0 ? 'primary' : 'minor' }, geometry: { type: 'LineString', coordinates: [[i * STEP, s - pad], [i * STEP, n + pad]] } });
    for (let j = j0; j <= j1; j++) roads.push({ type: 'Feature', properties: { class: j % 4 === 0 ? 'primary' : 'minor' }, geometry: { type: 'LineString', coordinates: [[w - pad, j * STEP], [e + pad, j * STEP]] } });
    if (z >= 13)
      for (let i = i0; i < i1; i++)
        for (let j = j0; j < j1; j++) {
          const [a, b, c, d] = [i * STEP + STEP * 0.2, j * STEP + STEP * 0.25, i * STEP + STEP * 0.8, j * STEP + STEP * 0.7];
          buildings.push({ type: 'Feature', properties: { render_height: 10 }, geometry: { type: 'Polygon', coordinates: [[[a, b], [c, b], [c, d], [a, d], [a, b]]] } });
        }
  }
  const river: Feature<Polygon> = {
    type: 'Feature',
    properties: { class: 'river' },
    geometry: { type: 'Polygon', coordinates: [[[-122.33, 47.5], [-122.322, 47.5], [-122.312, 47.56], [-122.32, 47.56], [-122.33, 47.5]]] },
  };
  const cut = (features: Feature[]) => geoJSONToTile({ type: 'FeatureCollection', features }, z, x, y, { extent: 4096, buffer: 64, maxZoom: z, indexMaxZoom: z });
  const layers = Object.fromEntries(
    Object.entries({ transportation: cut(roads), building: cut(buildings), water: cut([river]) }).filter(([, t]) => t !== null && t.features.length > 0),
  );
  return fromGeojsonVt(layers as never, { version: 2, extent: 4096 });
}

/** A 256 px "photograph": fields in greens and browns, grey roofs on a grid, varying by tile. */
export function aerialTile(z: number, y: number, x: number): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let py = 0; py < 256; py++)
    for (let px = 0; px < 256; px++) {
      const gx = x * 256 + px, gy = y * 256 + py;
      const roof = gx % 48 > 12 && gx % 48 < 36 && gy % 40 > 10 && gy % 40 < 30;
      const road = gx % 48 < 4 || gy % 40 < 4;
      const k = (py * 256 + px) * 4;
      const [r, g, b] = roof ? [150, 150, 155] : road ? [90, 90, 90] : [70 + ((gx >> 5) % 3) * 20, 100 + ((gy >> 5) % 3) * 15, 60];
      png.data[k] = r;
      png.data[k + 1] = g;
      png.data[k + 2] = b;
      png.data[k + 3] = 255;
    }
  void z;
  return PNG.sync.write(png);
}

/** Serves both online maps from the fixtures above; returns the aerial tiles asked for, as "z/y/x". */
export async function serveOnlineMaps(page: Page): Promise<{ aerialTiles: string[]; streetTiles: string[] }> {
  const aerialTiles: string[] = [];
  const streetTiles: string[] = [];
  const cors = { 'Access-Control-Allow-Origin': '*' };
  await page.route(ONLINE_MAP_HOSTS, async (route: Route) => {
    const url = route.request().url();
    if (url === STREETS_STYLE_URL) return route.fulfill({ status: 200, headers: cors, contentType: 'application/json', body: JSON.stringify(FIXTURE_STREETS_STYLE) });
    const st = /\/fixture\/(\d+)\/(\d+)\/(\d+)\.pbf$/.exec(url);
    if (st) {
      const [z, x, y] = st.slice(1).map(Number) as [number, number, number];
      streetTiles.push(`${z}/${x}/${y}`);
      return route.fulfill({ status: 200, headers: cors, contentType: 'application/x-protobuf', body: Buffer.from(streetTile(z, x, y)) });
    }
    if (url.startsWith(AERIAL_TILE_PREFIX)) {
      const [z, y, x] = url.slice(AERIAL_TILE_PREFIX.length).split('/').map(Number) as [number, number, number];
      aerialTiles.push(`${z}/${y}/${x}`);
      return route.fulfill({ status: 200, headers: cors, contentType: 'image/png', body: aerialTile(z, y, x) });
    }
    return route.fulfill({ status: 404, headers: cors, body: '' });
  });
  return { aerialTiles, streetTiles };
}

/** The tile (x, y) holding a point at zoom z (Web Mercator). */
export function tileOf([lon, lat]: [number, number], z: number): { x: number; y: number } {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return { x: Math.floor(((lon + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n) };
}
