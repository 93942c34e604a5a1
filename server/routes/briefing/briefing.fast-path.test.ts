/**
 * Briefings given again before the app (briefing.fast-path.ts), over real sockets: one server as the
 * service runs (the early answers, then the app) and one with the app alone, on the same service. The
 * same bytes asked again while the answer holds are answered without the app, with the app's own answer
 * (status, headers as sent and in their order, body), the caller authenticated, authorized and counted
 * as the app does. Everything else reaches the app, with its body.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressionCounts } from '../../http/compression';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureFile, NOW } from '../../domain/briefing/fixtures';
import { datasetFile } from '../../domain/briefing/fixtures/build';
import { demSourceFor } from '../../data/dem-source';
import { mainThread } from '../../http/main-thread';
import { firstOf } from '../../listener';
import { EarlyServers } from '../../../test/helpers/early-servers';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { allRoutes } from '..';
import { cachedTileAnswer } from '../tiles/tiles.fast-path';
import { answeredEarly, keptBriefingAnswer, MAX_BODY } from './briefing.fast-path';

const LOCATION = '/v2/briefing/preflight/location';
const AREA = '/v2/briefing/preflight/area';
/** Lumen Field: the Sounders' match 20:00-22:00 UTC restricts from 19:00 (FDC NOTAM 4/3621). */
const lumen = { latitude: 47.5952, longitude: -122.3316, includeGeometry: false };
const lumenBox = { type: 'Polygon', coordinates: [[[-122.336, 47.59], [-122.326, 47.59], [-122.326, 47.6], [-122.336, 47.6], [-122.336, 47.59]]] };

const servers = new EarlyServers();

/** The app alone, and the early answers before the same app (as server/index.ts wires them). */
function pair(t: TestService): Promise<{ plain: number; fast: number }> {
  const routes = allRoutes(t.deps.config.profile);
  return servers.pair(t, firstOf(cachedTileAnswer(t.deps, routes), keptBriefingAnswer(t.deps, routes)));
}

interface Raw {
  status: number;
  /** Every header line as sent (name case and order kept). */
  head: string[];
  body: Buffer;
}

function post(port: number, path: string, body: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const head: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) head.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({ status: res.statusCode!, head, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The head without what differs from one request to the next: the date and the rate limit left. */
const steady = (r: Raw) => r.head.filter((h) => !/^(Date|RateLimit-Remaining|RateLimit-Reset):/i.test(h));
const header = (r: Raw, name: string) => r.head.find((h) => h.toLowerCase().startsWith(`${name.toLowerCase()}: `))?.split(': ')[1];

let svc: TestService;
let ports: { plain: number; fast: number };
let token: string;
const json = (t = token) => ({ authorization: `Bearer ${t}`, 'content-type': 'application/json' });

/** Posts to the fast server; says whether it was answered early (without the app) and how often the engine ran. */
async function fast(path: string, body: unknown, headers: Record<string, string> = json()): Promise<Raw & { early: boolean; engine: number }> {
  const before = answeredEarly.count;
  servers.appCalls = 0;
  const spy = vi.spyOn(mainThread, 'run');
  try {
    const r = await post(ports.fast, path, typeof body === 'string' ? body : JSON.stringify(body), headers);
    const early = answeredEarly.count > before;
    expect(early).toBe(servers.appCalls === 0);
    return { ...r, early, engine: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  svc = await startTestService({ dataset: fixtureFile() });
  ports = await pair(svc);
  token = await svc.clientToken('briefing:area:read briefing:location:read');
});

afterAll(async () => {
  await servers.close();
  await svc.close();
});

beforeEach(() => {
  svc.setNow(NOW);
});

describe('briefings given again before the app', () => {
  it('the same bytes again are answered without the app or the engine, as the app answers them', async () => {
    for (const [path, body] of [
      [LOCATION, { ...lumen, maxAltitude: 150 }],
      ['/v1/briefing/preflight/location', { latitude: lumen.latitude, longitude: lumen.longitude }],
      [AREA, { boundary: lumenBox }],
      ['/v1/briefing/preflight/area', { boundary: lumenBox, maxAltitude: 300 }],
    ] as const) {
      const first = await fast(path, body);
      expect(first.early).toBe(false);
      expect(first.status).toBe(200);
      const again = await fast(path, body);
      expect(again.early).toBe(true);
      expect(again.engine).toBe(0);
      const app = await post(ports.plain, path, JSON.stringify(body), json());
      expect(again.status).toBe(app.status);
      expect(steady(again)).toEqual(steady(app));
      expect(again.body.equals(app.body)).toBe(true);
      // Counted as the app counts: one each.
      expect(Number(header(app, 'RateLimit-Remaining'))).toBe(Number(header(again, 'RateLimit-Remaining')) - 1);
    }
  });

  it('compressed as the app compresses (br or gzip as asked, Vary), from bytes compressed once', async () => {
    const body = { boundary: lumenBox, maxAltitude: 200 };
    const plain = await fast(AREA, body);
    expect(plain.body.byteLength).toBeGreaterThan(1024);
    expect(header(plain, 'Content-Encoding')).toBeUndefined();
    for (const [coding, inflate] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const asked = { ...json(), 'accept-encoding': `${coding}` };
      const again = await fast(AREA, body, asked);
      expect(again.early).toBe(true);
      expect(header(again, 'Content-Encoding')).toBe(coding);
      expect(header(again, 'Vary')).toBe('Accept-Encoding');
      expect(inflate(again.body).equals(plain.body)).toBe(true);
      const app = await post(ports.plain, AREA, JSON.stringify(body), asked);
      expect(steady(again).filter((h) => !/^Content-Length:/i.test(h))).toEqual(steady(app).filter((h) => !/^(Content-Length|Transfer-Encoding):/i.test(h)));
      expect(inflate(app.body).equals(plain.body)).toBe(true);
      const reused = compressionCounts.reused;
      const third = await fast(AREA, body, asked);
      expect(third.early).toBe(true);
      expect(compressionCounts.reused).toBe(reused + 1);
    }
  });

  it('other bytes are other requests: the app answers them (and what it is sent arrives whole)', async () => {
    await fast(LOCATION, lumen);
    expect((await fast(LOCATION, lumen)).early).toBe(true);
    // The same request written otherwise, or with another Content-Type, or a query string: the app.
    expect((await fast(LOCATION, JSON.stringify(lumen, null, 1))).early).toBe(false);
    expect((await fast(LOCATION, lumen, { ...json(), 'content-type': 'application/json; charset=utf-8' })).early).toBe(false);
    servers.appCalls = 0;
    const query = await post(ports.fast, `${LOCATION}?x=1`, JSON.stringify(lumen), json());
    expect(servers.appCalls).toBe(1);
    expect(query.status).toBe(200);
    // The body read here reaches the app: a bad one is refused naming the field, a broken one as such.
    const bad = await fast(LOCATION, { ...lumen, latitude: 91 });
    expect(bad.early).toBe(false);
    expect(bad.status).toBe(422);
    expect(bad.body.toString()).toContain('body.latitude');
    expect((await fast(LOCATION, { ...lumen, latitude: 91 })).status).toBe(422);
    const broken = await fast(LOCATION, '{"latitude": 47.5');
    expect(broken.status).toBe(400);
    expect(broken.body.toString()).toContain('not valid JSON');
    // Larger than the early answer reads (the schema lets an unknown field by): the app, unread, every time.
    const big = { ...lumen, pad: 'x'.repeat(MAX_BODY) };
    expect((await fast(LOCATION, big)).status).toBe(200);
    expect((await fast(LOCATION, big)).early).toBe(false);
  });

  it('the caller is checked as the app checks it: a bad token, a missing scope, an ended session', async () => {
    await fast(LOCATION, lumen);
    expect((await fast(LOCATION, lumen)).early).toBe(true);
    const bad = await fast(LOCATION, lumen, json('not-a-token'));
    expect([bad.early, bad.status]).toEqual([false, 401]);
    const noAuth = await fast(LOCATION, lumen, { 'content-type': 'application/json' });
    expect([noAuth.early, noAuth.status]).toEqual([false, 401]);
    const areaOnly = await svc.clientToken('briefing:area:read');
    const scope = await fast(LOCATION, lumen, json(areaOnly));
    expect([scope.early, scope.status]).toEqual([false, 403]);
    expect(header(scope, 'RateLimit-Remaining')).toBeDefined();

    const person = await svc.personToken('pilot@cascade.example', 'demo-pilot');
    expect((await fast(LOCATION, lumen, json(person))).early).toBe(true);
    await svc.deps.db.query('DELETE FROM sessions');
    const ended = await fast(LOCATION, lumen, json(person));
    expect([ended.early, ended.status]).toEqual([false, 401]);
    expect(ended.body.toString()).toContain('session');
  });

  it('a caller over its limit gets the app’s 429; under it each request counts once', async () => {
    const limited = await startTestService({ dataset: fixtureFile(), now: NOW, config: { rateLimits: { apiPerMinute: 4 } } });
    try {
      const p = await pair(limited);
      const t = await limited.clientToken('briefing:location:read');
      const seen: Array<[number, string | undefined]> = [];
      for (let i = 0; i < 5; i++) {
        const r = await post(p.fast, LOCATION, JSON.stringify(lumen), json(t));
        seen.push([r.status, header(r, 'RateLimit-Remaining')]);
      }
      expect(seen).toEqual([[200, '3'], [200, '2'], [200, '1'], [200, '0'], [429, '0']]);
    } finally {
      await limited.close();
    }
  });

  it('only while the answer holds: the clock moving into the match, a new dataset, another DEM set', async () => {
    svc.setNow(new Date('2025-07-04T17:10:00Z'));
    const area = { boundary: lumenBox };
    expect(JSON.parse((await fast(AREA, area)).body.toString()).status).toBe('NOTICE_STATUS_CAUTION');
    svc.setNow(new Date('2025-07-04T17:50:00Z'));
    expect((await fast(AREA, area)).early).toBe(true);
    // 18:01: the hour from now reaches 19:01, inside the match's restriction.
    svc.setNow(new Date('2025-07-04T18:01:00Z'));
    const later = await fast(AREA, area);
    expect([later.early, later.engine]).toEqual([false, 1]);
    expect(JSON.parse(later.body.toString()).status).toBe('NOTICE_STATUS_WARNING');
    expect((await fast(AREA, area)).early).toBe(true);

    // A window the request names is given again for its own start, not for the clock's: 19:30 is inside
    // the match's restriction while the clock says 18:01.
    const named = { ...area, startTime: '2025-07-04T19:30:00Z' };
    expect(JSON.parse((await fast(AREA, named)).body.toString()).status).toBe('NOTICE_STATUS_WARNING');
    const namedAgain = await fast(AREA, named);
    expect(namedAgain.early).toBe(true);
    expect(JSON.parse(namedAgain.body.toString()).status).toBe('NOTICE_STATUS_WARNING');

    // A window with an end but no start moves with the clock: never answered here.
    const ending = { ...area, endTime: '2025-07-04T18:30:00Z' };
    await fast(AREA, ending);
    expect((await fast(AREA, ending)).early).toBe(false);

    const file = fixtureFile();
    svc.deps.datasets.swap(datasetFile(file.features.filter((f) => f.id !== 'stadium:lumen'), 'fixture-2'));
    try {
      const swapped = await fast(AREA, area);
      expect(swapped.early).toBe(false);
      expect(header(swapped, 'X-Dataset-Version')).toBe('fixture-2');
      expect(swapped.body.toString()).not.toContain('Lumen Field');
    } finally {
      svc.deps.datasets.swap(file);
    }

    await fast(AREA, area);
    expect((await fast(AREA, area)).early).toBe(true);
    // Another DEM set (an import; here an empty one): asked of the app, then given again on the new set.
    demSourceFor(svc.deps.config.dataDir).useStored([]);
    expect((await fast(AREA, area)).early).toBe(false);
    expect((await fast(AREA, area)).early).toBe(true);
  });

  it('a client that leaves mid-body costs nothing: the next request is answered', async () => {
    await new Promise<void>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: ports.fast, method: 'POST', path: LOCATION, headers: { ...json(), 'content-length': '200' }, agent: false });
      req.on('error', () => resolve());
      req.write('{"latitude":');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    const r = await fast(LOCATION, lumen);
    expect(r.status).toBe(200);
  });
});

