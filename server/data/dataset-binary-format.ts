/**
 * The layout of the dataset's binary file (dataset-binary.ts reads it, dataset-binary-encode.ts writes
 * it): a 64-byte header (magic, codec version, section count, the JSON's size and modification time, a
 * CRC-32 of everything after the header, the total length), a table of sections (offset, length; each
 * 8-byte aligned), then the sections. All numbers little-endian.
 */
import { crc32 } from 'node:zlib';

export const MAGIC = Buffer.from('SKYDSB\0\x01', 'latin1');
export const CODEC_VERSION = 1;
export const HEADER = 64;
export const SECTIONS = 8;
export const BODY = HEADER + SECTIONS * 8;
export const [S_META, S_STR_OFFS, S_ASCII, S_WIDE, S_SHAPES, S_FLOATS, S_VERTS, S_WORDS] = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/** Word tags; the payload is the word's upper 28 bits. */
export const T_NULL = 0, T_FALSE = 1, T_TRUE = 2, T_UINT = 3, T_INT = 4, T_FLOAT = 5, T_STRING = 6, T_ARRAY = 7, T_OBJECT = 8, T_RING = 9, T_SHARED = 10;
export const MAX_PAYLOAD = 2 ** 28 - 1;
/** Set on a text's start offset when it is stored as UTF-16 (a text with a character above U+007F). */
export const WIDE_BIT = 0x80000000;

/** The JSON file a binary file stands for: its size and modification time. */
export interface JsonStamp {
  bytes: number;
  mtimeMs: number;
}

/** A binary dataset file that cannot be used: the caller reads the JSON instead. */
export class DatasetBinaryError extends Error {
  constructor(message: string) {
    super(`dataset binary file refused: ${message}`);
    this.name = 'DatasetBinaryError';
  }
}

/** Checks a binary file's header and checksum against the JSON it should stand for; returns its sections. */
export function sections(buf: Buffer, stamp: JsonStamp): Buffer[] {
  if (buf.length < BODY || !buf.subarray(0, 8).equals(MAGIC)) throw new DatasetBinaryError('not a dataset binary file');
  if (buf.readUInt32LE(8) !== CODEC_VERSION || buf.readUInt32LE(12) !== SECTIONS) throw new DatasetBinaryError('written by another codec version');
  if (buf.readUInt32LE(36) !== buf.length) throw new DatasetBinaryError(`truncated or extended (${buf.length} bytes, header says ${buf.readUInt32LE(36)})`);
  if (buf.readDoubleLE(16) !== stamp.bytes || buf.readDoubleLE(24) !== stamp.mtimeMs) throw new DatasetBinaryError('written for another version of the JSON file');
  if (crc32(buf.subarray(HEADER)) !== buf.readUInt32LE(32)) throw new DatasetBinaryError('checksum mismatch (damaged)');
  const out: Buffer[] = [];
  for (let i = 0; i < SECTIONS; i++) {
    const at = buf.readUInt32LE(HEADER + 8 * i), len = buf.readUInt32LE(HEADER + 8 * i + 4);
    if (at % 8 !== 0 || at + len > buf.length) throw new DatasetBinaryError(`section ${i} out of bounds`);
    out.push(buf.subarray(at, at + len));
  }
  return out;
}

/** A typed-array view of a section (copied only when the buffer itself is not 8-byte aligned). */
export function view<T extends Uint32Array | Float64Array>(b: Buffer, Type: { new (buf: ArrayBuffer, at: number, len: number): T; BYTES_PER_ELEMENT: number }): T {
  if (b.length % Type.BYTES_PER_ELEMENT !== 0) throw new DatasetBinaryError('section length not a whole number of elements');
  if (b.byteOffset % 8 !== 0) b = Buffer.from(b);
  return new Type(b.buffer as ArrayBuffer, b.byteOffset, b.length / Type.BYTES_PER_ELEMENT);
}
