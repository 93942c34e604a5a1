import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { createApp } from '../../app';
import type { Config } from '../../config';
import { lonLatToTile } from '../../tiles/tile-coords';
import { FIXTURE_NOW, fixtureDataset } from './tiles.fixture';
import { mvt, writePmtiles } from './pmtiles.test-helpers';
import { decodeTile, responseBytes } from './tiles.test-helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'skyplan-streets-'));
const archive = path.join(dir, 'streets.pmtiles');
const rasterArchive = path.join(dir, 'raster.pmtiles');
const KBFI = lonLatToTile(-122.302, 47.53, 14);
const street = { type: 'Feature' as const, properties: { kind: 'major_road', name: 'East Marginal Way' }, geometry: { type: 'LineString' as const, coordinates: [[-122.31, 47.525], [-122.29, 47.54]] } };
const lake = { type: 'Feature' as const, properties: { kind: 'lake', name: 'Lake Washington' }, geometry: { type: 'Polygon' as const, coordinates: [[[-180, -85], [180, -85], [180, 85], [-180, 85], [-180, -85]]] } };

let svc: TestService;

/** The same service (store, dataset) under another configuration: a second app, not a second store. */
function withConfig(overrides: Partial<Config>) {
  const app = createApp({ ...svc.deps, config: { ...svc.deps.config, ...overrides } });
  return { call: (method: string, p: string) => Promise.resolve(app.request(p, { method })) };
}
let plain: ReturnType<typeof withConfig>;
beforeAll(async () => {
  writePmtiles(archive, [
    { z: 0, x: 0, y: 0, data: mvt('water', [lake], 0, 0, 0) },
    { ...KBFI, data: mvt('roads', [street], 14, KBFI.x, KBFI.y) },
  ], { minzoom: 0, maxzoom: 14, attribution: 'Test streets © OpenStreetMap' });
  writePmtiles(rasterArchive, [{ z: 0, x: 0, y: 0, data: mvt('water', [lake], 0, 0, 0) }], { minzoom: 0, maxzoom: 0, tileType: 2 });
  svc = await startTestService({ dataset: fixtureDataset(), now: FIXTURE_NOW, config: { basemapPmtiles: archive, basemapStyleUrl: 'https://tiles.example/style.json' } });
  plain = withConfig({ basemapPmtiles: null, basemapStyleUrl: null });
});
afterAll(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('street basemap from a PMTiles archive (BASEMAP_PMTILES)', () => {
  it('serves a tile of the archive, decoded from gzip, with ETag, cache headers and 304', async () => {
    const p = `/tiles/streets/14/${KBFI.x}/${KBFI.y}.pbf`;
    const r = await svc.call('GET', p, { headers: { 'accept-encoding': 'gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(r.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const t = decodeTile(await responseBytes(r));
    expect(t.roads).toEqual([expect.objectContaining({ kind: 'major_road', name: 'East Marginal Way', $type: 2 })]);
    const etag = r.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await svc.call('GET', p, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Without gzip in Accept-Encoding the body is the plain tile.
    const identity = await svc.call('GET', p);
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(decodeTile(new Uint8Array(await identity.arrayBuffer())).roads).toHaveLength(1);
  });

  it('answers 204 for a tile the archive lacks or a zoom beyond it, 400 for a bad address', async () => {
    expect((await svc.call('GET', `/tiles/streets/14/${KBFI.x + 1}/${KBFI.y}.pbf`)).status).toBe(204);
    expect((await svc.call('GET', '/tiles/streets/15/0/0.pbf')).status).toBe(204);
    expect((await svc.call('GET', '/tiles/streets/1/2/0.pbf')).status).toBe(400);
  });

  it('draws the Protomaps flavour under the airspace in both styles, valid, with glyphs served for its fonts', async () => {
    for (const name of ['light', 'dark']) {
      const r = await svc.call('GET', `/styles/${name}/style.json`);
      expect(r.status).toBe(200);
      const s = (await r.json()) as StyleSpecification;
      expect(validateStyleMin(s)).toEqual([]);
      expect(Object.keys(s.sources).sort()).toEqual(['airspace', 'streets']);
      expect((s.sources.streets as { tiles: string[]; maxzoom: number; attribution: string })).toMatchObject({ maxzoom: 14, attribution: 'Test streets © OpenStreetMap' });
      expect((s.sources.streets as { tiles: string[] }).tiles[0]).toMatch(/\/tiles\/streets\/\{z\}\/\{x\}\/\{y\}\.pbf$/);
      const ids = s.layers.map((l) => l.id);
      expect(ids).toContain('roads_highway');
      const lastBasemap = Math.max(...s.layers.map((l, i) => ('source' in l && l.source === 'streets' ? i : -1)));
      const firstAirspace = s.layers.findIndex((l) => 'source' in l && l.source === 'airspace');
      expect(firstAirspace).toBeGreaterThan(lastBasemap);
      const fonts = new Set(s.layers.flatMap((l) => JSON.stringify((l.layout as Record<string, unknown> | undefined)?.['text-font'] ?? []).match(/Noto Sans [A-Za-z]+/g) ?? []));
      expect(fonts.size).toBeGreaterThan(0);
      for (const f of fonts) expect((await svc.call('GET', `/fonts/${encodeURIComponent(f)}/0-255.pbf`)).status, f).toBe(200);
    }
  });

  it('still offers the offline basemap on request', async () => {
    const s = (await (await svc.call('GET', '/styles/light/style.json?basemap=offline')).json()) as StyleSpecification;
    expect(Object.keys(s.sources).sort()).toEqual(['airspace', 'basemap']);
    expect((await svc.call('GET', '/styles/light/style.json?basemap=satellite')).status).toBe(400);
  });

  it('tells the portal which basemap is drawn and the deployment style URL', async () => {
    const r = await svc.call('GET', '/styles');
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ styles: ['light', 'dark'], basemap: 'streets', styleUrl: 'https://tiles.example/style.json' });
    expect(await (await plain.call('GET', '/styles')).json()).toEqual({
      styles: ['light', 'dark'],
      basemap: 'offline',
      styleUrl: null,
      maps: {
        streets: { styleUrl: 'https://tiles.openfreemap.org/styles/liberty', attribution: '© OpenStreetMap contributors, © OpenMapTiles' },
        aerial: { tilesUrl: 'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}', attribution: 'U.S. Geological Survey', maxZoom: 16 },
      },
    });
  });

  it('without an archive there is no streets source: 404, and the styles use the offline basemap', async () => {
    expect((await plain.call('GET', `/tiles/streets/14/${KBFI.x}/${KBFI.y}.pbf`)).status).toBe(404);
    const s = (await (await plain.call('GET', '/styles/dark/style.json')).json()) as StyleSpecification;
    expect(s.sources.streets).toBeUndefined();
  });

  it('falls back to the offline basemap when the archive is not a vector archive', async () => {
    const raster = withConfig({ basemapPmtiles: rasterArchive });
    const s = (await (await raster.call('GET', '/styles/light/style.json')).json()) as StyleSpecification;
    expect(Object.keys(s.sources).sort()).toEqual(['airspace', 'basemap']);
    expect((await raster.call('GET', '/tiles/streets/0/0/0.pbf')).status).toBe(404);
  });
});
