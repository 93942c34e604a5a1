/**
 * An airspace dataset loaded in memory behind a static spatial index (flatbush).
 * Immutable once built: a refresh builds a new Dataset and swaps it (see dataset-provider.ts).
 */
import Flatbush from 'flatbush';
import type { Position } from 'geojson';
import { compactFeatures, compactFeaturesInSlices, type CompactStats } from './compact';
import { peekGeometry, pendingGeometryBox } from './lazy-geometry';
import type { AirspaceFeature, DatasetFile, FeatureGeometry, Layer } from './model';

export type BBox = [west: number, south: number, east: number, north: number];

export function geometryBBox(g: FeatureGeometry): BBox {
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  const visit = (p: Position) => {
    const x = p[0]!, y = p[1]!;
    if (x < w) w = x;
    if (x > e) e = x;
    if (y < s) s = y;
    if (y > n) n = y;
  };
  switch (g.type) {
    case 'Point': visit(g.coordinates); break;
    case 'LineString': g.coordinates.forEach(visit); break;
    case 'Polygon': g.coordinates.forEach((r) => r.forEach(visit)); break;
    case 'MultiPolygon': g.coordinates.forEach((p) => p.forEach((r) => r.forEach(visit))); break;
  }
  return [w, s, e, n];
}

/**
 * Bounding boxes of a geometry's parts, one per polygon of a MultiPolygon: a shape cut at 180° has two
 * small boxes at either edge of the map, where one box would be a band around the globe.
 */
export function partBBoxes(g: FeatureGeometry): BBox[] {
  if (g.type !== 'MultiPolygon') return [geometryBBox(g)];
  return g.coordinates.map((coordinates) => geometryBBox({ type: 'Polygon', coordinates }));
}

/** The box a feature is indexed by: its geometry's, and a line's with its corridor half-width (a search by area finds it). */
export function featureBBox(f: AirspaceFeature): BBox {
  // A geometry still in the binary file is boxed from its vertices there (or from a copy not kept), and
  // stays unread (lazy-geometry.ts).
  const bb = pendingGeometryBox(f) ?? geometryBBox(peekGeometry(f));
  const width = f.layer === 'mtr' && typeof f.props?.widthNm === 'number' ? f.props.widthNm / 2 : 0;
  return width > 0 ? expandBBox(bb, width) : bb;
}

/** Degrees of latitude per nautical mile (1 NM = 1 minute of arc). */
export const DEG_PER_NM = 1 / 60;

/** Grows a bbox by a distance in nautical miles (longitude scaled by latitude). */
export function expandBBox([w, s, e, n]: BBox, nm: number): BBox {
  const dLat = nm * DEG_PER_NM;
  const lat = Math.max(Math.abs(s), Math.abs(n));
  const dLon = dLat / Math.max(Math.cos((Math.min(lat, 89) * Math.PI) / 180), 0.01);
  return [w - dLon, s - dLat, e + dLon, n + dLat];
}

export interface DatasetOptions {
  /**
   * 'now' (the default) compacts in the constructor; 'in-slices' compacts after it returns, yielding to
   * the event loop between slices, so a warm start answers ~0.2 s sooner (docs/perf.md, "First answer").
   */
  compact?: 'now' | 'in-slices';
}

export class Dataset {
  readonly version: string;
  readonly kind: DatasetFile['kind'];
  readonly generatedAt: string;
  readonly sources: DatasetFile['sources'];
  readonly features: readonly AirspaceFeature[];
  /**
   * Each feature's box (featureBBox) as west, south, east, north at 4 × i: one Float64Array, not 110,000
   * small arrays (8.8 MB of heap on the national sandbox: docs/perf.md). Read through bbox(i).
   */
  private readonly boxes: Float64Array;
  private readonly index: Flatbush | null;
  /** Feature of each index entry, where a feature has several (parts on either side of 180°). */
  private readonly owners: number[] | null = null;
  /** Built at the first get(): most instances never look a feature up by id (~4 MB on the national sandbox). */
  private byId: Map<string, AirspaceFeature> | null = null;
  /** Settled once the features are compacted (at once, or in slices after the constructor returns). */
  readonly compacted: Promise<CompactStats>;

  constructor(file: DatasetFile, opts: DatasetOptions = {}) {
    this.version = file.version;
    this.kind = file.kind;
    this.generatedAt = file.generatedAt;
    this.sources = file.sources;
    this.features = file.features;
    // Equal texts, vertices and limits shared (docs/perf.md, "Memory"); values are unchanged, so readers
    // may hold the features while it runs in slices.
    this.compacted = opts.compact === 'in-slices' ? compactFeaturesInSlices(file.features) : Promise.resolve(compactFeatures(file.features));
    this.boxes = new Float64Array(4 * file.features.length);
    if (file.features.length === 0) {
      this.index = null;
    } else {
      // A shape cut at 180° is indexed by its parts: its one box would be the band around the globe.
      const parts = new Map<number, BBox[]>();
      let entries = 0;
      file.features.forEach((f, i) => {
        const bb = featureBBox(f);
        this.boxes.set(bb, 4 * i);
        // The width first: the type is read only for the few that wide (reading it makes a lazy geometry).
        if (bb[2] - bb[0] > 180 && f.geometry.type === 'MultiPolygon') parts.set(i, partBBoxes(f.geometry));
        entries += parts.get(i)?.length ?? 1;
      });
      const idx = new Flatbush(entries);
      const owners: number[] = [];
      const b = this.boxes;
      for (let i = 0; i < file.features.length; i++) {
        const split = parts.get(i);
        if (!split) idx.add(b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!);
        else for (const [w, s, e, n] of split) idx.add(w, s, e, n);
        if (parts.size > 0) for (let k = split?.length ?? 1; k > 0; k--) owners.push(i);
      }
      idx.finish();
      this.index = idx;
      this.owners = parts.size > 0 ? owners : null;
    }
  }

  /** Feature i's box (featureBBox), a fresh array. */
  bbox(i: number): BBox {
    const b = this.boxes;
    return [b[4 * i]!, b[4 * i + 1]!, b[4 * i + 2]!, b[4 * i + 3]!];
  }

  get(id: string): AirspaceFeature | undefined {
    if (!this.byId) {
      const byId = new Map<string, AirspaceFeature>();
      for (const f of this.features) byId.set(f.id, f);
      this.byId = byId;
    }
    return this.byId.get(id);
  }

  /** Indices of the features whose bbox intersects the given bbox, each once, in the index's order. */
  private searchIds(bbox: BBox): number[] {
    if (!this.index) return [];
    const ids = this.index.search(bbox[0], bbox[1], bbox[2], bbox[3]);
    return this.owners ? [...new Set(ids.map((k) => this.owners![k]!))] : ids;
  }

  private pick(ids: readonly number[], layers?: ReadonlySet<Layer> | readonly Layer[]): AirspaceFeature[] {
    const wanted = layers ? (layers instanceof Set ? layers : new Set(layers)) : null;
    const out: AirspaceFeature[] = [];
    for (const i of ids) {
      const f = this.features[i]!;
      if (!wanted || wanted.has(f.layer)) out.push(f);
    }
    return out;
  }

  /** Features whose bbox intersects the given bbox, optionally limited to some layers. */
  search(bbox: BBox, layers?: ReadonlySet<Layer> | readonly Layer[]): AirspaceFeature[] {
    return this.pick(this.searchIds(bbox), layers);
  }

  /**
   * Indices of the features searchNear(g, nm) finds, in its order: a caller that prunes them by their
   * boxes (boxArray) touches no feature object for those it drops (the briefing's candidates).
   */
  searchNearIds(g: FeatureGeometry, nm: number): number[] {
    const boxes = partBBoxes(g);
    if (boxes.length === 1) return this.searchIds(nm > 0 ? expandBBox(boxes[0]!, nm) : boxes[0]!);
    const seen = new Set<number>();
    for (const b of boxes) for (const i of this.searchIds(nm > 0 ? expandBBox(b, nm) : b)) seen.add(i);
    return [...seen];
  }

  /** Features whose bbox comes within nm of a part of the geometry (partBBoxes), each once. */
  searchNear(g: FeatureGeometry, nm: number, layers?: ReadonlySet<Layer> | readonly Layer[]): AirspaceFeature[] {
    return this.pick(this.searchNearIds(g, nm), layers);
  }

  /** Every feature's box as bbox(i) gives it, at 4 × i (west, south, east, north): read, never written. */
  boxArray(): Float64Array {
    return this.boxes;
  }

  /** All features of some layers (for tiles and listings). */
  ofLayers(layers: readonly Layer[]): AirspaceFeature[] {
    const wanted = new Set(layers);
    return this.features.filter((f) => wanted.has(f.layer));
  }
}
