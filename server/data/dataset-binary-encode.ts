/**
 * Writes the dataset's binary file (the format: dataset-binary-format.ts; why: dataset-binary.ts).
 */
import { crc32 } from 'node:zlib';
import type { AirspaceFeature, DatasetFile } from './model';
import {
  BODY, CODEC_VERSION, HEADER, MAGIC, MAX_PAYLOAD, SECTIONS, T_ARRAY, T_FALSE, T_FLOAT, T_INT, T_NULL, T_OBJECT, T_RING, T_SHARED,
  T_STRING, T_TRUE, T_UINT, WIDE_BIT, type JsonStamp,
} from './dataset-binary-format';

/** Texts kept in the binary's string table: ASCII ones as bytes, the others as UTF-16 (lone surrogates survive). */
const ASCII = /^[^\u0080-\uffff]*$/;

class Encoder {
  /** Where words go: the features' stream, or a shared object's while it is written. */
  out: number[] = [];
  readonly floats: number[] = [];
  readonly verts: number[] = [];
  private readonly strings = new Map<string, number>();
  private readonly shapes = new Map<string, number>();
  readonly shapeKeys: number[][] = [];
  private readonly vertIds = new Map<number, Map<number, number>>();
  private readonly sharedIds = new Map<string, number>();
  /** The shared objects' own words, decoded first. */
  readonly sharedWords: number[][] = [];

  private put(tag: number, payload: number): void {
    if (payload > MAX_PAYLOAD) throw new Error('dataset too large for the binary file');
    this.out.push(payload * 16 + tag);
  }

  str(s: string): number {
    let id = this.strings.get(s);
    if (id === undefined) this.strings.set(s, (id = this.strings.size));
    return id;
  }

  stringTable(): string[] {
    return [...this.strings.keys()];
  }

  private shape(keys: string[]): number {
    const key = keys.join('\0');
    let id = this.shapes.get(key);
    if (id === undefined) {
      this.shapes.set(key, (id = this.shapeKeys.length));
      this.shapeKeys.push(keys.map((k) => this.str(k)));
    }
    return id;
  }

  /** A value as JSON.stringify then JSON.parse would make it (-0 is 0, a non-finite number null, undefined skipped). */
  value(v: unknown): void {
    if (v === null) return this.put(T_NULL, 0);
    switch (typeof v) {
      case 'boolean': return this.put(v ? T_TRUE : T_FALSE, 0);
      case 'string': return this.put(T_STRING, this.str(v));
      case 'number': {
        if (!Number.isFinite(v)) return this.put(T_NULL, 0);
        if (v === 0) return this.put(T_UINT, 0); // -0 too, as JSON writes it
        if (Number.isInteger(v) && v > 0 && v <= MAX_PAYLOAD) return this.put(T_UINT, v);
        if (Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31) {
          this.put(T_INT, 0);
          this.out.push(v >>> 0);
          return;
        }
        this.put(T_FLOAT, this.floats.length);
        this.floats.push(v);
        return;
      }
      case 'object': break;
      default: throw new Error(`a ${typeof v} has no JSON form`);
    }
    if (Array.isArray(v)) {
      this.put(T_ARRAY, v.length);
      for (const x of v) this.value(x === undefined || typeof x === 'function' || typeof x === 'symbol' ? null : x);
      return;
    }
    this.object(v as Record<string, unknown>, (k, x) => this.value(x));
  }

  private object(o: Record<string, unknown>, each: (k: string, v: unknown) => void): void {
    if (typeof (o as { toJSON?: unknown }).toJSON === 'function') throw new Error('an object with toJSON has no binary form');
    const keys = Object.keys(o).filter((k) => o[k] !== undefined && typeof o[k] !== 'function' && typeof o[k] !== 'symbol');
    this.put(T_OBJECT, this.shape(keys));
    for (const k of keys) each(k, o[k]);
  }

  feature(f: AirspaceFeature): void {
    this.object(f as unknown as Record<string, unknown>, (k, v) => {
      if ((k === 'lower' || k === 'upper') && isLimit(v)) return this.shared(v);
      if (k === 'geometry' && v !== null && typeof v === 'object' && !Array.isArray(v)) return this.geometry(v as Record<string, unknown>);
      this.value(v);
    });
  }

  /** One object for equal altitude limits (compact.ts shares them too). */
  private shared(v: object): void {
    const key = JSON.stringify(v);
    let id = this.sharedIds.get(key);
    if (id === undefined) {
      const saved = this.out;
      this.out = [];
      this.value(v);
      this.sharedWords.push(this.out);
      this.out = saved;
      this.sharedIds.set(key, (id = this.sharedWords.length - 1));
    }
    this.put(T_SHARED, id);
  }

  private geometry(g: Record<string, unknown>): void {
    const depth = g.type === 'LineString' ? 1 : g.type === 'Polygon' ? 2 : g.type === 'MultiPolygon' ? 3 : 0;
    this.object(g, (k, v) => (k === 'coordinates' && depth > 0 ? this.coords(v, depth) : this.value(v)));
  }

  /** Rings as indices into the vertex table; anything not shaped as rings of [lon, lat] as plain values. */
  private coords(v: unknown, depth: number): void {
    if (!Array.isArray(v)) return this.value(v);
    if (depth > 1) {
      this.put(T_ARRAY, v.length);
      for (const x of v) this.coords(x, depth - 1);
      return;
    }
    if (!v.every(isVertex)) return this.value(v);
    this.put(T_RING, v.length);
    for (const p of v as number[][]) this.out.push(this.vertex(p[0]! + 0, p[1]! + 0));
  }

  private vertex(x: number, y: number): number {
    let byY = this.vertIds.get(x);
    if (!byY) this.vertIds.set(x, (byY = new Map()));
    let id = byY.get(y);
    if (id === undefined) {
      byY.set(y, (id = this.verts.length / 2));
      this.verts.push(x, y);
    }
    return id;
  }
}

const isLimit = (v: unknown): v is object =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x));

const isVertex = (p: unknown): boolean =>
  Array.isArray(p) && p.length === 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]) && typeof p[0] === 'number' && typeof p[1] === 'number';

const pad8 = (n: number) => (n + 7) & ~7;

/** The binary form of a dataset file, stamped with the JSON file it stands for. */
export function encodeDatasetBinary(file: DatasetFile, stamp: JsonStamp): Buffer {
  const enc = new Encoder();
  const { features, ...meta } = file;
  const keys = Object.keys(file);
  for (const f of features) enc.feature(f);
  const strings = enc.stringTable();
  const offs = new Uint32Array(2 * strings.length);
  const ascii: Buffer[] = [];
  const wide: Buffer[] = [];
  let asciiLen = 0, wideLen = 0;
  strings.forEach((s, i) => {
    if (ASCII.test(s)) {
      offs[2 * i] = asciiLen;
      ascii.push(Buffer.from(s, 'latin1'));
      asciiLen += s.length;
      offs[2 * i + 1] = asciiLen;
    } else {
      offs[2 * i] = (wideLen | WIDE_BIT) >>> 0;
      wide.push(Buffer.from(s, 'utf16le'));
      wideLen += 2 * s.length;
      offs[2 * i + 1] = wideLen;
    }
  });
  // The shared objects' words first, then the features': one stream, decoded in that order.
  const words = Uint32Array.from([enc.sharedWords.length].concat(...enc.sharedWords));
  const all = new Uint32Array(words.length + enc.out.length);
  all.set(words);
  all.set(enc.out, words.length);
  const shapes = Uint32Array.from(enc.shapeKeys.flatMap((keys) => [keys.length, ...keys]));
  const sections: Buffer[] = [
    Buffer.from(JSON.stringify({ meta, keys, featureCount: features.length, shapeCount: enc.shapeKeys.length }), 'utf8'),
    Buffer.from(offs.buffer),
    Buffer.concat(ascii),
    Buffer.concat(wide),
    Buffer.from(shapes.buffer),
    Buffer.from(Float64Array.from(enc.floats).buffer),
    Buffer.from(Float64Array.from(enc.verts).buffer),
    Buffer.from(all.buffer),
  ];
  let at = BODY;
  const table = Buffer.alloc(SECTIONS * 8);
  const placed = sections.map((s, i) => {
    at = pad8(at);
    table.writeUInt32LE(at, 8 * i);
    table.writeUInt32LE(s.length, 8 * i + 4);
    const start = at;
    at += s.length;
    return start;
  });
  const out = Buffer.alloc(pad8(at));
  MAGIC.copy(out, 0);
  out.writeUInt32LE(CODEC_VERSION, 8);
  out.writeUInt32LE(SECTIONS, 12);
  out.writeDoubleLE(stamp.bytes, 16);
  out.writeDoubleLE(stamp.mtimeMs, 24);
  out.writeUInt32LE(out.length, 36);
  table.copy(out, HEADER);
  sections.forEach((s, i) => s.copy(out, placed[i]!));
  out.writeUInt32LE(crc32(out.subarray(HEADER)), 32);
  return out;
}

