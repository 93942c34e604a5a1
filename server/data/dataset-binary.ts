/**
 * The dataset's binary file: what a warm start reads instead of parsing ~60 MB of JSON (docs/perf.md,
 * "The dataset's binary file"; the decision in docs/dataset-files.md). Every distinct text is stored
 * once, every distinct [lon, lat] once in a Float64Array read as a view of the file, altitude limits
 * once; features are a stream of 32-bit words (a tag in the low 4 bits) naming them. Reading it makes
 * features already as compact.ts would leave them: equal texts, ring vertices and limits are one object.
 * A feature's geometry is left in the file (its words copied out) and made at its first read
 * (lazy-geometry.ts): most are never read by a running service.
 *
 * It is a cache of the JSON file beside it, never the only copy: its header names the JSON's size and
 * modification time and carries a CRC-32 of the rest, and any mismatch refuses it (the JSON is read).
 */
import { markCompact } from './compact';
import { defineLazyGeometry, lazyGeometryAccessor, type GeometrySource } from './lazy-geometry';
import type { AirspaceFeature, DatasetFile, FeatureGeometry } from './model';
import {
  DatasetBinaryError, sections, view, S_ASCII, S_FLOATS, S_META, S_SHAPES, S_STR_OFFS, S_VERTS, S_WIDE,
  S_WORDS, T_ARRAY, T_FALSE, T_FLOAT, T_INT, T_NULL, T_OBJECT, T_RING, T_SHARED, T_STRING, T_TRUE, T_UINT, WIDE_BIT, type JsonStamp,
} from './dataset-binary-format';

export { DatasetBinaryError, type JsonStamp } from './dataset-binary-format';
export { encodeDatasetBinary } from './dataset-binary-encode';

/**
 * Reads a binary dataset file written for `stamp`'s JSON. Throws DatasetBinaryError on any damage: a
 * dataset is read whole or not at all.
 */
export function decodeDatasetBinary(buf: Buffer, stamp: JsonStamp): DatasetFile {
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new DatasetBinaryError('this machine is big-endian');
  const s = sections(buf, stamp);
  return new Decoder(s).file();
}

type PlainObjectMaker = new () => Record<string, unknown>;

/** A constructor of plain objects (prototype Object.prototype), one per shape so that V8 sizes each shape's objects. */
function plainObjectMaker(): PlainObjectMaker {
  const maker = function () {} as unknown as PlainObjectMaker;
  maker.prototype = Object.prototype;
  return maker;
}

/** Geometry types whose coordinates the file holds as rings of vertex indices (boxed without decoding). */
const RING_TYPES = new Set(['LineString', 'Polygon', 'MultiPolygon']);

class Decoder implements GeometrySource {
  private readonly meta: { meta: Record<string, unknown>; keys: string[]; featureCount: number; shapeCount: number };
  private offs: Uint32Array;
  private readonly asciiText: string;
  private wide: Buffer;
  private readonly strings: Array<string | undefined>;
  private readonly shapes: string[][] = [];
  private floats: Float64Array;
  private vx: Float64Array;
  /** Vertex arrays made so far, by index: geometries decoded apart still share their equal vertices (as compact.ts would). */
  // Written sparsely (V8 keeps few entries in a dictionary and turns the array dense as it fills).
  private readonly verts: Array<number[] | undefined> = [];
  private readonly vertCount: number;
  private words: Uint32Array;
  private shared: unknown[] = [];
  private pos = 0;
  private readonly scratch: unknown[][] = [];
  private depth = 0;
  private readonly ringScratch: number[][] = [];
  private readonly makers: PlainObjectMaker[] = [];
  private readonly accessor = lazyGeometryAccessor(this);
  /**
   * The features' geometry words, copied out while they are read, so that the file's buffer (22 MB on the
   * national sandbox) is not kept for the geometries left in it: only these words, the vertex table and
   * the numbers are (~10 MB).
   */
  private geo: Uint32Array | null = null;
  private geoLength = 0;
  /** Set once the features are read: every text a geometry holds was decoded then (skip() reads them). */
  private sealed = false;
  /** Off while a geometry is peeked at (lazy-geometry.ts): its vertices are not kept either. */
  private keepVerts = true;

  constructor(s: Buffer[]) {
    try {
      this.meta = JSON.parse(s[S_META]!.toString('utf8'));
    } catch {
      throw new DatasetBinaryError('unreadable header');
    }
    this.offs = view(s[S_STR_OFFS]!, Uint32Array);
    this.asciiText = s[S_ASCII]!.toString('latin1');
    this.wide = s[S_WIDE]!;
    this.strings = new Array<string | undefined>(this.offs.length / 2).fill(undefined);
    this.floats = view(s[S_FLOATS]!, Float64Array);
    this.vx = view(s[S_VERTS]!, Float64Array);
    this.vertCount = this.vx.length / 2;
    this.words = view(s[S_WORDS]!, Uint32Array);
    const sw = view(s[S_SHAPES]!, Uint32Array);
    for (let i = 0, k = 0; i < this.meta.shapeCount; i++) {
      const n = this.need(sw, k++);
      const keys: string[] = [];
      for (let j = 0; j < n; j++) keys.push(this.str(this.need(sw, k++)));
      this.shapes.push(keys);
    }
  }

  private need(a: Uint32Array, i: number): number {
    if (i >= a.length) throw new DatasetBinaryError('index past the end of a section');
    return a[i]!;
  }

  private str(i: number): string {
    const seen = this.strings[i];
    if (seen !== undefined) return seen;
    if (i >= this.strings.length) throw new DatasetBinaryError('text index out of range');
    if (this.sealed) throw new Error('a geometry text was not read with the file');
    const a = this.offs[2 * i]!, b = this.offs[2 * i + 1]!;
    // ASCII texts are slices of one string decoded once; others are UTF-16 units, decoded each.
    const s = a & WIDE_BIT ? this.wide.toString('utf16le', a & ~WIDE_BIT, b) : this.asciiText.slice(a, b);
    if ((a & WIDE_BIT ? b - (a & ~WIDE_BIT) : b - a) < 0) throw new DatasetBinaryError('text bounds reversed');
    this.strings[i] = s;
    return s;
  }

  private vertex(i: number): number[] {
    const seen = this.verts[i];
    if (seen !== undefined) return seen;
    if (i >= this.vertCount) throw new DatasetBinaryError('vertex index out of range');
    const p = [this.vx[2 * i]!, this.vx[2 * i + 1]!];
    if (this.keepVerts) this.verts[i] = p;
    return p;
  }

  /** Steps over one value without making it, checking all that value() checks: a geometry left in the file decodes without fail later. */
  private skip(): void {
    const w = this.need(this.words, this.pos++);
    const tag = w & 15, n = w >>> 4;
    switch (tag) {
      case T_NULL: case T_FALSE: case T_TRUE: case T_UINT: return;
      case T_INT: this.need(this.words, this.pos++); return;
      case T_FLOAT: if (n >= this.floats.length) throw new DatasetBinaryError('number index out of range'); return;
      case T_STRING: this.str(n); return;
      case T_ARRAY: for (let i = 0; i < n; i++) this.skip(); return;
      case T_OBJECT: {
        const keys = this.shapes[n];
        if (!keys) throw new DatasetBinaryError('object shape out of range');
        for (let i = 0; i < keys.length; i++) this.skip();
        return;
      }
      case T_RING: {
        if (this.pos + n > this.words.length) throw new DatasetBinaryError('ring past the end');
        for (let i = 0; i < n; i++) if (this.words[this.pos++]! >= this.vertCount) throw new DatasetBinaryError('vertex index out of range');
        return;
      }
      // The writer shares only altitude limits (never inside a geometry), and no shared object is kept after the read.
      case T_SHARED: throw new DatasetBinaryError('a shared object inside a geometry');
      default: throw new DatasetBinaryError(`unknown tag ${tag}`);
    }
  }

  /** From now on geometries are read from copies of what they need; the file's buffer is let go. */
  private keepGeometryOnly(): void {
    this.words = this.geo ? this.geo.slice(0, this.geoLength) : new Uint32Array(0);
    this.geo = null;
    this.vx = this.vx.slice();
    this.floats = this.floats.slice();
    this.offs = new Uint32Array(0);
    this.wide = Buffer.alloc(0);
    this.shared = [];
    this.sealed = true;
  }

  geometryAt(at: number, keep: boolean): FeatureGeometry {
    const saved = this.pos;
    this.pos = at;
    this.keepVerts = keep;
    try {
      return this.value() as FeatureGeometry;
    } finally {
      this.pos = saved;
      this.keepVerts = true;
    }
  }

  boxAt(at: number): [number, number, number, number] | null {
    const w = this.words[at]!;
    const keys = this.shapes[w >>> 4];
    if ((w & 15) !== T_OBJECT || !keys || keys.length !== 2) return null;
    let pos = at + 1, type: string | null = null, box: [number, number, number, number] | null = null;
    const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    // The same min and max over the same numbers as geometryBBox, read from the vertex table.
    const rings = (): boolean => {
      const v = this.words[pos++]!;
      if ((v & 15) === T_ARRAY) {
        for (let i = v >>> 4; i > 0; i--) if (!rings()) return false;
        return true;
      }
      if ((v & 15) !== T_RING) return false;
      for (let i = v >>> 4; i > 0; i--) {
        const k = this.words[pos++]!, x = this.vx[2 * k]!, y = this.vx[2 * k + 1]!;
        if (x < b[0]) b[0] = x;
        if (x > b[2]) b[2] = x;
        if (y < b[1]) b[1] = y;
        if (y > b[3]) b[3] = y;
      }
      return true;
    };
    for (const k of keys) {
      const v = this.words[pos]!;
      if (k === 'type' && (v & 15) === T_STRING) {
        type = this.str(v >>> 4);
        pos += 1;
      } else if (k === 'coordinates') {
        if (!rings()) return null;
        box = b;
      } else return null;
    }
    return type !== null && RING_TYPES.has(type) ? box : null;
  }

  private value(top = false): unknown {
    const w = this.need(this.words, this.pos++);
    const tag = w & 15, n = w >>> 4;
    switch (tag) {
      case T_NULL: return null;
      case T_FALSE: return false;
      case T_TRUE: return true;
      case T_UINT: return n;
      case T_INT: return this.need(this.words, this.pos++) | 0;
      case T_FLOAT: {
        if (n >= this.floats.length) throw new DatasetBinaryError('number index out of range');
        return this.floats[n];
      }
      case T_STRING: return this.str(n);
      case T_ARRAY: {
        // Gathered in a scratch array of this depth and sliced: a packed array of exactly n elements, as
        // JSON.parse makes (push alone left a capacity of 17 behind each ring list: docs/perf.md).
        const scratch = (this.scratch[this.depth] ??= []);
        this.depth += 1;
        for (let i = 0; i < n; i++) scratch[i] = this.value();
        this.depth -= 1;
        const a = scratch.slice(0, n);
        scratch.length = 0;
        return a;
      }
      case T_OBJECT: {
        const keys = this.shapes[n];
        if (!keys) throw new DatasetBinaryError('object shape out of range');
        // Made by a constructor of the shape's own, then filled: V8 sizes its objects for the fields they
        // get (slack tracking), where an object grown key by key from {} keeps all but 4 of them in a
        // separate array (+10 MB measured on the national sandbox). A plain object all the same: its
        // prototype is Object.prototype. An own "__proto__" is defined, never set (that would be the prototype).
        const o = new (this.makers[n] ??= plainObjectMaker())();
        for (const k of keys) {
          // A feature's geometry stays in the file until first read (lazy-geometry.ts).
          if (top && k === 'geometry' && (this.words[this.pos]! & 15) === T_OBJECT) {
            const from = this.pos;
            this.skip();
            const geo = (this.geo ??= new Uint32Array(this.words.length));
            geo.set(this.words.subarray(from, this.pos), this.geoLength);
            defineLazyGeometry(o, this.geoLength, this.accessor);
            this.geoLength += this.pos - from;
          } else if (k === '__proto__') Object.defineProperty(o, k, { value: this.value(), enumerable: true, writable: true, configurable: true });
          else o[k] = this.value();
        }
        return o;
      }
      case T_RING: {
        if (this.pos + n > this.words.length) throw new DatasetBinaryError('ring past the end');
        const scratch = this.ringScratch;
        for (let i = 0; i < n; i++) scratch[i] = this.vertex(this.words[this.pos++]!);
        const ring = scratch.slice(0, n);
        scratch.length = 0;
        return ring;
      }
      case T_SHARED: {
        if (n >= this.shared.length) throw new DatasetBinaryError('shared object out of range');
        return this.shared[n];
      }
      default: throw new DatasetBinaryError(`unknown tag ${tag}`);
    }
  }

  file(): DatasetFile {
    const count = this.need(this.words, this.pos++);
    const shared: unknown[] = [];
    for (let i = 0; i < count; i++) shared.push(this.value());
    this.shared = shared;
    const features: AirspaceFeature[] = [];
    for (let i = 0; i < this.meta.featureCount; i++) {
      const f = this.value(true);
      if (f === null || typeof f !== 'object' || Array.isArray(f)) throw new DatasetBinaryError('a feature is not an object');
      features.push(f as AirspaceFeature);
    }
    if (this.pos !== this.words.length) throw new DatasetBinaryError('words left after the last feature');
    markCompact(features);
    this.keepGeometryOnly();
    // The JSON's key order, so that the file written again from it is the same text (its hash, its id).
    const file: Record<string, unknown> = {};
    for (const k of this.meta.keys) file[k] = k === 'features' ? features : this.meta.meta[k];
    if (file.features !== features) throw new DatasetBinaryError('no features key');
    if (file.format !== 'skyplan-airspace-dataset') throw new DatasetBinaryError('not an airspace dataset');
    return file as unknown as DatasetFile;
  }
}
