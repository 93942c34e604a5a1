// @isolated-modules: measures the heap, which the modules other files left would change.
/**
 * Geometries left in the dataset's binary file until first read (lazy-geometry.ts): nothing a reader sees
 * changes (values, key order, identity, briefings, tiles), and a warm start's features hold a fraction of
 * the heap they held with their coordinates as nested arrays.
 */
import type { Polygon } from 'geojson';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { exposedGc, heapAfterGc } from '../../test/helpers/heap';
import { briefArea, briefLocation } from '../domain/briefing';
import { Dataset, featureBBox, geometryBBox } from './dataset';
import { decodeDatasetBinary, encodeDatasetBinary } from './dataset-binary';
import { asciiJson, parseJsonBytes } from './dataset-json';
import { generateSandboxDataset } from './generate';
import { geometryPending, peekGeometry } from './lazy-geometry';
import type { AirspaceFeature, DatasetFile } from './model';

const STAMP = { bytes: 1, mtimeMs: 2 };
const NOW = new Date('2025-07-04T18:00:00Z');
const binary = (f: DatasetFile) => decodeDatasetBinary(encodeDatasetBinary(f, STAMP), STAMP);

describe('a geometry left in the binary file', () => {
  const cell = (i: number): AirspaceFeature => {
    const [x, y] = [(i % 200) / 10, Math.floor(i / 200) / 10];
    return { id: `uasfm:T:${i}`, layer: 'uasfm', name: 'T', sourceId: 't', geometry: { type: 'Polygon', coordinates: [[[x, y], [x + 0.1, y], [x + 0.1, y + 0.1], [x, y + 0.1], [x, y]]] } };
  };
  const file = (features: AirspaceFeature[]): DatasetFile => ({ format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'd', generatedAt: new Date(0).toISOString(), kind: 'sandbox', sources: [], features });

  it('is read at its first use, kept as one object, and reads as its JSON does', () => {
    const json = file([cell(0), cell(1), { id: 'p', layer: 'stadium', name: 'P', sourceId: 't', geometry: { type: 'Point', coordinates: [1.5, -2] } }]);
    const back = binary(json).features;
    const ds = new Dataset({ ...json, features: back });
    expect(back.every(geometryPending)).toBe(true);
    // The index's boxes come from the file without reading a geometry.
    back.forEach((f, i) => expect(ds.bbox(i)).toEqual(featureBBox(json.features[i]!)));
    expect(back.every(geometryPending)).toBe(true);
    const peeked = peekGeometry(back[0]!);
    expect(peeked).toEqual(json.features[0]!.geometry);
    expect(geometryPending(back[0]!)).toBe(true);
    expect(peekGeometry(back[0]!)).not.toBe(peeked);
    const g = back[0]!.geometry;
    expect(geometryPending(back[0]!)).toBe(false);
    expect(back[0]!.geometry).toBe(g);
    expect(peekGeometry(back[0]!)).toBe(g);
    // Neighbouring cells read later still share their equal corners (as compact.ts left them).
    const h = back[1]!.geometry as Polygon;
    expect(h.coordinates[0]![0]).toBe((g as Polygon).coordinates[0]![1]);
    expect(Object.keys(back[2]!)).toEqual(Object.keys(json.features[2]!));
    expect(JSON.stringify(back)).toBe(JSON.stringify(json.features));
    expect({ ...back[2]! }).toEqual(json.features[2]);
    expect(structuredClone(back[2]!)).toEqual(json.features[2]);
    back[2]!.geometry = { type: 'Point', coordinates: [0, 0] };
    expect(back[2]!.geometry).toEqual({ type: 'Point', coordinates: [0, 0] });
  });

  /** Apart, so that nothing of the encoding is still held (an interpreter register) when the heap is measured. */
  function encodeCells(n: number): Buffer {
    return encodeDatasetBinary(file(Array.from({ length: n }, (_, i) => cell(i))), STAMP);
  }

  it('holds a feature of 40,000 cells in under 200 bytes of heap until read (over 350 once read)', () => {
    const gc = exposedGc();
    const heap = () => heapAfterGc(gc);
    const buf = encodeCells(40_000);
    const base = heap();
    const features = decodeDatasetBinary(buf, STAMP).features;
    const lazy = (heap() - base) / features.length;
    let vertices = 0;
    for (const f of features) vertices += (f.geometry as Polygon).coordinates[0]!.length;
    const read = (heap() - base) / features.length;
    // Still reachable here, or the collector takes them before the second measure.
    expect(features.every((f) => !geometryPending(f))).toBe(true);
    expect(vertices).toBe(200_000);
    // Measured: ~155 bytes a cell left in the file (its id, texts, object), ~460 once its geometry is made.
    console.log(`heap a cell: ${lazy.toFixed(0)} bytes left in the file, ${read.toFixed(0)} read`);
    expect(lazy).toBeLessThan(200);
    expect(read).toBeGreaterThan(350);
  });
});

describe('the generated sandbox read from its binary file', () => {
  let json: DatasetFile;
  let eager: Dataset;
  let lazy: Dataset;

  beforeAll(async () => {
    const made = await generateSandboxDataset({ now: NOW });
    const text = asciiJson(made);
    json = parseJsonBytes(Buffer.from(text, 'latin1')) as DatasetFile;
    eager = new Dataset(parseJsonBytes(Buffer.from(text, 'latin1')) as DatasetFile);
    lazy = new Dataset(binary(json));
  }, 120_000);

  it('keeps every geometry in the file once indexed, with the boxes of the JSON\'s', () => {
    expect(lazy.features.every(geometryPending)).toBe(true);
    for (let i = 0; i < eager.features.length; i++) expect(lazy.bbox(i)).toEqual(eager.bbox(i));
    expect(lazy.features.every(geometryPending)).toBe(true);
  });

  it('answers briefings byte for byte as the JSON\'s dataset, reading only the geometries near them', () => {
    const places: Array<[number, number]> = [[-122.3, 47.53], [-77.0365, 38.8977], [-77.45, 38.95], [-118.4085, 33.9416], [-87.9073, 41.9742], [-73.98, 40.75], [-97.5, 37.6]];
    let asked = 0;
    for (const [lon, lat] of places) {
      for (let k = 0; k < 12; k++) {
        const [x, y] = [lon + ((k % 4) - 1.5) * 0.02, lat + (Math.floor(k / 4) - 1) * 0.02];
        const opts = { now: NOW, start: NOW, end: new Date(NOW.getTime() + 3_600_000), maxAltitudeFt: 50 * k, includeGeometry: k % 2 === 0 };
        expect(JSON.stringify(briefLocation(lazy, y, x, opts))).toBe(JSON.stringify(briefLocation(eager, y, x, opts)));
        const area: Polygon = { type: 'Polygon', coordinates: [[[x - 0.01, y - 0.01], [x + 0.01, y - 0.01], [x + 0.01, y + 0.01], [x - 0.01, y + 0.01], [x - 0.01, y - 0.01]]] };
        expect(JSON.stringify(briefArea(lazy, area, opts))).toBe(JSON.stringify(briefArea(eager, area, opts)));
        asked += 2;
      }
    }
    expect(asked).toBe(168);
    const read = lazy.features.filter((f) => !geometryPending(f)).length;
    expect(read).toBeGreaterThan(100);
    expect(read).toBeLessThan(lazy.features.length / 10);
  }, 120_000);

  it('cuts the same airspace tiles, reading no geometry for them', async () => {
    const tilesOf = (ds: Dataset, renderTile: typeof import('../tiles/render').renderTile) => {
      const out: string[] = [];
      for (const [lon, lat] of [[-122.3, 47.53], [-77.0365, 38.8977]] as const) {
        for (const z of [4, 6, 9, 12, 14]) {
          const n = 2 ** z, x = Math.floor(((lon + 180) / 360) * n);
          const y = Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
          for (const [dx, dy] of [[0, 0], [1, 0], [0, 1]]) out.push(Buffer.from(renderTile(ds, 'airspace', z, x + dx!, y + dy!, NOW) ?? new Uint8Array()).toString('base64'));
        }
      }
      return out;
    };
    // TFRs are read (a dozen: their part is rebuilt with the time); no other layer's geometry is.
    const pending = () => lazy.features.filter((f) => f.layer !== 'tfr' && geometryPending(f)).length;
    const pendingBefore = pending();
    // This module graph's tiles first (the lazy features' own lazy-geometry module); the JSON's on fresh
    // tile modules, or their layers (same ids) would reuse the parts just built.
    const fromLazy = tilesOf(lazy, (await import('../tiles/render')).renderTile);
    expect(pending()).toBe(pendingBefore);
    vi.resetModules();
    expect(fromLazy).toEqual(tilesOf(eager, (await import('../tiles/render')).renderTile));
    expect(fromLazy.filter((t) => t.length > 0).length).toBeGreaterThan(20);
  }, 120_000);

  it('makes every geometry equal to the JSON\'s when read', () => {
    lazy.features.forEach((f, i) => {
      expect(f.geometry).toEqual(json.features[i]!.geometry);
      expect(geometryBBox(f.geometry)).toEqual(geometryBBox(json.features[i]!.geometry));
    });
  }, 120_000);
});
