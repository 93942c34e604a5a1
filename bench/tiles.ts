/**
 * Vector tiles over metros (Washington DC, Seattle, New York, Dallas) at z5 to z12: tiles per second cold
 * (first render, no tile cache) and cached (through the TileService's cache), against an in-process
 * geojson-vt baseline (a classic whole-index GeoJSONVT of the same airspace features, then vt-pbf)
 * measured in the same run; and tile sizes per zoom (p50, p95, max).
 */
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature } from 'geojson';
import type { Dataset } from '../server/data/dataset';
import { DatasetProvider } from '../server/data/dataset-provider';
import { basemapReady } from '../server/tiles/basemap';
import { lonLatToTile } from '../server/tiles/tile-coords';
import { renderTile, warmUpTiles } from '../server/tiles/render';
import { TileService } from '../server/tiles/tile-service';
import { percentile, row } from './stats';

const METROS: Array<[string, number, number]> = [['Washington DC', -77.04, 38.9], ['Seattle', -122.33, 47.6], ['New York', -73.98, 40.75], ['Dallas', -96.8, 32.85]];

function tileList(): Array<{ z: number; x: number; y: number }> {
  const out: Array<{ z: number; x: number; y: number }> = [];
  for (const [, lon, lat] of METROS) {
    for (let z = 5; z <= 12; z++) {
      const c = lonLatToTile(lon, lat, z);
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) out.push({ z, x: c.x + dx, y: c.y + dy });
    }
  }
  return out;
}

export async function benchTiles(ds: Dataset, now: Date): Promise<string[]> {
  const tiles = tileList();
  let t0 = performance.now();
  await warmUpTiles(ds, now);
  const warm = performance.now() - t0;
  // Basemap tiles at city zoom need the airfields and the modelled urban areas (read asynchronously,
  // as the service does before its first basemap tile); outside the timed loops.
  await basemapReady();

  t0 = performance.now();
  const sizes = new Map<number, number[]>();
  for (const t of tiles) {
    for (const source of ['basemap', 'airspace'] as const) {
      const b = renderTile(ds, source, t.z, t.x, t.y, now);
      if (source === 'airspace') sizes.set(t.z, [...(sizes.get(t.z) ?? []), b?.byteLength ?? 0]);
    }
  }
  const cold = performance.now() - t0;

  const service = new TileService(new DatasetProvider(ds), () => now);
  for (const t of tiles) service.tile('airspace', t);
  t0 = performance.now();
  for (let rep = 0; rep < 5; rep++) for (const t of tiles) service.tile('airspace', t);
  const cached = (performance.now() - t0) / 5;

  // Baseline: the textbook geojson-vt way, one index over the same airspace polygons.
  const features: Feature[] = ds.features
    .filter((f) => f.layer === 'class_airspace' || f.layer === 'uasfm' || f.layer === 'sua')
    .map((f) => ({ type: 'Feature', geometry: f.geometry, properties: { layer: f.layer, ceiling: f.ceilingFt ?? null } }));
  t0 = performance.now();
  const index = new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: 12, indexMaxZoom: 5, tolerance: 3, extent: 4096, buffer: 64 });
  const baseBuild = performance.now() - t0;
  t0 = performance.now();
  for (const t of tiles) {
    const tile = index.getTile(t.z, t.x, t.y);
    if (tile) fromGeojsonVt({ airspace: tile }, { version: 2, extent: 4096 });
  }
  const baseTiles = performance.now() - t0;

  const rate = (n: number, msTotal: number) => `${Math.round((n * 1000) / msTotal)}/s`;
  const lines = [
    `Vector tiles: ${tiles.length} tile addresses over ${METROS.length} metros, z5-z12 (build of every layer at warm-up: ${warm.toFixed(0)} ms)`,
    row(['', 'tiles/s', 'vs baseline']),
    row(['baseline geojson-vt + vt-pbf', rate(tiles.length, baseTiles), `1.0x (index build ${baseBuild.toFixed(0)} ms)`]),
    row(['cold (basemap + airspace each)', rate(tiles.length * 2, cold), `${((tiles.length * 2) / cold / (tiles.length / baseTiles)).toFixed(2)}x`]),
    row(['cached (airspace, TileService)', rate(tiles.length, cached), `${(tiles.length / cached / (tiles.length / baseTiles)).toFixed(1)}x`]),
    'Airspace tile sizes (bytes, uncompressed)',
    row(['zoom', 'p50', 'p95', 'max']),
  ];
  for (const [z, list] of [...sizes.entries()].sort((a, b) => a[0] - b[0])) {
    const s = [...list].sort((a, b) => a - b);
    lines.push(row([String(z), percentile(s, 50), percentile(s, 95), s[s.length - 1]!]));
  }
  return lines;
}
