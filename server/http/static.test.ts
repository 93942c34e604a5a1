import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module without types (the build step)
import { precompress } from '../../scripts/precompress.mjs';
import { servePortal } from './static';

const script = `export const big = ${JSON.stringify('flight '.repeat(2000))};\n`;
let dir: string;
let app: Hono;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Skyplan</title>');
  writeFileSync(path.join(dir, 'assets', 'plan-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
  precompress(dir);
  app = new Hono();
  app.get('/v1/status', (c) => c.json({ ok: true }));
  servePortal(app, dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built portal', () => {
  it('sends the brotli copy of a script to a client that accepts it, immutable', async () => {
    const r = await app.request('/assets/plan-abc123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Encoding')).toBe('br');
    expect(r.headers.get('Content-Type')).toMatch(/javascript/);
    expect(r.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(r.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await r.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip to a gzip-only client and the plain file to one that accepts neither', async () => {
    const gz = await app.request('/assets/plan-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request('/assets/plan-abc123.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('leaves files too small to gain uncompressed', async () => {
    const r = await app.request('/assets/tiny-abc123.js', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Encoding')).toBeNull();
  });

  it('answers client-side routes with index.html that is never cached stale, and API paths with 404', async () => {
    const page = await app.request('/operations/123');
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Skyplan</title>');
    expect((await app.request('/v1/nope')).status).toBe(404);
    expect((await app.request('/assets/missing.js')).headers.get('Cache-Control')).toBe('no-cache');
  });
});
