// Writes brotli (.br) and gzip (.gz) copies beside every compressible file of the built portal, so the
// service sends them with Content-Encoding instead of compressing on every request (server/http/static.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|wasm|webmanifest)$/;
/** Below this a compressed copy saves less than the extra request headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Compresses every eligible file under `dir`; returns [{file, bytes, br, gz}]. */
export function precompress(dir) {
  const out = [];
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
    const gz = gzipSync(raw, { level: 9 });
    // A copy that is not smaller would only cost a read.
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    out.push({ file, bytes: raw.length, br: br.length, gz: gz.length });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist/portal';
  const done = precompress(dir);
  const sum = (k) => done.reduce((a, f) => a + f[k], 0);
  console.log(`precompressed ${done.length} files in ${dir}: ${(sum('bytes') / 1024).toFixed(0)} KB → ${(sum('br') / 1024).toFixed(0)} KB brotli, ${(sum('gz') / 1024).toFixed(0)} KB gzip`);
}
