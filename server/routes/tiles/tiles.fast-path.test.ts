/**
 * Cached tiles before the app, over real sockets: one server as the service runs (the early answer,
 * then the app) and one with the app alone. A cached tile is answered without the app (its fetch is
 * never called) with the app's own answer byte for byte: status, every header as sent and in its order
 * (Date aside), and the body; so is a conditional request's 304. Whatever the fast path does not serve
 * falls through to the app.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixtureFile } from '../../domain/briefing/fixtures';
import { EarlyServers } from '../../../test/helpers/early-servers';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { allRoutes } from '..';
import { cachedTileAnswer, headsMade } from './tiles.fast-path';

const TILE = '/tiles/airspace/12/656/1430.pbf';

let svc: TestService;
let https: TestService;
const servers = new EarlyServers();

/** The app alone, and the early answer before the same app (as server/index.ts wires it). */
const pair = (t: TestService) => servers.pair(t, cachedTileAnswer(t.deps, allRoutes(t.deps.config.profile)));

let ports: { plain: number; fast: number };
let httpsPorts: { plain: number; fast: number };

beforeAll(async () => {
  svc = await startTestService({ dataset: fixtureFile() });
  https = await startTestService({ dataset: fixtureFile(), config: { publicUrl: 'https://skyplan.example' } });
  ports = await pair(svc);
  httpsPorts = await pair(https);
});

afterAll(async () => {
  await servers.close();
  await svc.close();
  await https.close();
});

beforeEach(() => {
  servers.appCalls = 0;
});

interface Raw {
  status: number;
  /** Every header line as sent (name case and order kept), Date left out: it is the second it was sent. */
  head: string[];
  body: Buffer;
}

function get(port: number, path: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path, headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const head: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i]!.toLowerCase() !== 'date') head.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({ status: res.statusCode!, head, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The fast server's answer equals the app's; returns the number of times the fast server called the app. */
async function sameAnswer(p: { plain: number; fast: number }, path: string, opts: Parameters<typeof get>[2] = {}): Promise<{ calls: number; answer: Raw }> {
  const app = await get(p.plain, path, opts);
  servers.appCalls = 0;
  const answer = await get(p.fast, path, opts);
  const calls = servers.appCalls;
  expect(answer.status).toBe(app.status);
  expect(answer.head).toEqual(app.head);
  expect(answer.body.equals(app.body)).toBe(true);
  return { calls, answer };
}

describe('cached tiles before the app', () => {
  it('a cached tile is answered without the app, byte for byte as the app answers it', async () => {
    await get(ports.plain, TILE);
    const { calls, answer } = await sameAnswer(ports, TILE);
    expect(calls).toBe(0);
    expect(answer.status).toBe(200);
    expect(answer.body.byteLength).toBeGreaterThan(0);
    for (const h of ['etag', 'cache-control', 'content-type', 'content-length', 'access-control-allow-origin', 'content-security-policy', 'x-frame-options']) {
      expect(answer.head.some((l) => l.startsWith(`${h}:`)), h).toBe(true);
    }
  });

  it('gzip once made, HEAD, and HSTS behind https: the same answers, no app', async () => {
    const gz = { 'accept-encoding': 'gzip, deflate' };
    await get(ports.plain, TILE, { headers: gz });
    const zipped = await sameAnswer(ports, TILE, { headers: gz });
    expect(zipped.calls).toBe(0);
    expect(zipped.answer.head).toContain('content-encoding: gzip');
    const head = await sameAnswer(ports, TILE, { method: 'HEAD' });
    expect(head.calls).toBe(0);
    expect(head.answer.body.byteLength).toBe(0);
    await get(httpsPorts.plain, TILE);
    const secure = await sameAnswer(httpsPorts, TILE);
    expect(secure.calls).toBe(0);
    expect(secure.answer.head.some((l) => l.startsWith('strict-transport-security:'))).toBe(true);
  });

  it('the head is made once per cached tile and coding, not per request; each Accept-Encoding gets its own answer', async () => {
    const gz = { 'accept-encoding': 'gzip' };
    await get(ports.plain, TILE, { headers: gz });
    await get(ports.fast, TILE);
    await get(ports.fast, TILE, { headers: gz });
    const before = headsMade.count;
    servers.appCalls = 0;
    for (let i = 0; i < 20; i++) {
      expect((await get(ports.fast, TILE)).head).not.toContain('content-encoding: gzip');
      expect((await get(ports.fast, TILE, { headers: gz })).head).toContain('content-encoding: gzip');
    }
    expect(headsMade.count).toBe(before);
    expect(servers.appCalls).toBe(0);
    // The last Accept-Encoding is remembered: a refusal of gzip after an acceptance, and back.
    for (const ae of ['gzip;q=0', 'br, gzip', 'identity', '*;q=0.5', 'deflate']) {
      const { calls, answer } = await sameAnswer(ports, TILE, { headers: { 'accept-encoding': ae } });
      expect(calls, ae).toBe(0);
      expect(answer.head.includes('content-encoding: gzip'), ae).toBe(ae === 'br, gzip' || ae === '*;q=0.5');
    }
  });

  it('a cached empty tile: the 204 of the app, no app', async () => {
    const empty = '/tiles/airspace/12/0/2000.pbf';
    expect((await get(ports.plain, empty)).status).toBe(204);
    const { calls } = await sameAnswer(ports, empty);
    expect(calls).toBe(0);
  });

  it('a cached basemap tile, no app', async () => {
    const tile = '/tiles/basemap/5/5/11.pbf';
    expect((await get(ports.plain, tile)).status).toBe(200);
    const { calls } = await sameAnswer(ports, tile);
    expect(calls).toBe(0);
  });

  it('a conditional request for a cached tile: the 304 (or 200) of the app, no app, its head made once', async () => {
    await get(ports.plain, TILE);
    const etag = (await get(ports.plain, TILE)).head.find((l) => l.startsWith('etag:'))!.slice(6);
    const cases: Array<[Parameters<typeof get>[2], number]> = [
      [{ headers: { 'if-none-match': etag } }, 304],
      [{ headers: { 'if-none-match': `"other", W/${etag}` } }, 304],
      [{ headers: { 'if-none-match': '*' } }, 304],
      [{ headers: { 'if-none-match': etag, 'accept-encoding': 'gzip' } }, 304],
      [{ method: 'HEAD', headers: { 'if-none-match': etag } }, 304],
      [{ headers: { 'if-none-match': '"other"' } }, 200],
      [{ headers: { 'if-none-match': '' } }, 200],
    ];
    for (const [opts, status] of cases) {
      const { calls, answer } = await sameAnswer(ports, TILE, opts);
      expect(answer.status, JSON.stringify(opts)).toBe(status);
      expect(calls, JSON.stringify(opts)).toBe(0);
      if (status === 304) expect(answer.body.byteLength).toBe(0);
    }
    const before = headsMade.count;
    for (let i = 0; i < 10; i++) expect((await get(ports.fast, TILE, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(headsMade.count).toBe(before);
    // An empty tile's ETag: its 304, as the app's.
    const empty = '/tiles/airspace/12/0/2000.pbf';
    const emptyTag = (await get(ports.plain, empty)).head.find((l) => l.startsWith('etag:'))!.slice(6);
    const { calls, answer } = await sameAnswer(ports, empty, { headers: { 'if-none-match': emptyTag } });
    expect(answer.status).toBe(304);
    expect(calls).toBe(0);
  });

  it('everything else goes to the app, and gets its answer', async () => {
    await get(ports.plain, TILE);
    const etag = (await get(ports.plain, TILE)).head.find((l) => l.startsWith('etag:'))!.slice(6);
    const cases: Array<[string, Parameters<typeof get>[2], number]> = [
      [`${TILE}?v=1`, { headers: { 'if-none-match': etag } }, 304],
      [`${TILE}?v=1`, {}, 200],
      ['/tiles/airspace/12/0656/1430.pbf', {}, 400],
      ['/tiles/airspace/2/4/0.pbf', {}, 400],
      ['/tiles/airspace/12/656/1430', {}, 404],
      ['/tiles/nowhere/1/0/0.pbf', {}, 404],
      ['/tiles/streets/1/0/0.pbf', {}, 404],
    ];
    for (const [path, opts, status] of cases) {
      const { calls, answer } = await sameAnswer(ports, path, opts);
      expect(answer.status, path).toBe(status);
      expect(calls, path).toBe(1);
    }
    // A tile not in the cache: the app renders it (and the next request is a hit).
    const miss = '/tiles/airspace/12/657/1430.pbf';
    servers.appCalls = 0;
    const rendered = await get(ports.fast, miss);
    expect(servers.appCalls).toBe(1);
    expect(rendered).toEqual(await get(ports.plain, miss));
    expect((await sameAnswer(ports, miss)).calls).toBe(0);
    // gzip asked for on a tile whose gzip form is not made: the app makes it.
    // (a neighbour of TILE with something drawn on it, cached without its gzip form)
    const fresh = ['655/1430', '656/1429', '655/1429', '656/1431', '657/1431'].map((a) => `/tiles/airspace/12/${a}.pbf`);
    const drawn: string[] = [];
    for (const path of fresh) if ((await get(ports.plain, path)).status === 200) drawn.push(path);
    expect(drawn.length).toBeGreaterThan(0);
    servers.appCalls = 0;
    const zipped = await get(ports.fast, drawn[0]!, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.head).toContain('content-encoding: gzip');
    expect(servers.appCalls).toBe(1);
    // Methods the route does not have: the app's 405 (with Allow).
    servers.appCalls = 0;
    expect((await get(ports.fast, TILE, { method: 'DELETE' })).status).toBe(405);
    expect(servers.appCalls).toBe(1);
  });
});
