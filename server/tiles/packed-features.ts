/**
 * A tile part's features with their geometry packed into flat typed arrays. As GeoJSON every position
 * is an array object with its own double store (~64 bytes for two numbers, ~80 with the ring's slot);
 * packed it is 16 bytes in one Float64Array per part, and rings and parts are counts in one
 * Uint32Array. The overview's land, lakes and borders, the county lines and the facility map's merged
 * runs own their geometry (other parts point at the dataset's, `sharedGeometry`): packed, the part
 * cache holds them in a fraction of the heap (docs/perf.md, "Resident memory, third round"). A tile cut
 * decodes only the features its bbox meets, back into the same GeoJSON.
 */
import type { Feature, Geometry, Position } from 'geojson';

const TYPES = ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
type PackedType = (typeof TYPES)[number];
const TYPE_CODE = new Map<string, number>(TYPES.map((t, i) => [t, i]));

/** Counts a geometry's positions and shape entries; null when it cannot be packed as is. */
function measure(g: Geometry): { positions: number; shape: number } | null {
  const plain = (ps: Position[]) => ps.every((p) => p.length === 2);
  switch (g.type) {
    case 'Point': return g.coordinates.length === 2 ? { positions: 1, shape: 0 } : null;
    case 'MultiPoint': case 'LineString': return plain(g.coordinates) ? { positions: g.coordinates.length, shape: 1 } : null;
    case 'MultiLineString': case 'Polygon': {
      if (!g.coordinates.every(plain)) return null;
      return { positions: g.coordinates.reduce((n, l) => n + l.length, 0), shape: 1 + g.coordinates.length };
    }
    case 'MultiPolygon': {
      if (!g.coordinates.every((p) => p.every(plain))) return null;
      let positions = 0, shape = 1;
      for (const p of g.coordinates) {
        shape += 1 + p.length;
        for (const l of p) positions += l.length;
      }
      return { positions, shape };
    }
    default: return null;
  }
}

export class PackedFeatures {
  readonly length: number;
  /** Each feature without its geometry (type, id, properties: what a tile keeps besides the shape). */
  private readonly shells: Feature[];
  private readonly types: Uint8Array;
  /** Where each feature's numbers start in `coords`, and its counts in `shape`; one more entry closes the last. */
  private readonly coordStart: Uint32Array;
  private readonly shapeStart: Uint32Array;
  /** x, y of every position, feature after feature. */
  private readonly coords: Float64Array;
  /** Per feature: LineString/MultiPoint [n]; Polygon/MultiLineString [rings, n…]; MultiPolygon [polygons, (rings, n…)…]. */
  private readonly shape: Uint32Array;

  private constructor(features: readonly Feature[], positions: number, shapes: number) {
    const n = features.length;
    this.length = n;
    this.shells = new Array<Feature>(n);
    this.types = new Uint8Array(n);
    this.coordStart = new Uint32Array(n + 1);
    this.shapeStart = new Uint32Array(n + 1);
    this.coords = new Float64Array(2 * positions);
    this.shape = new Uint32Array(shapes);
    let c = 0, s = 0;
    const line = (ps: Position[]) => {
      for (const p of ps) {
        this.coords[c++] = p[0]!;
        this.coords[c++] = p[1]!;
      }
    };
    const rings = (ls: Position[][]) => {
      this.shape[s++] = ls.length;
      for (const l of ls) this.shape[s++] = l.length;
      ls.forEach(line);
    };
    features.forEach((f, i) => {
      const g = f.geometry as Exclude<Geometry, { type: 'GeometryCollection' }>;
      this.shells[i] = { ...f, geometry: null as unknown as Geometry };
      this.types[i] = TYPE_CODE.get(g.type)!;
      this.coordStart[i] = c;
      this.shapeStart[i] = s;
      switch (g.type) {
        case 'Point': line([g.coordinates]); break;
        case 'MultiPoint': case 'LineString': this.shape[s++] = g.coordinates.length; line(g.coordinates); break;
        case 'MultiLineString': case 'Polygon': rings(g.coordinates); break;
        case 'MultiPolygon': this.shape[s++] = g.coordinates.length; g.coordinates.forEach(rings); break;
      }
    });
    this.coordStart[n] = c;
    this.shapeStart[n] = s;
  }

  /** Packs features whose geometry is one of the six simple types with [x, y] positions; null otherwise. */
  static pack(features: readonly Feature[]): PackedFeatures | null {
    let positions = 0, shapes = 0;
    for (const f of features) {
      const m = f.geometry ? measure(f.geometry) : null;
      if (!m) return null;
      positions += m.positions;
      shapes += m.shape;
    }
    return new PackedFeatures(features, positions, shapes);
  }

  /** Feature i without its geometry (read its properties without decoding). */
  shell(i: number): Feature {
    return this.shells[i]!;
  }

  /** Feature i as GeoJSON again: a fresh object with fresh coordinate arrays. */
  feature(i: number): Feature {
    // Plain loops: a tile cut decodes every feature it meets, so this is on the (uncached) tile path.
    const coords = this.coords, shape = this.shape;
    let c = this.coordStart[i]!, s = this.shapeStart[i]!;
    const line = (k: number): Position[] => {
      const out = new Array<Position>(k);
      for (let j = 0; j < k; j++, c += 2) out[j] = [coords[c]!, coords[c + 1]!];
      return out;
    };
    const rings = (): Position[][] => {
      const k = shape[s++]!;
      const counts = s;
      s += k;
      const out = new Array<Position[]>(k);
      for (let j = 0; j < k; j++) out[j] = line(shape[counts + j]!);
      return out;
    };
    const type: PackedType = TYPES[this.types[i]!]!;
    let geometry: Geometry;
    switch (type) {
      case 'Point': geometry = { type, coordinates: [coords[c]!, coords[c + 1]!] }; break;
      case 'MultiPoint': case 'LineString': geometry = { type, coordinates: line(shape[s]!) }; break;
      case 'MultiLineString': case 'Polygon': geometry = { type, coordinates: rings() }; break;
      case 'MultiPolygon': {
        const k = shape[s++]!;
        const polygons = new Array<Position[][]>(k);
        for (let j = 0; j < k; j++) polygons[j] = rings();
        geometry = { type, coordinates: polygons };
        break;
      }
    }
    return { ...this.shells[i]!, geometry };
  }

  /** Bytes of the packed arrays (the shells are counted by the caller). */
  get byteLength(): number {
    return this.coords.byteLength + this.shape.byteLength + this.coordStart.byteLength + this.shapeStart.byteLength + this.types.byteLength;
  }
}
