/**
 * Shares what a parsed dataset repeats. JSON.parse makes a fresh string for every occurrence and a fresh
 * [lon, lat] array for every vertex: in the national sandbox 109,000 features carry the same few
 * sourceUrl, sourceId, authority and description texts, and the facility-map grid's 84,000 cells repeat
 * each interior corner in four cells. Pointing equal values at one copy changes no value a reader sees
 * (the dataset is immutable once loaded: dataset.ts), and cuts the dataset's heap (docs/perf.md, "Memory").
 */
import type { Position } from 'geojson';
import type { AirspaceFeature, AltitudeLimit, FeatureGeometry } from './model';

/** Top-level text fields worth sharing (`id` is unique by contract: nothing to share). */
const TEXT_FIELDS = ['layer', 'subtype', 'name', 'ident', 'description', 'authority', 'sourceUrl', 'sourceId', 'facility'] as const;

export interface CompactStats {
  /** Vertices seen, and distinct vertex arrays kept. */
  positions: number;
  sharedPositions: number;
}

/** Own fields of an object, counted without allocating (Object.keys made an array per limit). */
function fields(o: object): number {
  let n = 0;
  for (const k in o) if (Object.hasOwn(o, k)) n += 1;
  return n;
}

/**
 * One array per [lon, lat] value: an open-addressing table over the two numbers' bits, so a lookup
 * allocates nothing (a Map of Maps allocated per longitude and kept the collector busy at start).
 */
class PointTable {
  private keys: Float64Array;
  private vals: Array<Position | undefined>;
  private size = 0;
  private readonly bits = new Float64Array(2);
  private readonly words = new Uint32Array(this.bits.buffer);

  /** Sized for the expected number of distinct vertices, so that growing (a rehash) is rare. */
  constructor(expected: number) {
    let n = 1024;
    while (n < expected * 2) n *= 2;
    this.keys = new Float64Array(2 * n);
    this.vals = new Array<Position | undefined>(n).fill(undefined);
  }

  private slot(x: number, y: number, mask: number): number {
    this.bits[0] = x;
    this.bits[1] = y;
    const w = this.words;
    let h = Math.imul(w[0]! ^ Math.imul(w[1]!, 0x85ebca6b), 0x9e3779b1) ^ Math.imul(w[2]! ^ Math.imul(w[3]!, 0xc2b2ae35), 0x27d4eb2f);
    h ^= h >>> 15;
    return h & mask;
  }

  /** The array kept for p's value, p itself when it is the first. */
  share(p: Position): Position {
    const x = p[0]!, y = p[1]!;
    const mask = this.vals.length - 1;
    for (let i = this.slot(x, y, mask); ; i = (i + 1) & mask) {
      const v = this.vals[i];
      if (v === undefined) break;
      // Object.is: -0 and 0 stay apart (as a Map's keys would not), NaN never comes from JSON.
      if (Object.is(this.keys[2 * i], x) && Object.is(this.keys[2 * i + 1], y)) return v;
    }
    if ((this.size + 1) * 2 > this.vals.length) this.grow();
    this.put(p, x, y);
    this.size += 1;
    return p;
  }

  private put(p: Position, x: number, y: number): void {
    const mask = this.vals.length - 1;
    let i = this.slot(x, y, mask);
    while (this.vals[i] !== undefined) i = (i + 1) & mask;
    this.vals[i] = p;
    this.keys[2 * i] = x;
    this.keys[2 * i + 1] = y;
  }

  private grow(): void {
    const old = this.vals;
    this.vals = new Array<Position | undefined>(old.length * 2).fill(undefined);
    this.keys = new Float64Array(old.length * 4);
    for (const p of old) if (p !== undefined) this.put(p, p[0]!, p[1]!);
  }
}

class Interner {
  private readonly texts = new Map<string, string>();
  private readonly points: PointTable;
  private readonly limits = new Map<string, Map<number, AltitudeLimit>>();
  positions = 0;
  kept = 0;

  /** The national sandbox has ~3 distinct vertices a feature. */
  constructor(features: number) {
    this.points = new PointTable(features * 3);
  }

  text<T>(v: T): T {
    if (typeof v !== 'string') return v;
    const seen = this.texts.get(v);
    if (seen !== undefined) return seen as T;
    this.texts.set(v, v);
    return v;
  }

  /** One array per [lon, lat] value; a position with more than two numbers (an altitude) is left as is. */
  point(p: Position): Position {
    this.positions += 1;
    if (p.length !== 2) return p;
    const kept = this.points.share(p);
    if (kept === p) this.kept += 1;
    return kept;
  }

  /** One object per { value, reference }; a limit with any other field is left as is. */
  limit(l: AltitudeLimit | undefined): AltitudeLimit | undefined {
    if (!l || fields(l) !== 2) return l;
    let byValue = this.limits.get(l.reference);
    if (!byValue) this.limits.set(l.reference, (byValue = new Map()));
    const seen = byValue.get(l.value);
    if (seen) return seen;
    byValue.set(l.value, l);
    return l;
  }
}

function shareRing(ring: Position[], i: Interner): void {
  if (Object.isFrozen(ring)) return;
  for (let k = 0; k < ring.length; k++) ring[k] = i.point(ring[k]!);
}

function shareGeometry(g: FeatureGeometry, i: Interner): void {
  switch (g.type) {
    case 'Point': return;
    case 'LineString': return shareRing(g.coordinates, i);
    case 'Polygon': return g.coordinates.forEach((r) => shareRing(r, i));
    case 'MultiPolygon': return g.coordinates.forEach((p) => p.forEach((r) => shareRing(r, i)));
  }
}

/**
 * Points equal texts, vertices and altitude limits of the features at one copy each, in place. Frozen
 * objects (test fixtures) are left alone. Values are unchanged: compact-dataset.test.ts compares every
 * feature with its JSON before.
 */
export function compactFeatures(features: readonly AirspaceFeature[]): CompactStats {
  const i = new Interner(features.length);
  for (const f of features) compactFeature(f, i);
  return { positions: i.positions, sharedPositions: i.positions - i.kept };
}

/**
 * The same in slices of `slice` features, yielding to the event loop between them: a warm start answers
 * from the dataset before it is compacted (docs/perf.md, "First answer"), and requests in flight meanwhile
 * wait at most one slice. Readers see equal values before, during and after.
 */
export async function compactFeaturesInSlices(features: readonly AirspaceFeature[], slice = 4_000): Promise<CompactStats> {
  const i = new Interner(features.length);
  for (let start = 0; start < features.length; start += slice) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const end = Math.min(features.length, start + slice);
    for (let k = start; k < end; k++) compactFeature(features[k]!, i);
  }
  return { positions: i.positions, sharedPositions: i.positions - i.kept };
}

/**
 * Features made already compact (read from the dataset's binary file: dataset-binary.ts), which the pass
 * skips, once: ~110,000 features' texts and vertices looked up again for nothing, on the event loop
 * after a warm start's first answer. Weak: a feature never compacted (a CLI's read) is not kept.
 */
const alreadyCompact = new WeakSet<AirspaceFeature>();

export function markCompact(features: readonly AirspaceFeature[]): void {
  for (const f of features) alreadyCompact.add(f);
}

function compactFeature(f: AirspaceFeature, i: Interner): void {
  if (Object.isFrozen(f)) return;
  if (alreadyCompact.delete(f)) return;
  const rec = f as unknown as Record<string, unknown>;
  for (const k of TEXT_FIELDS) if (typeof rec[k] === 'string') rec[k] = i.text(rec[k]);
  if (f.lower) f.lower = i.limit(f.lower)!;
  if (f.upper) f.upper = i.limit(f.upper)!;
  const props = f.props;
  if (props && !Object.isFrozen(props)) {
    for (const k in props) {
      const v = props[k];
      if (typeof v === 'string') props[k] = i.text(v);
    }
  }
  shareGeometry(f.geometry, i);
}
