/**
 * A vector tile source made of parts: each part fills one layer of the tile over a zoom range from a
 * list of GeoJSON features. A tile is cut on demand: the features whose bbox meets the tile (with its
 * buffer) are found through a static spatial index (flatbush) and geojson-vt's geoJSONToTile clips and
 * simplifies only those. Unlike a GeoJSONVT index, nothing grows with the tiles served, and building a
 * part costs one pass over its bboxes; the encoded tiles are cached by the caller.
 *
 * A part is built when a tile first needs it and kept in one process-wide least-recently-used cache
 * bounded by an estimate of its heap size (TILE_PART_CACHE_MB, docs/perf.md): parts no tile asks for
 * are dropped and rebuilt from their producer when asked again, so memory does not hold every layer at
 * every zoom at once.
 */
import Flatbush from 'flatbush';
import { LRUCache } from 'lru-cache';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { geoJSONToTile, type GeoJSONVTFeature, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { BBox } from '../data/dataset';
import type { TileCoord } from './tile-coords';
import { PackedFeatures, PackedFeaturesBuilder } from './packed-features';

export const TILE_EXTENT = 4096;
/** Buffer around a tile in tile units: enough for line joins and labels at tile edges. */
export const TILE_BUFFER = 64;

export interface TilePart {
  /** The source-layer name in the tile. Several parts may fill the same layer. */
  layer: string;
  /** First zoom the part is in. */
  minzoom: number;
  /** First zoom the part is no longer in (like a style layer's maxzoom); absent: every deeper zoom. */
  maxzoom?: number;
  /** Zoom from which geometry is kept at full detail; shallower tiles are simplified (default 12). */
  detailZoom?: number;
  /** Simplification tolerance in tile units (geojson-vt's; default 3). Larger for coarse data. */
  tolerance?: number;
  /**
   * Called when a tile needs the part and it is not built (first time, or after the part cache dropped
   * it): must return the same features each time. A feature may carry a numeric `minzoom` property.
   */
  features: () => Feature[];
  /** The features' geometries are held elsewhere anyway (the dataset's, loaded airfields): the part cache counts only the features. */
  sharedGeometry?: boolean;
  /**
   * The same features made a slice at a time, so that prepare() can build the part between other work:
   * `slice(from, to)` for from < count, and `finish` (if any) over all of them joined, equal features().
   */
  slices?: { count: number; slice(from: number, to: number): Feature[]; finish?(all: Feature[]): Feature[] };
}

interface BuiltPart {
  /** As the producer gave them when their geometry is held elsewhere (sharedGeometry), else packed. */
  features: readonly Feature[] | PackedFeatures;
  index: Flatbush | null;
  /** Estimated heap bytes (partBytes): what the part cache counts. */
  bytes: number;
}

/**
 * Default bound of the part cache: holds every part a city-zoom view draws from both sources (~90 MB
 * estimated on the national sandbox dataset; the largest part, the facility-map labels, ~25 MB).
 */
export const DEFAULT_PART_CACHE_BYTES = 96 * 1024 * 1024;

/**
 * Estimated heap bytes of a built part: ~200 on a feature with its properties and geometry objects, and
 * the flatbush index 40 per item; the geometry the part owns is packed (packed-features.ts: its typed
 * arrays' bytes), or, when it cannot be packed, ~56 bytes a nested [x, y] position (array header and its
 * double backing store); geometry held elsewhere anyway (sharedGeometry) is not counted. The estimate
 * errs high (properties shared between features are counted each time), so the cache drops parts early
 * rather than late.
 */
export function partBytes(features: readonly Feature[], sharedGeometry = false): number {
  return estimateBytes(features, sharedGeometry ? null : PackedFeatures.pack(features), sharedGeometry);
}

function estimateBytes(features: readonly Feature[], packed: PackedFeatures | null, sharedGeometry: boolean): number {
  if (sharedGeometry) return 1024 + features.length * 240;
  if (packed) return 1024 + features.length * 240 + packed.byteLength;
  let positions = 0;
  const count = (g: Geometry): void => {
    switch (g.type) {
      case 'Point': positions += 1; break;
      case 'MultiPoint': case 'LineString': positions += g.coordinates.length; break;
      case 'MultiLineString': case 'Polygon': for (const l of g.coordinates) positions += l.length; break;
      case 'MultiPolygon': for (const p of g.coordinates) for (const l of p) positions += l.length; break;
      case 'GeometryCollection': g.geometries.forEach(count);
    }
  };
  for (const f of features) if (f.geometry) count(f.geometry);
  return 1024 + features.length * 240 + positions * 56;
}

function newPartCache(maxBytes: number): LRUCache<TilePart, BuiltPart> {
  // An entry bigger than the whole budget is still kept for the tile being cut (see part()), not cached.
  return new LRUCache<TilePart, BuiltPart>({ maxSize: maxBytes, sizeCalculation: (b) => Math.max(1, b.bytes) });
}

/** The built parts of every tile set in the process (basemap and airspace), least recently used first out. */
let partCache = newPartCache(DEFAULT_PART_CACHE_BYTES);

/** Sets the part cache's bound (at start, from TILE_PART_CACHE_MB); drops what was built. */
export function setPartCacheBytes(maxBytes: number): void {
  partCache = newPartCache(maxBytes);
}

/** What the part cache holds now: entries and estimated bytes (for tests and the bench). */
export function partCacheStats(): { parts: number; bytes: number; maxBytes: number } {
  return { parts: partCache.size, bytes: partCache.calculatedSize, maxBytes: partCache.maxSize };
}

/** A feature may carry a numeric minzoom property: it is left out of shallower tiles (place labels). */
function featureMinzoom(f: Feature): number {
  const m = f.properties?.minzoom;
  return typeof m === 'number' ? m : 0;
}

/** The tile's bbox grown by the buffer, in degrees (fractional tile indices through web mercator). */
export function bufferedTileBBox({ z, x, y }: TileCoord, buffer = TILE_BUFFER / TILE_EXTENT): BBox {
  const n = 2 ** z;
  const lon = (i: number) => (i / n) * 360 - 180;
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * Math.min(Math.max(j, 0), n)) / n))) * 180) / Math.PI;
  return [lon(x - buffer), lat(y + 1 + buffer), lon(x + 1 + buffer), lat(y - buffer)];
}

export type TileLayers = Record<string, GeoJSONVTTile>;

/** Twice the signed area of a ring of tile coordinates (shoelace): 0 for a ring that encloses nothing. */
function ringArea2(ring: readonly (readonly [number, number])[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return a;
}

/**
 * The layers without degenerate polygon rings: a ring that, cut and snapped to the tile's integer grid,
 * encloses no area (a sliver of a facility-map cell or a lake at the tile's edge) is not a valid MVT
 * ring (spec 4.3.4.4: an exterior ring has positive area); a polygon left with no ring is left out.
 * Layers and features with nothing to drop are kept as they are (they may be cached parts).
 */
export function withoutDegenerateRings(layers: TileLayers): TileLayers {
  const out: TileLayers = {};
  for (const [name, layer] of Object.entries(layers)) {
    // A cut (transformed) tile's polygon geometry is its rings of [x, y] tile coordinates.
    const features = layer.features as GeoJSONVTFeature[];
    const degenerate = (f: GeoJSONVTFeature) => f.type === 3 && f.geometry.some((r) => ringArea2(r) === 0);
    if (!features.some(degenerate)) {
      out[name] = layer;
      continue;
    }
    const kept = features.flatMap((f): GeoJSONVTFeature[] => {
      if (f.type !== 3) return [f];
      const rings = f.geometry.filter((r) => ringArea2(r) !== 0);
      return rings.length === 0 ? [] : [{ ...f, geometry: rings }];
    });
    if (kept.length) out[name] = { ...layer, features: kept } as GeoJSONVTTile;
  }
  return out;
}

/** Encodes cut layers as a Mapbox Vector Tile 2.1, or null when there is nothing to draw. */
export function encodeLayers(layers: TileLayers): Uint8Array | null {
  const drawn = withoutDegenerateRings(layers);
  if (Object.keys(drawn).length === 0) return null;
  return fromGeojsonVt(drawn, { version: 2, extent: TILE_EXTENT });
}

/** Lets the event loop run what is waiting (I/O, timers) before going on. */
export const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

/** How long prepare() makes features before it lets the event loop run (ms). */
const SLICE_MS = 12;
/** Features made between two looks at the clock. */
const SLICE_STEP = 256;

/** Parts being built by prepare(): a tile asked meanwhile waits on the same build. */
const preparing = new Map<TilePart, Promise<void>>();

export class TileSet {
  constructor(readonly parts: readonly TilePart[]) {}

  /** The parts that a tile of zoom z draws from. */
  partsAt(z: number): TilePart[] {
    return this.parts.filter((p) => z >= p.minzoom && (p.maxzoom === undefined || z < p.maxzoom));
  }

  /** The encoded tile (Mapbox Vector Tile 2.1), or null when no layer has a feature in it. */
  render(tile: TileCoord): Uint8Array | null {
    return encodeLayers(this.cutLayers(tile));
  }

  /** Cuts the tile's layers, adding them to `into` (so several tile sets can fill one tile). */
  cutLayers(tile: TileCoord, into: TileLayers = {}): TileLayers {
    for (const part of this.partsAt(tile.z)) {
      const cut = this.cut(part, tile);
      if (!cut || cut.features.length === 0) continue;
      const prev = into[part.layer];
      into[part.layer] = prev ? { ...prev, features: [...prev.features, ...cut.features] } : cut;
    }
    return into;
  }

  /** Builds every part now (e.g. to measure) instead of at the first tile that needs it. */
  buildAll(): void {
    for (const p of this.parts) this.part(p);
  }

  /**
   * Builds the parts drawn at zooms up to `maxZoom` (all when absent), as prepare() does: requests are
   * answered between parts and slices (warm-up). Deeper parts wait for a tile that needs them.
   */
  async buildAllYielding(maxZoom = Infinity): Promise<void> {
    for (const p of this.parts) {
      if (p.minzoom > maxZoom || partCache.has(p)) continue;
      // A part made in slices is built between other work (the class airspace held the loop ~1.9 s at load 15).
      await this.building(p);
    }
  }

  /**
   * Builds the parts a tile of zoom z draws from that are not built yet, letting the event loop run
   * between parts and, for a part made in slices, every SLICE_MS while its features are made: the first
   * deep tile after a start no longer holds every other request for the whole build (docs/perf.md, "The
   * cached tile, third round"). The tile is then cut as before, from the same parts.
   */
  async prepare(z: number): Promise<void> {
    for (const p of this.partsAt(z)) if (!partCache.has(p)) await this.building(p);
  }

  /** The build of a part under way, or a new one. */
  private building(p: TilePart): Promise<void> {
    let building = preparing.get(p);
    if (!building) {
      building = this.buildSliced(p).finally(() => preparing.delete(p));
      preparing.set(p, building);
    }
    return building;
  }

  /**
   * Builds a part, then lets what arrived meanwhile run; a part made in slices in steps between other
   * work: each slice's features are boxed and packed as they are made (PartBuilder), so what is left for
   * one step at the end is the spatial index over the boxes gathered (~84,000 facility-map cells: the
   * boxes and the packing were one step each, ~100–500 ms at load 15, docs/perf.md).
   */
  private async buildSliced(p: TilePart): Promise<void> {
    if (!p.slices) {
      this.part(p);
      await nextTurn();
      return;
    }
    const { count, slice, finish } = p.slices;
    // Sized for `count` features; with a finish, for its merged features (measured) once they are made.
    let builder = finish ? null : new PartBuilder(p.sharedGeometry === true, count);
    // With a finish, it needs every feature at once: they are gathered, then boxed and packed a slice at a time.
    const all: Feature[] = [];
    let since = performance.now();
    const pause = async () => {
      if (performance.now() - since > SLICE_MS) {
        await nextTurn();
        since = performance.now();
      }
    };
    for (let from = 0; from < count; from += SLICE_STEP) {
      const made = slice(from, Math.min(count, from + SLICE_STEP));
      if (builder) builder.add(made, 0, made.length);
      else for (const f of made) all.push(f);
      await pause();
    }
    if (!builder) {
      await nextTurn();
      const merged = finish!(all);
      all.length = 0;
      builder = new PartBuilder(p.sharedGeometry === true, merged);
      since = performance.now();
      for (let from = 0; from < merged.length; from += SLICE_STEP) {
        builder.add(merged, from, Math.min(merged.length, from + SLICE_STEP));
        await pause();
      }
    }
    await nextTurn();
    if (partCache.has(p)) return;
    partCache.set(p, builder.built());
    await nextTurn();
  }

  /** Drops this set's built parts from the part cache (a tile that needs one again rebuilds it). */
  release(): void {
    for (const p of this.parts) partCache.delete(p);
  }

  /** Whether a part is built and cached now (tests). */
  isBuilt(p: TilePart): boolean {
    return partCache.has(p);
  }

  private cut(part: TilePart, tile: TileCoord): GeoJSONVTTile | null {
    const built = this.part(part);
    if (!built.index) return null;
    const [w, s, e, n] = bufferedTileBBox(tile);
    const hits = built.index.search(w, s, e, n);
    if (hits.length === 0) return null;
    // Flatbush answers in index order, not in input order: sort so tiles are deterministic and
    // features keep the drawing order their producer chose (e.g. big areas under small ones).
    hits.sort((a, b) => a - b);
    const features: Feature[] = [];
    const all = built.features;
    for (const i of hits) {
      if (all instanceof PackedFeatures) {
        if (featureMinzoom(all.shell(i)) <= tile.z) features.push(all.feature(i));
      } else if (featureMinzoom(all[i]!) <= tile.z) features.push(all[i]!);
    }
    if (features.length === 0) return null;
    const fc: FeatureCollection = { type: 'FeatureCollection', features };
    return geoJSONToTile(fc, tile.z, tile.x, tile.y, {
      extent: TILE_EXTENT,
      buffer: TILE_BUFFER,
      maxZoom: part.detailZoom ?? 12,
      tolerance: part.tolerance ?? 3,
      clip: true,
      wrap: false,
    });
  }

  private part(p: TilePart): BuiltPart {
    return partCache.get(p) ?? this.store(p, p.features());
  }

  private store(p: TilePart, made: Feature[]): BuiltPart {
    const builder = new PartBuilder(p.sharedGeometry === true, made);
    builder.add(made, 0, made.length);
    const built = builder.built();
    partCache.set(p, built);
    return built;
  }
}

/**
 * A part's features made into what the part cache keeps, a few at a time: those with a geometry, their
 * boxes for the spatial index, and the geometry the part owns packed (packed-features.ts; the GeoJSON the
 * producer made is then garbage). A feature that cannot be packed turns the part back into GeoJSON (the
 * features packed so far decoded: the same values), as PackedFeatures.pack() does for a whole part.
 */
class PartBuilder {
  private packer: PackedFeaturesBuilder | null;
  /** The features as GeoJSON, when they are not packed (geometry held elsewhere, or not packable). */
  private plain: Feature[] = [];
  private boxes: Float64Array;
  private count = 0;

  /** `expect`: the features to come, all of them (measured, so nothing grows) or their count. */
  constructor(private readonly sharedGeometry: boolean, expect: readonly Feature[] | number) {
    if (sharedGeometry) this.packer = null;
    else {
      const size = typeof expect === 'number' ? { features: expect } : PackedFeaturesBuilder.measure(expect.filter((f) => f.geometry));
      this.packer = new PackedFeaturesBuilder(size ?? { features: 64 });
    }
    this.boxes = new Float64Array(4 * Math.max(1, typeof expect === 'number' ? expect : expect.length));
  }

  /** Adds made[from..to), leaving out features without a geometry. */
  add(made: readonly Feature[], from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const f = made[i]!;
      if (!f.geometry) continue;
      if (this.packer && !this.packer.add(f)) {
        const packed = this.packer.build();
        this.plain = Array.from({ length: packed.length }, (_, k) => packed.feature(k));
        this.packer = null;
      }
      if (!this.packer) this.plain.push(f);
      if (4 * this.count + 4 > this.boxes.length) {
        const grown = new Float64Array(2 * this.boxes.length);
        grown.set(this.boxes);
        this.boxes = grown;
      }
      const [w, s, e, n] = anyBBox(f.geometry);
      const at = 4 * this.count++;
      this.boxes[at] = w;
      this.boxes[at + 1] = s;
      this.boxes[at + 2] = e;
      this.boxes[at + 3] = n;
    }
  }

  /** The built part: its features, their spatial index and its estimated bytes. */
  built(): BuiltPart {
    let index: Flatbush | null = null;
    if (this.count > 0) {
      index = new Flatbush(this.count);
      const b = this.boxes;
      for (let i = 0; i < 4 * this.count; i += 4) index.add(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);
      index.finish();
    }
    if (this.packer) {
      const packed = this.packer.build();
      return { features: packed, index, bytes: 1024 + packed.length * 240 + packed.byteLength };
    }
    return { features: this.plain, index, bytes: estimateBytes(this.plain, null, this.sharedGeometry) };
  }
}

/** Bbox of any GeoJSON geometry (the dataset's helper knows only the four types it stores). */
export function anyBBox(g: Geometry): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (p: Position) => {
    const x = p[0]!, y = p[1]!;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  };
  switch (g.type) {
    case 'Point': add(g.coordinates); break;
    case 'MultiPoint': case 'LineString': g.coordinates.forEach(add); break;
    case 'MultiLineString': case 'Polygon': for (const l of g.coordinates) l.forEach(add); break;
    case 'MultiPolygon': for (const p of g.coordinates) for (const l of p) l.forEach(add); break;
    case 'GeometryCollection':
      for (const h of g.geometries) {
        const [w, s, e, n] = anyBBox(h);
        add([w, s]);
        add([e, n]);
      }
  }
  return box;
}
