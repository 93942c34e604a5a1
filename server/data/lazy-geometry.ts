/**
 * A feature's geometry read from the dataset's binary file only when first asked for (docs/perf.md,
 * "The dataset's geometry on demand"). A warm start made every feature's coordinates as nested arrays
 * (~35 MB of heap on the national sandbox: a [lon, lat] array is 64 bytes), though most are never read:
 * a briefing reads the few hundred features near it, tiles pack what they cut.
 *
 * The feature keeps `geometry` as an own, enumerable property (an accessor), so every reader, JSON.stringify,
 * spreads and structured clones see the same value as before; its first read decodes it from the file's
 * words and keeps it, so it is one object for the feature's life (the briefing's flat forms are keyed by it).
 * Readers that go over every feature once (tile parts, the dataset's boxes) peek instead: they get the
 * geometry without it being kept.
 */
import type { AirspaceFeature, FeatureGeometry } from './model';

/** Where a lazy geometry is: its word position in the file until read, then the geometry itself. */
const SLOT = Symbol('geometry');

/** What decodes a file's geometries (dataset-binary.ts). Decoding never fails: the file was checked when read. */
export interface GeometrySource {
  /** With keep, its vertices are kept for the next geometries to share; without, nothing of it is held. */
  geometryAt(at: number, keep: boolean): FeatureGeometry;
  /** The geometry's [west, south, east, north] as geometryBBox computes it, or null to have it decoded for that. */
  boxAt(at: number): [number, number, number, number] | null;
}

type Lazy = Record<typeof SLOT, number | FeatureGeometry>;

const sources = new WeakMap<object, GeometrySource>();

/** The accessor all features of one file share (one function pair: their objects share their hidden classes). */
export function lazyGeometryAccessor(source: GeometrySource): PropertyDescriptor {
  const get = function (this: Lazy): FeatureGeometry {
    const v = this[SLOT];
    if (typeof v !== 'number') return v;
    const g = source.geometryAt(v, true);
    this[SLOT] = g;
    return g;
  };
  sources.set(get, source);
  const set = function (this: Lazy, g: FeatureGeometry): void {
    this[SLOT] = g;
  };
  return { get, set, enumerable: true, configurable: true };
}

/** Gives `o` a geometry at word position `at`, decoded at its first read. Call where `geometry` falls in the key order. */
export function defineLazyGeometry(o: object, at: number, accessor: PropertyDescriptor): void {
  Object.defineProperty(o, 'geometry', accessor);
  // Not enumerable: for-in, Object.keys, spreads and test equality see the feature as its JSON.
  Object.defineProperty(o, SLOT, { value: at, writable: true, enumerable: false, configurable: true });
}

function pending(f: AirspaceFeature): { at: number; source: GeometrySource } | null {
  const at = (f as unknown as Partial<Lazy>)[SLOT];
  if (typeof at !== 'number') return null;
  const get = Object.getOwnPropertyDescriptor(f, 'geometry')?.get;
  const source = get && sources.get(get);
  return source ? { at, source } : null;
}

/** The feature's geometry; when it was not read yet, a fresh copy that is not kept (for readers of every feature once). */
export function peekGeometry(f: AirspaceFeature): FeatureGeometry {
  const p = pending(f);
  return p ? p.source.geometryAt(p.at, false) : f.geometry;
}

/** The box of a geometry not read yet, without reading it; null when it was read (or is not lazy). */
export function pendingGeometryBox(f: AirspaceFeature): [number, number, number, number] | null {
  const p = pending(f);
  return p ? p.source.boxAt(p.at) : null;
}

/** Whether the feature's geometry is still in the file (for tests and measures). */
export function geometryPending(f: AirspaceFeature): boolean {
  return pending(f) !== null;
}
