import type { Feature, Polygon } from 'geojson';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { Dataset } from '../data/dataset';
import { fixtureDataset } from '../routes/tiles/tiles.fixture';
import { airspaceTiles } from './airspace';
import { splitLineAtAntimeridian, splitPolygonAtAntimeridian } from './antimeridian';
import { altitudeLabel, tfrStatus } from './airspace-features';
import { ByteLru } from './lru';
import { placeMinzoom } from './basemap-places';
import { parseGlyphRange, resolveFontStack } from './glyphs';
import { renderTile } from './render';
import { parseSpriteFile, spriteSheet } from './sprites';
import { lonLatToTile, parseTileCoord, tileBBox } from './tile-coords';
import { asRect, mergeCellRuns } from './uasfm-runs';

const cell = (w: number, s: number, ceilingFt: number, size = 1 / 120): Feature<Polygon> => ({
  type: 'Feature',
  properties: { ceilingFt, laanc: true },
  geometry: { type: 'Polygon', coordinates: [[[w, s], [w + size, s], [w + size, s + size], [w, s + size], [w, s]]] },
});

describe('tile coordinates', () => {
  it('accepts integers in the zoom grid and nothing else', () => {
    expect(parseTileCoord('3', '7', '0')).toEqual({ ok: true, tile: { z: 3, x: 7, y: 0 } });
    for (const [z, x, y] of [['3', '8', '0'], ['-1', '0', '0'], ['1.0', '0', '0'], ['23', '0', '0'], [' 1', '0', '0'], ['0x1', '0', '0'], ['', '0', '0']] as const) {
      expect(parseTileCoord(z, x, y).ok, `${z}/${x}/${y}`).toBe(false);
    }
  });

  it('finds the tile of a point and the bbox of a tile', () => {
    const t = lonLatToTile(-122.309, 47.449, 10);
    const [w, s, e, n] = tileBBox(t);
    expect(-122.309).toBeGreaterThanOrEqual(w);
    expect(-122.309).toBeLessThan(e);
    expect(47.449).toBeGreaterThanOrEqual(s);
    expect(47.449).toBeLessThan(n);
  });
});

describe('facility-map cell merging', () => {
  it('recognises grid rectangles only', () => {
    expect(asRect(cell(0, 0, 0).geometry)).toEqual({ w: 0, s: 0, e: 1 / 120, n: 1 / 120 });
    expect(asRect({ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0.5, 1], [0, 0]]] })).toBeNull();
    expect(asRect({ type: 'Polygon', coordinates: [[[0, 0], [1, 0.2], [1, 1], [0, 1], [0, 0]]] })).toBeNull();
  });

  it('merges equal neighbours into rectangles and keeps the area', () => {
    const c = 1 / 120;
    // Two rows of [0, 0, 100] plus a lone 400: blocks 0 (2x2), 100 (1x2) and 400.
    const cells = [cell(0, 0, 0), cell(c, 0, 0), cell(2 * c, 0, 100), cell(0, c, 0), cell(c, c, 0), cell(2 * c, c, 100), cell(5 * c, 0, 400)];
    const merged = mergeCellRuns(cells);
    expect(merged).toHaveLength(3);
    const area = (f: Feature) => {
      const r = asRect(f.geometry)!;
      return (r.e - r.w) * (r.n - r.s);
    };
    expect(merged.reduce((a, f) => a + area(f), 0)).toBeCloseTo(7 * c * c, 12);
    expect(merged.map((f) => f.properties!.ceilingFt).sort()).toEqual([0, 100, 400]);
  });
});

describe('airspace features', () => {
  it('labels limits like the sectional chart, in hundreds of feet', () => {
    expect(altitudeLabel({ value: 0, reference: 'SFC' }, { value: 10000, reference: 'MSL' })).toBe('100/SFC');
    expect(altitudeLabel({ value: 1500, reference: 'MSL' }, { value: 4000, reference: 'MSL' })).toBe('40/15');
    expect(altitudeLabel(undefined, undefined)).toBe('UNL/SFC');
  });

  it('tells TFRs apart by time: scheduled, active, expired', () => {
    const f = fixtureDataset().features.find((x) => x.id === 'tfr:4/1111')!;
    expect(tfrStatus(f, Date.parse('2025-05-31T23:59:59Z'))).toBe('scheduled');
    expect(tfrStatus(f, Date.parse('2025-06-01T00:00:00Z'))).toBe('active');
    expect(tfrStatus(f, Date.parse('2025-06-02T00:00:00Z'))).toBe('expired');
  });

  it('changes the content version only when a TFR starts or ends', () => {
    const tiles = airspaceTiles(new Dataset(fixtureDataset('units-1')));
    const a = tiles.contentVersion(Date.parse('2025-06-01T12:00:00Z'));
    expect(tiles.contentVersion(Date.parse('2025-06-01T18:00:00Z'))).toBe(a);
    expect(tiles.contentVersion(Date.parse('2025-06-02T00:00:00Z'))).not.toBe(a);
    expect(tiles.nextChange(Date.parse('2025-06-01T12:00:00Z'))).toBe(Date.parse('2025-06-02T00:00:00Z'));
  });

  it('renders for the benchmark through renderTile, null where nothing is', () => {
    const ds = new Dataset(fixtureDataset('units-2'));
    const t = lonLatToTile(-122.309, 47.449, 10);
    expect(renderTile(ds, 'airspace', t.z, t.x, t.y)!.byteLength).toBeGreaterThan(100);
    expect(renderTile(ds, 'airspace', 10, 0, 0)).toBeNull();
  });
});

describe('the antimeridian', () => {
  it('cuts a ring that jumps from 180 to -180 into two halves, one on each side', () => {
    const ring = [[178, -16], [180, -16], [-180, -16], [-179, -16], [-179, -17], [-180, -17], [180, -17], [178, -17], [178, -16]];
    const halves = splitPolygonAtAntimeridian([ring]);
    expect(halves).toHaveLength(2);
    const lons = halves.map((h) => h[0]!.map((p) => p[0]!));
    expect(Math.min(...lons[0]!)).toBe(178);
    expect(Math.max(...lons[0]!)).toBe(180);
    expect(Math.min(...lons[1]!)).toBe(-180);
    expect(Math.max(...lons[1]!)).toBe(-179);
  });

  it('leaves ordinary rings and rings around a pole alone', () => {
    const plain = [[[0, 0], [1, 0], [1, 1], [0, 0]]];
    expect(splitPolygonAtAntimeridian(plain)).toEqual([plain]);
    const polar = [[[-180, -80], [0, -75], [180, -80], [-180, -80]]];
    expect(splitPolygonAtAntimeridian(polar)).toEqual([polar]);
  });

  it('splits a line at a jump', () => {
    expect(splitLineAtAntimeridian([[179, 60], [180, 61], [-180, 61], [-179, 62]])).toEqual([[[179, 60], [180, 61]], [[-180, 61], [-179, 62]]]);
  });
});

describe('places', () => {
  it('shows bigger places from shallower zooms, capitals earlier', () => {
    expect(placeMinzoom(8_000_000, false)).toBe(2);
    expect(placeMinzoom(600_000, false)).toBe(4);
    expect(placeMinzoom(1_500, false)).toBe(10);
    expect(placeMinzoom(150_000, true)).toBe(4);
  });
});

describe('glyph and sprite names', () => {
  it('parses glyph ranges strictly', () => {
    expect(parseGlyphRange('512-767')).toEqual({ ok: true, start: 512 });
    expect(parseGlyphRange('512-768').ok).toBe(false);
    expect(parseGlyphRange('../0-255').ok).toBe(false);
  });

  it('resolves font stacks to served fonts only', () => {
    expect(resolveFontStack(' Open  Sans Bold , Arial')).toEqual({ ok: true, font: 'open sans bold' });
    expect(resolveFontStack('Arial Unicode MS Regular')).toMatchObject({ ok: false, status: 404 });
    expect(resolveFontStack('../fonts/Open Sans Regular')).toMatchObject({ ok: false, status: 400 });
    expect(resolveFontStack('constructor')).toMatchObject({ ok: false, status: 404 });
  });

  it('parses sprite file names strictly', () => {
    expect(parseSpriteFile('skyplan@2x.png')).toEqual({ name: 'skyplan', ratio: 2, ext: 'png' });
    expect(parseSpriteFile('skyplan.json')).toEqual({ name: 'skyplan', ratio: 1, ext: 'json' });
    expect(parseSpriteFile('../skyplan.json')).toBeNull();
    expect(parseSpriteFile('skyplan@3x.png')).toBeNull();
  });
});

describe('the sprite sheet (resvg)', () => {
  it.each([1, 2] as const)('draws each icon where its index says, in its colours, at ratio %i', (ratio) => {
    const sheet = spriteSheet('skyplan', ratio)!;
    const png = PNG.sync.read(sheet.png);
    const at = (name: string, x: number, y: number) => {
      const e = sheet.json[name]!;
      const o = ((e.y + Math.floor(y * ratio)) * png.width + e.x + Math.floor(x * ratio)) * 4;
      return [...png.data.subarray(o, o + 4)];
    };
    // Inside the towered airport's blue disc, off its white runway; its rim is white; outside its disc nothing.
    expect(at('airport-towered', 5.5, 5.5)).toEqual([0x1f, 0x4f, 0xbf, 255]);
    expect(at('airport-towered', 8.5, 1.3)).toEqual([255, 255, 255, 255]);
    expect(at('airport-towered', 0.2, 0.2)[3]).toBe(0);
    // The hatch: a translucent red stripe on the diagonal x + y = 8, clear between stripes.
    const stripe = at('hatch-red', 3.5, 4.2);
    // (Straight colour from premultiplied pixels: a unit or two of rounding.)
    [0xd0, 0x20, 0x2a].forEach((c, i) => expect(Math.abs(stripe[i]! - c)).toBeLessThanOrEqual(2));
    expect(stripe[3]).toBeGreaterThan(150);
    expect(stripe[3]).toBeLessThan(200);
    expect(at('hatch-red', 1.5, 1.5)[3]).toBe(0);
  });
});

describe('the byte-bounded LRU', () => {
  it('evicts the least recently used entries beyond its budget', () => {
    const lru = new ByteLru<string>(10, 100);
    lru.set('a', 'a', 4);
    lru.set('b', 'b', 4);
    expect(lru.get('a')).toBe('a'); // a is now the youngest
    lru.set('c', 'c', 4);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('a');
    expect(lru.bytes).toBe(8);
    lru.set('huge', 'x', 11);
    expect(lru.get('huge')).toBeUndefined();
  });

  it('counts bytes added later (a gzip form), bounds the entry count, and forgets an entry grown past the budget', () => {
    const lru = new ByteLru<string>(10, 2);
    lru.set('a', 'a', 3);
    lru.set('b', 'b', 3);
    lru.addBytes('a', 2);
    expect(lru.bytes).toBe(8);
    lru.set('c', 'c', 1); // three entries: the oldest untouched one (b) goes
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual(['a', undefined, 'c']);
    lru.addBytes('c', 20);
    expect(lru.get('c')).toBeUndefined();
    expect(lru.size).toBe(1);
    lru.clear();
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });
});

describe('degenerate rings (issue 30)', () => {
  it('drops polygon rings that enclose no area, and a polygon left with none; keeps the rest as they are', async () => {
    const { withoutDegenerateRings } = await import('./tileset');
    const square: [number, number][] = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
    const flat: [number, number][] = [[0, 0], [5, 0], [10, 0], [0, 0]];
    const layers = {
      uasfm: {
        features: [
          { type: 3 as const, tags: { a: 1 }, geometry: [square, flat] },
          { type: 3 as const, tags: { a: 2 }, geometry: [flat] },
          { type: 2 as const, tags: { a: 3 }, geometry: [flat] },
        ],
      },
      water: { features: [{ type: 3 as const, tags: {}, geometry: [square] }] },
    } as unknown as Parameters<typeof withoutDegenerateRings>[0];
    const out = withoutDegenerateRings(layers);
    expect(out.uasfm!.features.map((f) => [f.tags!.a, f.geometry.length])).toEqual([[1, 1], [3, 1]]);
    expect(out.water).toBe(layers.water);
  });
});
