/**
 * JSON answers over 1 KB go out br or gzip when Accept-Encoding asks (issue 30), with Vary; the
 * OpenAPI document's compressed bytes are made once; the streamed operation list is compressed as it
 * streams; small answers and clients that accept neither get the plain text.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCoding, compressionCounts, MIN_COMPRESSED_BYTES } from '../server/http/compression';
import { startTestService, type TestService } from './helpers/service';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService();
  token = await svc.personToken('pilot@cascade.example', 'demo-pilot');
});
afterAll(() => svc.close());

const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

describe('Accept-Encoding', () => {
  it('prefers br, then gzip; honours q=0 and *', () => {
    expect(chooseCoding('gzip, deflate, br')).toBe('br');
    expect(chooseCoding('gzip')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('*;q=0')).toBeNull();
    expect(chooseCoding('identity')).toBeNull();
    expect(chooseCoding('')).toBeNull();
    expect(chooseCoding(undefined)).toBeNull();
  });
});

describe('compressed JSON answers', () => {
  it('sends /openapi.json as br or gzip with Vary, the same document, compressed once', async () => {
    const plain = await svc.call('GET', '/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await bytes(plain);
    expect(text.byteLength).toBeGreaterThan(100_000);
    for (const [coding, inflate] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const r = await svc.call('GET', '/openapi.json', { headers: { 'accept-encoding': `${coding}` } });
      expect(r.headers.get('content-encoding')).toBe(coding);
      expect(r.headers.get('vary')).toMatch(/Accept-Encoding/);
      const packed = await bytes(r);
      expect(packed.byteLength).toBeLessThan(text.byteLength / 5);
      expect(inflate(packed).equals(text)).toBe(true);
      const reused = compressionCounts.reused;
      await (await svc.call('GET', '/openapi.json', { headers: { 'accept-encoding': `${coding}` } })).arrayBuffer();
      expect(compressionCounts.reused).toBe(reused + 1);
    }
  });

  it('compresses the streamed operation list as it streams, and a page of it', async () => {
    const square = { type: 'Polygon', coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] };
    const start = new Date(svc.deps.now().getTime() + 86_400_000);
    for (let i = 0; i < 4; i++) {
      const r = await svc.call('POST', '/v1/operations', {
        token,
        body: { name: `survey ${i}`, boundary: square, minAltitude: 0, maxAltitude: 100, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), timezone: 'America/Los_Angeles' },
      });
      expect(r.status).toBe(201);
    }
    for (const path of ['/v1/operations', '/v1/operations?limit=10']) {
      const r = await svc.call('GET', path, { token, headers: { 'accept-encoding': 'gzip' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-encoding'), path).toBe('gzip');
      expect(r.headers.get('vary'), path).toMatch(/Accept-Encoding/);
      const list = JSON.parse(gunzipSync(await bytes(r)).toString()) as { operations: unknown[]; authorizationStatuses: object };
      expect(list.operations.length).toBe(4);
      expect(list.authorizationStatuses).toEqual({});
    }
  });

  it('leaves answers of at most 1 KB, and clients that accept neither coding, uncompressed', async () => {
    const small = await svc.call('GET', '/v1/auth/me', { token, headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.status).toBe(200);
    expect((await bytes(small)).byteLength).toBeLessThanOrEqual(MIN_COMPRESSED_BYTES);
    expect(small.headers.get('content-encoding')).toBeNull();
    const identity = await svc.call('GET', '/openapi.json', { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    JSON.parse((await bytes(identity)).toString());
  });
});
