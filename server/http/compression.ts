/**
 * Compression of JSON answers (issue 30; docs/api-reference.md, "Compressed answers"): an answer over
 * MIN_COMPRESSED_BYTES goes out as br or gzip when the request's Accept-Encoding allows it, with
 * `Vary: Accept-Encoding`. node:zlib, synchronous: a briefing compresses in about a millisecond.
 * The compressed bytes of an answer that is itself cached (bytes the briefing answer cache or the
 * OpenAPI document keeps) are kept beside it, keyed by the very bytes object, so a repeat is not
 * compressed again and they go when the cached answer goes.
 */
import { Readable } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

export type Coding = 'br' | 'gzip';

/** Smaller answers go as they are: the framing would eat what compression saves. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Brotli quality 4 and gzip level 6: most of the gain for a fraction of the top levels' time. On the
 * 343 KB OpenAPI document (npm run bench -- compression): br q4 7.8 ms → 35.8 KB, q5 20.7 ms → 32.8 KB.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/**
 * The coding to send for an Accept-Encoding header: br when allowed, else gzip, else none. A coding with
 * q=0 is refused; `*` allows both (RFC 9110 12.5.3).
 */
export function chooseCoding(header: string | null | undefined): Coding | null {
  if (!header) return null;
  let br: number | null = null;
  let gzip: number | null = null;
  let any: number | null = null;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const weight = Number.isFinite(q) ? q : 0;
    if (name === 'br') br = weight;
    else if (name === 'gzip' || name === 'x-gzip') gzip = weight;
    else if (name === '*') any = weight;
  }
  const brQ = br ?? any ?? 0;
  const gzQ = gzip ?? any ?? 0;
  if (brQ <= 0 && gzQ <= 0) return null;
  return brQ >= gzQ ? 'br' : 'gzip';
}

export function compress(bytes: Uint8Array | string, coding: Coding): Buffer {
  const input = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return coding === 'br'
    ? brotliCompressSync(input, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength } })
    : gzipSync(input, { level: GZIP_LEVEL });
}

/** Compressed forms of cached answers, by the answer's bytes object (weakly: they go with it). */
const kept = new WeakMap<object, Partial<Record<Coding, Buffer>>>();

/** Counts of compressions done and taken from `kept` (tests). */
export const compressionCounts = { made: 0, reused: 0 };

/**
 * The body to send for `coding`: compressed, or null when it is too small to gain. Bytes (Uint8Array)
 * are taken to be a cached answer's and their compressed form is kept beside them.
 */
export function compressedBody(body: string | Uint8Array, coding: Coding): Buffer | null {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (size <= MIN_COMPRESSED_BYTES) return null;
  if (typeof body === 'string') {
    compressionCounts.made++;
    return compress(body, coding);
  }
  let forms = kept.get(body);
  const hit = forms?.[coding];
  if (hit) {
    compressionCounts.reused++;
    return hit;
  }
  compressionCounts.made++;
  const out = compress(body, coding);
  if (!forms) kept.set(body, (forms = {}));
  forms[coding] = out;
  return out;
}

/** Adds Accept-Encoding to a Vary header value (or makes one). */
export function varyOn(existing: string | null | undefined): string {
  if (!existing) return 'Accept-Encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(existing) ? existing : `${existing}, Accept-Encoding`;
}

/** A streamed body compressed as it streams (the whole operation list: its size is not known up front). */
export function compressedStream(body: ReadableStream<Uint8Array>, coding: Coding): ReadableStream<Uint8Array> {
  const z = coding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : createGzip({ level: GZIP_LEVEL });
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  source.on('error', (e) => z.destroy(e));
  return Readable.toWeb(source.pipe(z)) as unknown as ReadableStream<Uint8Array>;
}
