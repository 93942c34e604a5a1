/** The dataset diff behind subscriber notifications: added, removed, changed by hash, unchanged by identity; area and layer filters. */
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import type { AirspaceFeature, DatasetFile } from '../../data/model';
import { box } from '../laanc/test-fixture';
import { changesFor, diffDatasets } from './diff';

const file = (version: string, features: AirspaceFeature[]): DatasetFile => ({ format: 'skyplan-airspace-dataset', formatVersion: 1, version, generatedAt: '2026-01-01T00:00:00Z', kind: 'sandbox', sources: [], features });
const tfr = (id: string, w: number, s: number, endTime = '2026-12-02T00:00:00Z'): AirspaceFeature => ({
  id, layer: 'tfr', name: id, geometry: box(w, s, w + 0.01, s + 0.01), schedule: { startTime: '2026-12-01T00:00:00Z', endTime }, sourceId: 'x',
});
const stadium: AirspaceFeature = { id: 'stadium:1', layer: 'stadium', name: 'Stadium', geometry: { type: 'Point', coordinates: [-122.3, 47.6] }, sourceId: 'x' };

describe('diffDatasets and changesFor', () => {
  it('finds added, removed and changed features; the same object is unchanged without hashing', () => {
    const kept = tfr('tfr:kept', -122.3, 47.5);
    const before = new Dataset(file('1', [kept, tfr('tfr:ends', -122.3, 47.5), tfr('tfr:moves', -122.3, 47.5), stadium]));
    // Re-anchored: a copy with equal content is unchanged; a new end time is a change.
    const after = new Dataset(file('2', [kept, { ...tfr('tfr:moves', -122.3, 47.5) }, tfr('tfr:new', -122.3, 47.5, '2026-12-03T00:00:00Z'), { ...stadium, name: 'Stadium renamed' }]));
    const changes = diffDatasets(before, after);
    expect(changes.map((c) => [c.change, c.feature.id])).toEqual([['added', 'tfr:new'], ['changed', 'stadium:1'], ['removed', 'tfr:ends']]);
    const area = box(-122.35, 47.45, -122.25, 47.65);
    const bb: [number, number, number, number] = [-122.35, 47.45, -122.25, 47.65];
    // The stadium is served by two codes: a point and a 3 NM circle.
    expect(changesFor(changes, area, bb, ['tfr', 'stadium', 'sporting_tfr']).map((c) => [c.layer, c.id, c.change])).toEqual([
      ['tfr', 'tfr:new', 'added'], ['sporting_tfr', 'stadium:1', 'changed'], ['stadium', 'stadium:1', 'changed'], ['tfr', 'tfr:ends', 'removed'],
    ]);
    expect(changesFor(changes, area, bb, ['uasfm_ceiling'])).toEqual([]);
    // 3 NM from the stadium reaches an area the point itself is not in.
    const east = box(-122.27, 47.59, -122.24, 47.61);
    expect(changesFor(changes, east, [-122.27, 47.59, -122.24, 47.61], ['stadium', 'sporting_tfr']).map((c) => c.layer)).toEqual(['sporting_tfr']);
    expect(changesFor(changes, box(0, 0, 1, 1), [0, 0, 1, 1], ['tfr', 'stadium', 'sporting_tfr'])).toEqual([]);
  });

  it('a feature that moved out of an area still tells that area', () => {
    const before = new Dataset(file('1', [tfr('tfr:m', -122.3, 47.5)]));
    const after = new Dataset(file('2', [tfr('tfr:m', -100, 35)]));
    expect(changesFor(diffDatasets(before, after), box(-122.31, 47.49, -122.28, 47.52), [-122.31, 47.49, -122.28, 47.52], ['tfr']).map((c) => c.change)).toEqual(['changed']);
  });
});
