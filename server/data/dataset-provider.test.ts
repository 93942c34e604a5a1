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
});
