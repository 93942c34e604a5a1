import { describe, expect, it } from 'vitest';
import { datasetFile } from '../domain/briefing/fixtures/build';
import { DatasetProvider } from './dataset-provider';
import type { DatasetFile } from './model';

describe('DatasetProvider.swap', () => {
  it('leaves the same version alone without indexing it (a poll must not hold the event loop)', () => {
    const provider = new DatasetProvider(datasetFile([], 'v1'));
    const before = provider.current();
    // Indexing this would throw: features are missing. The same version is never indexed.
    const unindexable = { ...datasetFile([], 'v1'), features: undefined } as unknown as DatasetFile;
    expect(provider.swap(unindexable)).toBe(false);
    expect(provider.current()).toBe(before);
  });

  it('swaps in a new version and tells its listeners', () => {
    const provider = new DatasetProvider(datasetFile([], 'v1'));
    const seen: string[] = [];
    provider.onSwap((d) => seen.push(d.version));
    expect(provider.swap(datasetFile([], 'v2'))).toBe(true);
    expect(provider.current().version).toBe('v2');
    expect(seen).toEqual(['v2']);
  });

  it('compacts a swapped-in dataset in slices after the swap, as at start (values the same throughout)', async () => {
    const provider = new DatasetProvider(datasetFile([], 'v1'));
    const cell = (i: number) => ({
      id: `uasfm:T:${i}`, layer: 'uasfm' as const, name: 'T', sourceId: 't',
      geometry: { type: 'Polygon' as const, coordinates: [[[i, 0], [i + 1, 0], [i + 1, 1], [i, 1], [i, 0]]] },
    });
    const next = JSON.parse(JSON.stringify(datasetFile(Array.from({ length: 9_000 }, (_, i) => cell(i)), 'v2'))) as DatasetFile;
    provider.swap(next);
    const ring = (k: number) => {
      const g = provider.current().features[k]!.geometry;
      return g.type === 'Polygon' ? g.coordinates[0]! : [];
    };
    // The last cells are not compacted yet when swap returns; they are once `compacted` settles.
    expect(ring(8_999)[0]).not.toBe(ring(8_998)[1]);
    await provider.current().compacted;
    expect(ring(8_999)[0]).toBe(ring(8_998)[1]);
  });
});
