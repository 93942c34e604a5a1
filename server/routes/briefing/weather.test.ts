/**
 * Daylight and weather in the location and area briefings (issue 32), against a fake Aviation Weather
 * Center (a local http server speaking its JSON): decoded and held against Part 107.51; cached; asked
 * with its own User-Agent; each failure (down, slow, garbage, huge, an error status) a briefing that
 * says there is no weather, never a failed briefing and never invented weather; and answers given again
 * from the answer cache, by the app or before it (briefing.fast-path.ts), carry the weather of now.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BriefingResultSchema, type BriefingResult } from '../../contract/briefing';
import { fixtureFile, NOW } from '../../domain/briefing/fixtures';
import { firstOf } from '../../listener';
import { EarlyServers } from '../../../test/helpers/early-servers';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { allRoutes } from '..';
import { cachedTileAnswer } from '../tiles/tiles.fast-path';
import { answeredEarly, keptBriefingAnswer } from './briefing.fast-path';

type Mode = 'ok' | 'down' | 'slow' | 'garbage' | 'huge' | 'error';

/** The fake: what it answers, and every request it got. */
const fake = {
  mode: 'ok' as Mode,
  visib: '10+' as unknown,
  requests: [] as Array<{ url: string; userAgent: string | undefined }>,
  server: null as http.Server | null,
  port: 0,
};

function metar() {
  return [
    { icaoId: 'KSEA', name: 'Seattle-Tacoma Intl', lat: 47.444, lon: -122.314, obsTime: Math.floor(Date.now() / 1000) - 600, wdir: 200, wspd: 9, visib: '10+', clouds: [{ cover: 'BKN', base: 3000 }], fltCat: 'VFR', rawOb: 'METAR KSEA …' },
    { icaoId: 'KBFI', name: 'Seattle/Boeing Fld', lat: 47.545, lon: -122.314, obsTime: Math.floor(Date.now() / 1000) - 600, wdir: 160, wspd: 12, wgst: 22, visib: fake.visib, clouds: [{ cover: 'OVC', base: 700 }], fltCat: 'MVFR', rawOb: 'METAR KBFI 081735Z 16012G22KT 10SM OVC007' },
  ];
}

beforeAll(async () => {
  fake.server = http.createServer((req, res) => {
    fake.requests.push({ url: req.url ?? '', userAgent: req.headers['user-agent'] });
    if (fake.mode === 'slow') return; // never answers: the time-out ends it
    if (fake.mode === 'error') return res.writeHead(503).end('busy');
    if (fake.mode === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
    if (fake.mode === 'huge') return res.writeHead(200, { 'content-type': 'application/json' }).end(`[${'{"icaoId":"KBFI"},'.repeat(80_000)}{}]`);
    const body = req.url!.startsWith('/api/data/metar') ? metar() : [{ icaoId: 'KBFI', rawTAF: 'TAF KBFI 081720Z 0818/0918 16012KT P6SM OVC007' }];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => fake.server!.listen(0, '127.0.0.1', r));
  fake.port = (fake.server!.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => fake.server!.close(() => r())));


/** A service of its own (its own weather cache) on the fake, or on a closed port for "down". */
async function service(cacheSeconds = 600): Promise<{ svc: TestService; token: string }> {
  const apiUrl = fake.mode === 'down' ? 'http://127.0.0.1:9/api/data' : `http://127.0.0.1:${fake.port}/api/data`;
  const svc = await startTestService({ dataset: fixtureFile(), config: { weather: { apiUrl, timeoutMs: 300, requestsPerMinute: 30, cacheSeconds } } });
  const token = await svc.clientToken('briefing:area:read briefing:location:read');
  svc.setNow(NOW);

  return { svc, token };
}

const KBFI_BOX = { type: 'Polygon', coordinates: [[[-122.31, 47.53], [-122.3, 47.53], [-122.3, 47.54], [-122.31, 47.54], [-122.31, 47.53]]] };
// The fixture's now is in July 2025: a window at 19:00-20:00 UTC is midday in Seattle.
const WINDOW = { startTime: '2025-07-04T19:00:00Z', endTime: '2025-07-04T20:00:00Z' };

async function brief(svc: TestService, token: string, path = '/v2/briefing/preflight/area', body: unknown = { boundary: KBFI_BOX, ...WINDOW, maxAltitude: 400 }): Promise<BriefingResult> {
  const r = await svc.call('POST', path, { body, token });
  expect(r.status).toBe(200);
  return BriefingResultSchema.parse(await r.json());
}

beforeEach(() => {
  fake.mode = 'ok';
  fake.visib = '10+';
  fake.requests = [];
});

describe('daylight and weather in briefings', () => {
  it('gives the nearest station’s METAR and TAF, decoded and held against Part 107.51, and the daylight, in both briefings', async () => {
    const { svc, token } = await service();
    try {
      const area = await brief(svc, token);
      expect(area.status).toBeDefined();
      expect(area.weather).toMatchObject({
        available: true,
        station: { id: 'KBFI', name: 'Seattle/Boeing Fld' },
        windDirectionDeg: 160,
        windSpeedKt: 12,
        windGustKt: 22,
        visibilitySm: 10,
        visibilityOrMore: true,
        cloudBaseFtAgl: 700,
        cloudCover: 'OVC',
        flightCategory: 'MVFR',
        part107: 'BELOW_MINIMA',
        rawMetar: 'METAR KBFI 081735Z 16012G22KT 10SM OVC007',
        rawTaf: 'TAF KBFI 081720Z 0818/0918 16012KT P6SM OVC007',
      });
      expect(area.weather!.message).toMatch(/clouds at 700 ft leave less than 500 ft above a flight up to 400 ft/);
      expect(area.daylight).toMatchObject({ periods: ['DAY'], message: 'Daylight throughout the window.' });
      expect(area.daylight!.sunrise).toMatch(/^2025-07-04T12:/);
      // The User-Agent the service asks for, and a bbox around the place.
      expect(fake.requests[0]!.url).toMatch(/^\/api\/data\/metar\?bbox=46\.7\d*,-123\.\d+,48\.2\d*,-121\.\d+&format=json$/);
      expect(fake.requests.every((r) => r.userAgent?.startsWith('Skyplan/'))).toBe(true);
      expect(fake.requests.map((r) => r.url)).toContain('/api/data/taf?ids=KBFI&format=json');

      // Cached: the location briefing nearby asks nothing more (same 0.1° cell and ceiling).
      const asked = fake.requests.length;
      const loc = await brief(svc, token, '/v2/briefing/preflight/location', { latitude: 47.535, longitude: -122.305, ...WINDOW, maxAltitude: 400 });
      expect(loc.weather!.station!.id).toBe('KBFI');
      expect(loc.daylight!.periods).toEqual(['DAY']);
      expect(fake.requests.length).toBe(asked);
      // A lower flight fits under the clouds: 200 ft leaves 500 ft.
      const low = await brief(svc, token, '/v2/briefing/preflight/area', { boundary: KBFI_BOX, ...WINDOW, maxAltitude: 200 });
      expect(low.weather!.part107).toBe('MEETS_MINIMA');
    } finally {
      await svc.close();
    }
  });

  it.each(['down', 'slow', 'garbage', 'huge', 'error'] as const)('with the weather service %s, the briefing still answers and says there is no weather', async (mode) => {
    fake.mode = mode;
    const { svc, token } = await service();
    try {
      const r = await brief(svc, token);
      expect(r.status).toBeDefined();
      expect(r.notices!.length).toBeGreaterThan(0);
      expect(r.weather).toMatchObject({ available: false, part107: 'UNKNOWN', station: null, visibilitySm: null, cloudBaseFtAgl: null, rawMetar: null });
      expect(r.weather!.message).toMatch(/^No weather: .*Nothing is assumed: check an official source before flying\.$/);
      expect(r.daylight!.periods).toEqual(['DAY']);
    } finally {
      await svc.close();
    }
  });

  it('without a weather source the briefing says so; nothing is fetched', async () => {
    const svc = await startTestService({ dataset: fixtureFile() });
    try {
      const token = await svc.clientToken('briefing:area:read');
      svc.setNow(NOW);
      const r = await brief(svc, token);
      expect(r.weather).toMatchObject({ available: false, message: expect.stringMatching(/No weather source is configured/) });
      expect(fake.requests).toEqual([]);
    } finally {
      await svc.close();
    }
  });

  it('an answer given again from the answer cache, by the app or before it, carries the weather of now, not of when it was kept', async () => {
    const { svc, token } = await service(1);
    const servers = new EarlyServers();
    try {
      const routes = allRoutes(svc.deps.config.profile);
      const ports = await servers.pair(svc, firstOf(cachedTileAnswer(svc.deps, routes), keptBriefingAnswer(svc.deps, routes)));
      const body = JSON.stringify({ boundary: KBFI_BOX, ...WINDOW, maxAltitude: 200 });
      const post = async (): Promise<BriefingResult> => {
        const res = await fetch(`http://127.0.0.1:${ports.fast}/v2/briefing/preflight/area`, { method: 'POST', body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
        expect(res.status).toBe(200);
        return BriefingResultSchema.parse(await res.json());
      };
      expect((await post()).weather!.visibilitySm).toBe(10);
      // The weather changes at the source; once the weather cache lets go (1 s), the kept answer shows it.
      fake.visib = 2;
      const early = answeredEarly.count;
      await expect.poll(async () => (await post()).weather!.visibilitySm, { timeout: 10_000, interval: 200 }).toBe(2);
      expect(answeredEarly.count, 'answered from the answer cache before the app').toBeGreaterThan(early);
      expect((await post()).weather!.part107).toBe('BELOW_MINIMA');
    } finally {
      await servers.close();
      await svc.close();
    }
  });
});

