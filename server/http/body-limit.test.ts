import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBodyLimit } from './body-limit';

const MAX = 1000;
let server: ServerType;
let port: number;
let handled = 0;

beforeAll(async () => {
  const app = new Hono();
  app.use('*', requestBodyLimit(MAX, (c) => c.text('too large', 413)));
  app.all('/echo', async (c) => {
    handled++;
    const text = c.req.method === 'GET' ? 'got' : `read ${(await c.req.text()).length}`;
    return c.text(c.req.query('light') === undefined ? text : String(webRequestBuilt(c.req.raw)));
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/**
 * Whether the node adapter turned its light request into a full web Request (a body stream, an
 * AbortSignal): the cost this limit avoids (adapter internals: its own symbol, set when built).
 */
function webRequestBuilt(raw: Request): boolean {
  return Object.getOwnPropertySymbols(raw).some((s) => s.description === 'requestCache' && (raw as unknown as Record<symbol, unknown>)[s] !== undefined);
}

/** A raw request: the body in the given chunks, with Content-Length or chunked as asked. */
function send(method: string, chunks: string[], framing: 'length' | 'chunked', path = '/echo'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const total = chunks.reduce((n, s) => n + Buffer.byteLength(s), 0);
    const headers: Record<string, string> = framing === 'length' ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' };
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    // The server may answer 413 and close before the whole body is written.
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e)));
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('the request body limit', () => {
  it('lets a body within the limit through, read whole, with a Content-Length or chunked', async () => {
    expect(await send('POST', ['x'.repeat(MAX)], 'length')).toEqual({ status: 200, text: `read ${MAX}` });
    expect(await send('POST', ['x'.repeat(600), 'y'.repeat(400)], 'chunked')).toEqual({ status: 200, text: `read ${MAX}` });
  });

  it('refuses a Content-Length over the limit before the handler runs', async () => {
    const before = handled;
    expect((await send('POST', ['x'.repeat(MAX + 1)], 'length')).status).toBe(413);
    expect((await send('PUT', ['x'.repeat(MAX * 5)], 'length')).status).toBe(413);
    expect(handled).toBe(before);
  });

  it('refuses a chunked body that grows past the limit (counted as it streams)', async () => {
    const before = handled;
    expect((await send('POST', ['x'.repeat(600), 'y'.repeat(600)], 'chunked')).status).toBe(413);
    expect(handled).toBe(before);
  });

  it('passes GET without looking for a body', async () => {
    const r = await fetch(`http://127.0.0.1:${port}/echo`);
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('got');
  });

  it('settles GET and a body with a length from the headers: the adapter builds no web Request', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/echo?light`)).text()).toBe('false');
    expect(await send('POST', ['{"a":1}'], 'length', '/echo?light')).toEqual({ status: 200, text: 'false' });
  });
});
