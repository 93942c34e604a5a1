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

/** A typed array that grows as numbers are appended (doubling), trimmed to its length at the end. */
class Growing<A extends Float64Array | Uint32Array | Uint8Array> {
  length = 0;
  constructor(private array: A) {}

  /** Room for `more` numbers after the current length; the array to write them into. */
  reserve(more: number): A {
    const need = this.length + more;
    if (need > this.array.length) {
      const grown = new (this.array.constructor as new (n: number) => A)(Math.max(need, 2 * this.array.length, 64));
      grown.set(this.array.subarray(0, this.length));
      this.array = grown;
    }
    return this.array;
  }

  push(v: number): void {
    this.reserve(1)[this.length++] = v;
  }

  /** The numbers appended, in an array of exactly their length. */
  trimmed(): A {
    return (this.array.length === this.length ? this.array : this.array.slice(0, this.length)) as A;
  }
}

/**
 * Packs features one at a time (a tile part built in slices packs each slice as it is made, so the
 * GeoJSON of the whole part is never alive at once, and no single step packs all of it: docs/perf.md).
 * build() gives the same PackedFeatures as PackedFeatures.pack() of every feature added.
 */
export class PackedFeaturesBuilder {
  private readonly shells: Feature[] = [];
  private readonly types: Growing<Uint8Array>;
  private readonly coordStart: Growing<Uint32Array>;
  private readonly shapeStart: Growing<Uint32Array>;
  private readonly coords: Growing<Float64Array>;
  private readonly shape: Growing<Uint32Array>;

  /**
   * Sized for what is expected when known (the features of a whole part: measure() them; a part made in
   * slices: their count), so that the arrays grow seldom or never: every array outgrown is garbage that
   * glibc's arena may keep (docs/perf.md).
   */
  constructor(expect: { features: number; positions?: number; shapes?: number } = { features: 64 }) {
    const n = Math.max(1, expect.features);
    this.types = new Growing(new Uint8Array(n));
    this.coordStart = new Growing(new Uint32Array(n + 1));
    this.shapeStart = new Growing(new Uint32Array(n + 1));
    this.coords = new Growing(new Float64Array(Math.max(2, 2 * (expect.positions ?? n))));
    this.shape = new Growing(new Uint32Array(Math.max(1, expect.shapes ?? n)));
  }

  /** What packing these features takes (for the constructor); null when one cannot be packed. */
  static measure(features: readonly Feature[]): { features: number; positions: number; shapes: number } | null {
    let positions = 0, shapes = 0;
    for (const f of features) {
      const m = f.geometry ? measure(f.geometry) : null;
      if (!m) return null;
      positions += m.positions;
      shapes += m.shape;
    }
    return { features: features.length, positions, shapes };
  }

  get length(): number {
    return this.shells.length;
  }

  /** Appends a feature; false (and nothing appended) when its geometry cannot be packed as is. */
  add(f: Feature): boolean {
    const m = f.geometry ? measure(f.geometry) : null;
    if (!m) return false;
    const g = f.geometry as Exclude<Geometry, { type: 'GeometryCollection' }>;
    this.shells.push({ ...f, geometry: null as unknown as Geometry });
    this.types.push(TYPE_CODE.get(g.type)!);
    this.coordStart.push(this.coords.length);
    this.shapeStart.push(this.shape.length);
    const coords = this.coords.reserve(2 * m.positions), shape = this.shape.reserve(m.shape);
    let c = this.coords.length, s = this.shape.length;
    const line = (ps: Position[]) => {
      for (const p of ps) {
        coords[c++] = p[0]!;
        coords[c++] = p[1]!;
      }
    };
    const rings = (ls: Position[][]) => {
      shape[s++] = ls.length;
      for (const l of ls) shape[s++] = l.length;
      ls.forEach(line);
    };
    switch (g.type) {
      case 'Point': line([g.coordinates]); break;
      case 'MultiPoint': case 'LineString': shape[s++] = g.coordinates.length; line(g.coordinates); break;
      case 'MultiLineString': case 'Polygon': rings(g.coordinates); break;
      case 'MultiPolygon': shape[s++] = g.coordinates.length; g.coordinates.forEach(rings); break;
    }
    this.coords.length = c;
    this.shape.length = s;
    return true;
  }

  /** The features appended, packed. */
  build(): PackedFeatures {
    this.coordStart.push(this.coords.length);
    this.shapeStart.push(this.shape.length);
    return new PackedFeatures(this.shells, this.types.trimmed(), this.coordStart.trimmed(), this.shapeStart.trimmed(), this.coords.trimmed(), this.shape.trimmed());
  }
}

export class PackedFeatures {
  readonly length: number;

  /** Use PackedFeatures.pack() or a PackedFeaturesBuilder. */
  constructor(
    /** Each feature without its geometry (type, id, properties: what a tile keeps besides the shape). */
    private readonly shells: Feature[],
    private readonly types: Uint8Array,
    /** Where each feature's numbers start in `coords`, and its counts in `shape`; one more entry closes the last. */
    private readonly coordStart: Uint32Array,
    private readonly shapeStart: Uint32Array,
    /** x, y of every position, feature after feature. */
    private readonly coords: Float64Array,
    /** Per feature: LineString/MultiPoint [n]; Polygon/MultiLineString [rings, n…]; MultiPolygon [polygons, (rings, n…)…]. */
    private readonly shape: Uint32Array,
  ) {
    this.length = shells.length;
  }

  /** Packs features whose geometry is one of the six simple types with [x, y] positions; null otherwise. */
  static pack(features: readonly Feature[]): PackedFeatures | null {
    const size = PackedFeaturesBuilder.measure(features);
    if (!size) return null;
    const builder = new PackedFeaturesBuilder(size);
    for (const f of features) builder.add(f);
    return builder.build();
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
