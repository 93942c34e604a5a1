/**
 * Holds the current dataset and swaps in a new version atomically. A request takes current() once at
 * its start and keeps that object, so requests in flight finish on the version they started on.
 */
import { Dataset, type DatasetOptions } from './dataset';
import type { DatasetFile } from './model';

export class DatasetProvider {
  private active: Dataset;
  private readonly listeners = new Set<(d: Dataset) => void>();

  constructor(initial: Dataset | DatasetFile, opts: DatasetOptions = {}) {
    this.active = initial instanceof Dataset ? initial : new Dataset(initial, opts);
  }

  current(): Dataset {
    return this.active;
  }

  /** Replaces the dataset if the version differs; returns whether it did. */
  swap(next: Dataset | DatasetFile): boolean {
    // Compared before indexing: a poll that finds the same version (most of them) must not build and
    // throw away a whole index, which holds the event loop for seconds.
    if (next.version === this.active.version) return false;
    // Compacted in slices, as at start: requests in flight meanwhile wait for one slice, not the whole pass.
    const ds = next instanceof Dataset ? next : new Dataset(next, { compact: 'in-slices' });
    this.active = ds;
    for (const l of this.listeners) l(ds);
    return true;
  }

  onSwap(listener: (d: Dataset) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
