/**
 * What compressing JSON answers costs (server/http/compression.ts): per answer, the time to compress it
 * (br and gzip at the levels the service uses) against the baseline of copying its bytes once, its size
 * before and after, and a repeat served from the kept compressed form.
 */
import { buildOpenApi } from '../server/http/openapi';
import { compress, compressedBody } from '../server/http/compression';
import { allRoutes } from '../server/routes';
import { ms, percentile } from './stats';

function timeEach(n: number, fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return percentile(times.sort((a, b) => a - b), 50);
}

export function benchCompression(briefingJson?: string): string[] {
  const answers: Array<[string, Buffer]> = [['/openapi.json', Buffer.from(JSON.stringify(buildOpenApi(allRoutes('sandbox'), { serverUrl: 'http://localhost:8080', version: 'bench' })))]];
  if (briefingJson) answers.push(['a briefing', Buffer.from(briefingJson)]);
  const lines = ['Compression of JSON answers (median per answer; baseline: copying its bytes)'];
  for (const [name, bytes] of answers) {
    const copy = timeEach(30, () => Buffer.from(bytes));
    const br = timeEach(15, () => compress(bytes, 'br'));
    const gz = timeEach(15, () => compress(bytes, 'gzip'));
    const brSize = compress(bytes, 'br').byteLength;
    const gzSize = compress(bytes, 'gzip').byteLength;
    compressedBody(bytes, 'br');
    const repeat = timeEach(30, () => compressedBody(bytes, 'br'));
    lines.push(
      `  ${name}: ${(bytes.byteLength / 1024).toFixed(0)} KB; br ${ms(br)} ms (${(br / copy).toFixed(0)}x the copy) → ${(brSize / 1024).toFixed(1)} KB; ` +
        `gzip ${ms(gz)} ms (${(gz / copy).toFixed(0)}x) → ${(gzSize / 1024).toFixed(1)} KB; a repeat from the kept form ${ms(repeat)} ms (${(repeat / copy).toFixed(2)}x)`,
    );
  }
  return lines;
}
