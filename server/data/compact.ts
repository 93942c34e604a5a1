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

class Interner {
  private readonly texts = new Map<string, string>();
  private readonly points = new Map<number, Map<number, Position>>();
  private readonly limits = new Map<string, AltitudeLimit>();
  positions = 0;
  kept = 0;

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
    let row = this.points.get(p[0]!);
    if (!row) this.points.set(p[0]!, (row = new Map()));
    const seen = row.get(p[1]!);
    if (seen) return seen;
    row.set(p[1]!, p);
    this.kept += 1;
    return p;
  }

  limit(l: AltitudeLimit | undefined): AltitudeLimit | undefined {
    if (!l || Object.keys(l).length !== 2) return l;
    const key = `${l.value}|${l.reference}`;
    const seen = this.limits.get(key);
    if (seen) return seen;
    this.limits.set(key, l);
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
  const i = new Interner();
  for (const f of features) {
    if (Object.isFrozen(f)) continue;
    const rec = f as unknown as Record<string, unknown>;
    for (const k of TEXT_FIELDS) if (typeof rec[k] === 'string') rec[k] = i.text(rec[k]);
    if (f.lower) f.lower = i.limit(f.lower)!;
    if (f.upper) f.upper = i.limit(f.upper)!;
    if (f.props && !Object.isFrozen(f.props)) for (const [k, v] of Object.entries(f.props)) if (typeof v === 'string') f.props[k] = i.text(v);
    shareGeometry(f.geometry, i);
  }
  return { positions: i.positions, sharedPositions: i.positions - i.kept };
}
