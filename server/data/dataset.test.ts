// @isolated-modules: measures the heap, which the modules other files left would change.
import { describe, expect, it } from 'vitest';
import { exposedGc, heapAfterGc } from '../../test/helpers/heap';
import { fixtureFile } from '../domain/briefing/fixtures';
import { compactFeatures } from './compact';
import { Dataset, featureBBox } from './dataset';
import type { AirspaceFeature, DatasetFile } from './model';

const file = (features: AirspaceFeature[]): DatasetFile => ({ format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'd', generatedAt: new Date(0).toISOString(), kind: 'sandbox', sources: [], features });

const cell = (i: number): AirspaceFeature => {
  const [x, y] = [i % 200, Math.floor(i / 200)];
  return { id: `uasfm:T:${i}`, layer: 'uasfm', name: 'T', sourceId: 't', geometry: { type: 'Polygon', coordinates: [[[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1], [x, y]]] } };
};

describe('Dataset', () => {
  it('keeps each feature\'s box, finds features by box (one cut at 180° by its parts) and by id', () => {
    const cut: AirspaceFeature = {
      id: 'sua:cut', layer: 'sua', name: 'Cut', sourceId: 't',
      geometry: { type: 'MultiPolygon', coordinates: [[[[179.5, 51], [180, 51], [180, 52], [179.5, 52], [179.5, 51]]], [[[-180, 51], [-179.5, 51], [-179.5, 52], [-180, 52], [-180, 51]]]] },
    };
    const fx = fixtureFile();
    const ds = new Dataset({ ...fx, features: [...fx.features, cut] });
    ds.features.forEach((f, i) => expect(ds.bbox(i)).toEqual(featureBBox(f)));
    expect(ds.search([179.6, 51.2, 179.7, 51.3]).map((f) => f.id)).toEqual(['sua:cut']);
    expect(ds.search([-179.7, 51.2, -179.6, 51.3]).map((f) => f.id)).toEqual(['sua:cut']);
    expect(ds.search([0, 51.2, 1, 51.3]).map((f) => f.id)).not.toContain('sua:cut');
    for (const f of ds.features) expect(ds.get(f.id)).toBe(f);
    expect(ds.get('nope')).toBeUndefined();
  });

  it('holds its boxes and index outside the JS heap: under 24 bytes of heap a feature besides the features', () => {
    const gc = exposedGc();
    const heap = () => heapAfterGc(gc);
    const features = Array.from({ length: 40_000 }, (_, i) => cell(i));
    compactFeatures(features);
    const base = heap();
    const ds = new Dataset(file(features));
    const perFeature = (heap() - base) / features.length;
    // 110,000 box arrays and a Map by id took ~115 bytes a feature (docs/perf.md).
    expect(ds.features).toHaveLength(40_000);
    expect(perFeature).toBeLessThan(24);
  });
});
