// @isolated-modules: measures the heap, which the modules other files left would change.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fixtureFile } from '../domain/briefing/fixtures';
import { compactFeatures, compactFeaturesInSlices } from './compact';
import { Dataset } from './dataset';
import type { AirspaceFeature } from './model';

const cell = (i: number, lon: number, lat: number): AirspaceFeature => ({
  id: `uasfm:T:${i}`,
  layer: 'uasfm',
  name: 'T grid 100 ft',
  geometry: { type: 'Polygon', coordinates: [[[lon, lat], [lon + 1, lat], [lon + 1, lat + 1], [lon, lat + 1], [lon, lat]]] },
  lower: { value: 0, reference: 'SFC' },
  upper: { value: 100, reference: 'AGL' },
  ceilingFt: 100,
  description: 'LAANC can approve up to 100 ft AGL here.',
  sourceUrl: 'https://udds-faa.opendata.arcgis.com/',
  sourceId: 'test',
});

/** Features as JSON.parse makes them: every text and vertex a fresh object. */
const parsed = (fs: AirspaceFeature[]) => JSON.parse(JSON.stringify(fs)) as AirspaceFeature[];

describe('compactFeatures', () => {
  it('leaves every feature of the briefing fixture dataset equal to its JSON', () => {
    const file = JSON.parse(JSON.stringify(fixtureFile()));
    const before = JSON.stringify(file.features);
    const ds = new Dataset(file);
    expect(JSON.stringify(ds.features)).toBe(before);
    expect(ds.features.length).toBeGreaterThan(10);
  });

  it('points equal vertices and altitude limits of neighbouring cells at one array', () => {
    const fs = parsed([cell(0, 0, 0), cell(1, 1, 0)]);
    const stats = compactFeatures(fs);
    const [a, b] = fs.map((f) => (f.geometry.type === 'Polygon' ? f.geometry.coordinates[0]! : []));
    // The shared edge x = 1 of the two cells, and each ring's closing vertex.
    expect(b![0]).toBe(a![1]);
    expect(b![3]).toBe(a![2]);
    expect(a![4]).toBe(a![0]);
    expect(fs[1]!.upper).toBe(fs[0]!.upper);
    expect(stats).toEqual({ positions: 10, sharedPositions: 4 });
    expect(fs).toEqual([cell(0, 0, 0), cell(1, 1, 0)]);
  });

  it('finds every repeated vertex after its table grew, and keeps -0 apart from 0', () => {
    const pts: number[][] = [];
    for (let k = 0; k < 5_000; k++) pts.push([-122 + k * 1e-4, 47 + (k % 7) * 1e-3]);
    const again = JSON.parse(JSON.stringify(pts)) as number[][];
    const line = { ...cell(0, 0, 0), geometry: { type: 'LineString' as const, coordinates: [...pts, ...again, [0, 1], [-0, 1]] } };
    const stats = compactFeatures([line]);
    expect(stats).toEqual({ positions: 10_002, sharedPositions: 5_000 });
    line.geometry.coordinates.slice(5_000, 10_000).forEach((p, k) => expect(p).toBe(pts[k]));
    expect(Object.is(line.geometry.coordinates[10_001]![0], -0)).toBe(true);
  });

  it('leaves frozen features and positions with an altitude alone', () => {
    const frozen = Object.freeze(cell(0, 0, 0));
    const line: AirspaceFeature = { ...cell(1, 0, 0), geometry: { type: 'LineString', coordinates: [[0, 0, 5], [0, 0, 5]] } };
    compactFeatures([frozen, line]);
    const [p, q] = line.geometry.type === 'LineString' ? line.geometry.coordinates : [];
    expect(p).not.toBe(q);
    expect(p).toEqual([0, 0, 5]);
  });

  it('holds many parsed copies of the same texts and vertices in a fraction of the heap', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    // 20,000 cells on a 100 × 200 grid with a 1 KB description each: ~20 MB of fresh texts and arrays.
    const long = 'x'.repeat(1024);
    const source: AirspaceFeature[] = [];
    for (let i = 0; i < 20_000; i++) source.push({ ...cell(i, i % 100, Math.floor(i / 100)), description: long });
    const json = JSON.stringify(source);
    const base = heap();
    const loose = JSON.parse(json) as AirspaceFeature[];
    const looseBytes = heap() - base;
    compactFeatures(loose);
    const compactBytes = heap() - base;
    expect(loose).toHaveLength(20_000);
    expect(looseBytes).toBeGreaterThan(20 * 1024 * 1024);
    expect(compactBytes).toBeLessThan(looseBytes / 2);
  });

  it('compacts in slices after a Dataset built with compact: in-slices returns, yielding to the event loop', async () => {
    const grid = () => parsed(Array.from({ length: 10_000 }, (_, i) => cell(i, i % 100, Math.floor(i / 100))));
    const ds = new Dataset({ format: 'skyplan-airspace-dataset', formatVersion: 1, version: 's', generatedAt: new Date(0).toISOString(), kind: 'sandbox', sources: [], features: grid() }, { compact: 'in-slices' });
    const ring = (k: number) => {
      const g = ds.features[k]!.geometry;
      return g.type === 'Polygon' ? g.coordinates[0]! : [];
    };
    // The index answers at once; the last cell's corner is not yet the one its neighbour holds.
    expect(ds.search([50.5, 50.5, 50.6, 50.6]).map((f) => f.id)).toEqual(['uasfm:T:5050']);
    expect(ring(9_999)[0]).not.toBe(ring(9_998)[1]);
    let yielded = false;
    setImmediate(() => (yielded = true));
    const stats = await ds.compacted;
    expect(yielded).toBe(true);
    expect(ring(9_999)[0]).toBe(ring(9_998)[1]);
    expect(stats).toEqual(compactFeatures(grid()));
    expect(JSON.stringify(ds.features)).toBe(JSON.stringify(grid()));
    // A Dataset built the default way is compacted when its constructor returns.
    const now = new Dataset({ ...ds, format: 'skyplan-airspace-dataset', formatVersion: 1, features: grid() });
    const g = now.features[9_999]!.geometry;
    const h = now.features[9_998]!.geometry;
    expect(g.type === 'Polygon' && h.type === 'Polygon' && g.coordinates[0]![0] === h.coordinates[0]![1]).toBe(true);
  });

  it('gives the same sharing in slices as at once', async () => {
    const a = parsed(Array.from({ length: 3_000 }, (_, i) => cell(i, i % 50, Math.floor(i / 50))));
    const b = parsed(a);
    expect(await compactFeaturesInSlices(a, 7)).toEqual(compactFeatures(b));
    expect(a).toEqual(b);
  });
});
