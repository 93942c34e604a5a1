/**
 * Holds the current dataset and swaps in a new version atomically. A request takes current() once at
 * its start and keeps that object, so requests in flight finish on the version they started on.
 *
 * Overlays (docs/live-data.md "Overlays"): data the service lays over whatever dataset is swapped in,
 * by name: the sandbox FAA's TFRs, the TFRs of the FAA's live feed and the freshness of the live
 * sources. The dataset served is the last one swapped in (the base) with every overlay's features
 * (replacing the base's features of the same id or of the overlay's sources) and sources; its version
 * is the base's with each overlay's tag after a "+". A new base keeps the overlays; a changed overlay
 * keeps the base. Every swap listener sees the composed dataset, never the bare base.
 */
import { Dataset, type DatasetOptions } from './dataset';
import type { AirspaceFeature, DatasetFile, DatasetSource } from './model';

export interface Overlay {
  /** Part of the version: what changes whenever the overlay's content does (e.g. "faa-tfr-3f2a…"). */
  tag: string;
  features: readonly AirspaceFeature[];
  /** Sources added (or replacing the base's of the same id); the base's features of these sources are dropped. */
  sources: readonly DatasetSource[];
}

type Base = Pick<DatasetFile, 'version' | 'kind' | 'generatedAt' | 'sources' | 'features'>;

/** The tags overlays append to a version; stripped from a base made from an overlaid dataset (the sandbox's re-anchoring). */
const OVERLAY_TAGS = /(\+(sandbox-tfr-\d+|faa-tfr-[0-9a-z-]+|live-[0-9a-z-]+))+$/;

export function baseVersion(version: string): string {
  return version.replace(OVERLAY_TAGS, '');
}

function asBase(d: Dataset | DatasetFile): Base {
  return { version: d.version, kind: d.kind, generatedAt: d.generatedAt, sources: d.sources, features: d.features as AirspaceFeature[] };
}

export function compose(base: Base, overlays: ReadonlyMap<string, Overlay>): DatasetFile {
  const parts = [...overlays.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, o]) => o);
  const ids = new Set<string>();
  const sourceIds = new Set<string>();
  for (const o of parts) {
    for (const f of o.features) ids.add(f.id);
    for (const s of o.sources) sourceIds.add(s.id);
  }
  const features: AirspaceFeature[] = base.features.filter((f) => !ids.has(f.id) && !sourceIds.has(f.sourceId));
  for (const o of parts) features.push(...o.features);
  return {
    format: 'skyplan-airspace-dataset',
    formatVersion: 1,
    version: [baseVersion(base.version), ...parts.map((o) => o.tag)].join('+'),
    generatedAt: base.generatedAt,
    kind: base.kind,
    sources: [...base.sources.filter((s) => !sourceIds.has(s.id)), ...parts.flatMap((o) => o.sources)],
    features,
  };
}

export class DatasetProvider {
  private active: Dataset;
  private base: Base;
  private readonly overlays = new Map<string, Overlay>();
  private readonly listeners = new Set<(d: Dataset) => void>();

  constructor(initial: Dataset | DatasetFile, opts: DatasetOptions = {}) {
    this.active = initial instanceof Dataset ? initial : new Dataset(initial, opts);
    this.base = asBase(this.active);
  }

  current(): Dataset {
    return this.active;
  }

  /** Replaces the dataset (the base under the overlays) if the version differs; returns whether the served one changed. */
  swap(next: Dataset | DatasetFile): boolean {
    // Compared before indexing: a poll that finds the same version (most of them) must not build and
    // throw away a whole index, which holds the event loop for seconds.
    if (next.version === this.active.version || next.version === this.base.version) return false;
    this.base = asBase(next);
    return this.install(this.overlays.size === 0 ? next : null);
  }

  /** Sets (or with null removes) the overlay `name`; returns whether the served dataset changed. */
  setOverlay(name: string, overlay: Overlay | null): boolean {
    const had = this.overlays.get(name);
    if (!overlay) {
      if (!had) return false;
      this.overlays.delete(name);
    } else {
      if (had && had.tag === overlay.tag) return false;
      this.overlays.set(name, overlay);
    }
    return this.install(null);
  }

  overlay(name: string): Overlay | undefined {
    return this.overlays.get(name);
  }

  private install(plain: Dataset | DatasetFile | null): boolean {
    const next = plain ?? (this.overlays.size ? compose(this.base, this.overlays) : { format: 'skyplan-airspace-dataset' as const, formatVersion: 1 as const, ...this.base, sources: [...this.base.sources], features: [...this.base.features] });
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
