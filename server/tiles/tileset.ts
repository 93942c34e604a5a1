/**
 * A vector tile source made of parts: each part fills one layer of the tile over a zoom range from a
 * list of GeoJSON features. A tile is cut on demand: the features whose bbox meets the tile (with its
 * buffer) are found through a static spatial index (flatbush) and geojson-vt's geoJSONToTile clips and
 * simplifies only those. Unlike a GeoJSONVT index, nothing grows with the tiles served, and building a
 * part costs one pass over its bboxes; the encoded tiles are cached by the caller.
 */
import Flatbush from 'flatbush';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { geoJSONToTile, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { BBox } from '../data/dataset';
import type { TileCoord } from './tile-coords';

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
  /** Called once, when a tile first needs the part. A feature may carry a numeric `minzoom` property. */
  features: () => Feature[];
}

interface BuiltPart {
  features: Feature[];
  index: Flatbush | null;
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

/** Encodes cut layers as a Mapbox Vector Tile 2.1, or null when there is nothing to draw. */
export function encodeLayers(layers: TileLayers): Uint8Array | null {
  if (Object.keys(layers).length === 0) return null;
  return fromGeojsonVt(layers, { version: 2, extent: TILE_EXTENT });
}

/** Lets the event loop run what is waiting (I/O, timers) before going on. */
export const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

export class TileSet {
  private readonly built = new Map<TilePart, BuiltPart>();

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

  /** Builds every part now (e.g. to measure or to warm up) instead of at the first tile that needs it. */
  buildAll(): void {
    for (const p of this.parts) this.part(p);
  }

  /** buildAll, one part per turn of the event loop: requests are answered between parts (warm-up). */
  async buildAllYielding(): Promise<void> {
    for (const p of this.parts) {
      this.part(p);
      await nextTurn();
    }
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
    for (const i of hits) {
      const f = built.features[i]!;
      if (featureMinzoom(f) <= tile.z) features.push(f);
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
    const hit = this.built.get(p);
    if (hit) return hit;
    const features = p.features().filter((f) => f.geometry);
    let index: Flatbush | null = null;
    if (features.length > 0) {
      index = new Flatbush(features.length);
      for (const f of features) {
        const [w, s, e, n] = anyBBox(f.geometry);
        index.add(w, s, e, n);
      }
      index.finish();
    }
    const built = { features, index };
    this.built.set(p, built);
    return built;
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
