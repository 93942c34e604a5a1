import { validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { resolveFontStack } from '../../tiles/glyphs';
import { ICONS } from '../../tiles/sprite-icons';
import { STYLE_NAMES } from '../../tiles/style/style';
import { FIXTURE_NOW, fixtureDataset } from './tiles.fixture';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ dataset: fixtureDataset(), now: FIXTURE_NOW });
});
afterAll(() => svc.close());

async function style(name: string, headers: Record<string, string> = {}): Promise<StyleSpecification> {
  const r = await svc.call('GET', `/styles/${name}/style.json`, { headers });
  expect(r.status).toBe(200);
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  return (await r.json()) as StyleSpecification;
}

/** Every string literal inside an expression or value (icon and pattern names are among them). */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

describe('GET /styles/{style}/style.json', () => {
  it('offers at least a light and a dark style', () => {
    expect(STYLE_NAMES).toEqual(expect.arrayContaining(['light', 'dark']));
  });

  it.each(STYLE_NAMES)('%s validates against the MapLibre style specification with no error', async (name) => {
    const s = await style(name);
    expect(validateStyleMin(s)).toEqual([]);
    expect(s.version).toBe(8);
    expect(typeof s.name).toBe('string');
    expect(s.layers.length).toBeGreaterThan(20);
    expect(new Set(s.layers.map((l) => l.id)).size).toBe(s.layers.length);
  });

  it('points sources, glyphs and sprite at this service with absolute URLs', async () => {
    const s = await style('light');
    expect(s.glyphs).toBe('http://localhost/fonts/{fontstack}/{range}.pbf');
    expect(s.sprite).toBe('http://localhost/sprites/skyplan');
    for (const name of ['basemap', 'airspace']) {
      const src = s.sources[name] as { type: string; tiles: string[]; minzoom: number; maxzoom: number; bounds: number[]; attribution: string };
      expect(src.type).toBe('vector');
      expect(src.tiles).toEqual([`http://localhost/tiles/${name}/{z}/{x}/{y}.pbf`]);
      expect(src.minzoom).toBeLessThan(src.maxzoom);
      expect(src.bounds).toHaveLength(4);
      expect(src.attribution.length).toBeGreaterThan(0);
    }
    expect((s.sources.basemap as { attribution: string }).attribution).toMatch(/GeoNames.*CC BY 4\.0/);
    // The airspace source covers the dataset: the fixture lies around Seattle.
    const [w, south, e, n] = (s.sources.airspace as { bounds: number[] }).bounds as [number, number, number, number];
    expect(w).toBeLessThan(-122.3);
    expect(e).toBeGreaterThan(-121.5);
    expect(south).toBeLessThan(47);
    expect(n).toBeGreaterThan(47.5);
  });

  it('honours X-Forwarded-Proto and X-Forwarded-Host, and ignores a malformed host', async () => {
    const s = await style('dark', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maps.example.com, proxy.internal' });
    expect(s.glyphs).toBe('https://maps.example.com/fonts/{fontstack}/{range}.pbf');
    expect((s.sources.airspace as { tiles: string[] }).tiles[0]).toBe('https://maps.example.com/tiles/airspace/{z}/{x}/{y}.pbf');
    const bad = await style('dark', { 'x-forwarded-host': 'evil.example/"><script>', 'x-forwarded-proto': 'javascript' });
    expect(bad.sprite).toBe('http://localhost/sprites/skyplan');
  });

  it('answers an unknown style with 404 in the error envelope', async () => {
    const r = await svc.call('GET', '/styles/satellite/style.json');
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ statusCode: 404, message: expect.stringContaining('light') });
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('references only source layers, icons, patterns and fonts that are served', async () => {
    const s = await style('light');
    const sourceLayers: Record<string, Set<string>> = {
      basemap: new Set(['land', 'landuse', 'water', 'boundary', 'aeroway', 'place']),
      airspace: new Set(['class_airspace', 'uasfm', 'sua', 'tfr', 'nsufr', 'stadium', 'national_park', 'airport', 'washington_frz', 'washington_sfra', 'satr', 'mtr', 'recreational_flyer_fixed_site', 'community_advisory', 'notam', 'uasfm_label']),
    };
    for (const l of s.layers) {
      if (l.type === 'background') continue;
      const vl = l as { source: string; 'source-layer': string; layout?: Record<string, unknown>; paint?: Record<string, unknown> };
      expect(sourceLayers[vl.source], l.id).toBeDefined();
      expect(sourceLayers[vl.source]!.has(vl['source-layer']), l.id).toBe(true);
      const icons = [...strings(vl.layout?.['icon-image']), ...strings(vl.paint?.['fill-pattern'])].filter((n) => !['get', 'match', 'case', 'subtype', 'towered', 'has', 'capital', 'HELIPORT', 'SEAPLANE_BASE'].includes(n));
      for (const icon of icons) expect(ICONS[icon], `${l.id} uses icon ${icon}`).toBeDefined();
      const font = vl.layout?.['text-font'] as string[] | undefined;
      if (font) expect(resolveFontStack(font.join(',')).ok, `${l.id} font`).toBe(true);
    }
  });

  it('leaves room for place names and runway designators among the facility-map ceilings (each cell has one at planning zoom)', async () => {
    for (const name of STYLE_NAMES) {
      const layers = (await style(name)).layers as { id: string; layout?: Record<string, unknown> }[];
      const ceilings = layers.find((l) => l.id === 'airspace-uasfm-label');
      // Placed first (they are above), ceilings that take their space hid Grand Island, NE, at z12.
      expect(ceilings?.layout?.['text-ignore-placement'], name).toBe(true);
      expect(ceilings?.layout?.['text-allow-overlap'], `${name}: a ceiling is never dropped for a name`).not.toBe(true);
    }
  });
});
