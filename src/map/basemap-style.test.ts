import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { basemapHost, chooseMapStyle, composeBasemap, rasterStyle, withAttribution } from './basemap-style';

const service: StyleSpecification = {
  version: 8,
  name: 'SkyPlan light',
  glyphs: 'https://svc/fonts/{fontstack}/{range}.pbf',
  sprite: 'https://svc/sprites/skyplan',
  sources: {
    basemap: { type: 'vector', tiles: ['https://svc/tiles/basemap/{z}/{x}/{y}.pbf'] },
    airspace: { type: 'vector', tiles: ['https://svc/tiles/airspace/{z}/{x}/{y}.pbf'] },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#fff' } },
    { id: 'land', type: 'fill', source: 'basemap', 'source-layer': 'land' },
    { id: 'airspace-class-b', type: 'line', source: 'airspace', 'source-layer': 'class_airspace' },
    { id: 'airspace-airport', type: 'symbol', source: 'airspace', 'source-layer': 'airport', layout: { 'icon-image': 'airport', 'text-field': ['get', 'ident'], 'text-font': ['Open Sans Semibold'] } },
  ],
};

const other: StyleSpecification = {
  version: 8,
  name: 'Streets',
  center: [0, 0],
  zoom: 2,
  glyphs: 'https://maps.example/fonts/{fontstack}/{range}.pbf',
  sprite: 'https://maps.example/sprite',
  sources: { osm: { type: 'vector', url: 'https://maps.example/tiles.json' } },
  layers: [
    { id: 'bg', type: 'background', paint: { 'background-color': '#eee' } },
    { id: 'road', type: 'line', source: 'osm', 'source-layer': 'roads' },
    { id: 'poi', type: 'symbol', source: 'osm', 'source-layer': 'poi', layout: { 'icon-image': 'cafe', 'text-field': ['get', 'name'], 'text-font': ['Roboto Regular'] } },
  ],
};

describe('the airspace over another style', () => {
  it('draws the other style first and the airspace (only) on top of it', () => {
    const s = composeBasemap(other, service);
    expect(s.layers.map((l) => l.id)).toEqual(['bg', 'road', 'poi', 'airspace-class-b', 'airspace-airport']);
    expect(Object.keys(s.sources).sort()).toEqual(['airspace', 'osm']);
    expect(s.center).toBeUndefined(); // the map keeps its place
    expect(s.zoom).toBeUndefined();
  });

  it("uses the other style's glyphs, with its font for the airspace labels", () => {
    const s = composeBasemap(other, service);
    expect(s.glyphs).toBe(other.glyphs);
    const airport = s.layers.find((l) => l.id === 'airspace-airport')!;
    expect((airport.layout as Record<string, unknown>)['text-font']).toEqual(['Roboto Regular']);
  });

  it('keeps our sprite as the default and the other one under its own id, renaming its plain icon names', () => {
    const s = composeBasemap(other, service);
    expect(s.sprite).toEqual([{ id: 'default', url: 'https://svc/sprites/skyplan' }, { id: 'basemap', url: 'https://maps.example/sprite' }]);
    expect((s.layers.find((l) => l.id === 'poi')!.layout as Record<string, unknown>)['icon-image']).toBe('basemap:cafe');
    expect((s.layers.find((l) => l.id === 'airspace-airport')!.layout as Record<string, unknown>)['icon-image']).toBe('airport');
  });

  it('keeps our glyphs and fonts when the other style has none', () => {
    const { glyphs: _g, ...bare } = other;
    const s = composeBasemap(bare, service);
    expect(s.glyphs).toBe(service.glyphs);
    expect((s.layers.find((l) => l.id === 'airspace-airport')!.layout as Record<string, unknown>)['text-font']).toEqual(['Open Sans Semibold']);
  });
});

describe('which styles a map loads', () => {
  const svc = 'https://svc/styles/light/style.json';
  const maps = {
    streets: { styleUrl: 'https://tiles.openfreemap.org/styles/liberty', attribution: '© OpenStreetMap contributors, © OpenMapTiles' },
    aerial: { tilesUrl: 'https://basemap.nationalmap.gov/t/{z}/{y}/{x}', attribution: 'U.S. Geological Survey', maxZoom: 16 },
  };
  const config = { styles: ['light', 'dark'], basemap: 'offline' as const, styleUrl: null, maps };
  it('draws the configured street map under the airspace, the service alone until the configuration answers', () => {
    expect(chooseMapStyle(svc, 'streets', '', config)).toEqual({ styleUrl: svc, basemap: { map: 'streets', kind: 'style', url: maps.streets.styleUrl, attribution: maps.streets.attribution } });
    expect(chooseMapStyle(svc, 'streets', '', null)).toEqual({ styleUrl: svc, basemap: null });
    expect(chooseMapStyle(svc, 'streets', '', { ...config, maps: { streets: null, aerial: null } })).toEqual({ styleUrl: svc, basemap: null });
    // An older service without `maps`: its BASEMAP_STYLE_URL.
    expect(chooseMapStyle(svc, 'streets', '', { styles: [], basemap: 'offline', styleUrl: 'https://deploy.example/s.json' }).basemap).toMatchObject({ url: 'https://deploy.example/s.json' });
  });
  it('draws the aerial imagery from its tile template, or streets where none is offered', () => {
    expect(chooseMapStyle(svc, 'aerial', '', config).basemap).toEqual({ map: 'aerial', kind: 'raster', ...maps.aerial });
    expect(chooseMapStyle(svc, 'aerial', '', { ...config, maps: { ...maps, aerial: null } }).basemap).toMatchObject({ map: 'streets' });
    const style = rasterStyle({ map: 'aerial', kind: 'raster', ...maps.aerial });
    expect(style.sources.aerial).toEqual({ type: 'raster', tiles: [maps.aerial.tilesUrl], tileSize: 256, maxzoom: 16, attribution: 'U.S. Geological Survey' });
    expect(basemapHost(chooseMapStyle(svc, 'aerial', '', config).basemap)).toBe('basemap.nationalmap.gov');
    expect(basemapHost(chooseMapStyle(svc, 'streets', '', config).basemap)).toBe('tiles.openfreemap.org');
  });
  it('asks for the offline basemap, or draws over a custom http(s) style only', () => {
    expect(chooseMapStyle(svc, 'offline', '', config)).toEqual({ styleUrl: `${svc}?basemap=offline`, basemap: null });
    expect(chooseMapStyle(svc, 'custom', ' https://mine.example/s.json ', config).basemap).toEqual({ map: 'custom', kind: 'style', url: 'https://mine.example/s.json', attribution: null });
    expect(chooseMapStyle(svc, 'custom', 'file:///etc/passwd', config).basemap).toBeNull();
  });
  it('puts the configured credit on every source of the street style', () => {
    const s = withAttribution({ version: 8, sources: { openmaptiles: { type: 'vector', url: 'https://t/x.json' } }, layers: [] }, '© OpenStreetMap contributors');
    expect(s.sources.openmaptiles).toEqual({ type: 'vector', url: 'https://t/x.json', attribution: '© OpenStreetMap contributors' });
  });
});
