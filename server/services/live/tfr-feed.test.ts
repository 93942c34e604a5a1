/**
 * Following the FAA's TFRs against the fake FAA (test/fake-faa), which serves the real tfr.faa.gov
 * detail file moved and renamed: a TFR added, changed and removed reaches the briefing, the legacy
 * check and LAANC (an approved authorization it covers becomes INVALID); a detail that cannot be read
 * leaves the TFR unknown (its last good detail kept, or CAUTION everywhere); the list answering 500,
 * garbage, an empty array, an endless body, a hang, or 10,000 entries changes nothing it should not and
 * stays bounded; a feed past FAA_TFR_STALE_SECONDS is said and answers CAUTION at most, and is cleared
 * by the next good read. On the embedded store, or PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DC_FRZ, startFakeFaa, type FakeFaa } from '../../../test/fake-faa/server';
import { startTestService, type TestService } from '../../../test/helpers/service';
import type { TfrFeedConfig } from '../../config';
import { hasRealData, warnIfNoRealData } from '../../data/import/realdata';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { json, laancOperation, people, submitAll, type People } from '../../routes/operations/test-helpers';
import { revalidateOnSwap } from '../laanc/revalidate';
import { syncLiveOverlay } from './overlay';
import { pollTfrFeed } from './tfr-feed';

warnIfNoRealData('TFR feed tests (the fake FAA serves the real detail files)');

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);
/** Class G east of the fixture's Boeing Field: clear before any feed TFR. */
const EAST: [number, number] = [-122.05, 47.45];
const NORTH: [number, number] = [-122.05, 47.75];

let faa: FakeFaa;
let svc: TestService;
let token: string;
let who: People;
let feed: TfrFeedConfig;

interface Brief {
  status: string;
  authorizationType: string;
  notices: Array<{ title?: string; description?: string; status?: string; dataSource?: string }>;
}

async function brief([lon, lat]: [number, number]): Promise<Brief> {
  const r = await svc.call('POST', '/v2/briefing/preflight/location', { token, body: { latitude: lat, longitude: lon, includeGeometry: false } });
  expect(r.status).toBe(200);
  return (await r.json()) as Brief;
}

async function check([lon, lat]: [number, number]) {
  const d = 0.002;
  const geometry = { type: 'Polygon', coordinates: [[[lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d], [lon - d, lat - d]]] };
  const r = await svc.call('POST', '/v1/check/airspace', { token, body: { geometry, startTime: h(1).toISOString(), endTime: h(2).toISOString() } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: { controlled: boolean; enabled: boolean; restricted: boolean } }).data;
}

/** One poll and the overlay sync, as the worker does them. */
async function pollAndSync(opts: Parameters<typeof pollTfrFeed>[1] = {}) {
  const r = await pollTfrFeed(svc.deps, opts);
  await syncLiveOverlay(svc.deps);
  return r;
}

beforeAll(async () => {
  if (!hasRealData) return;
  faa = await startFakeFaa();
  feed = { listUrl: faa.listUrl, detailUrl: faa.detailUrl, pollSeconds: 300, staleSeconds: 900 };
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0, config: { tfrFeed: feed } });
  token = await svc.clientToken('briefing:area:read briefing:location:read aviation:read');
  who = await people(svc);
});
afterAll(async () => {
  await svc?.close();
  await faa?.close();
});
afterEach(() => {
  if (!hasRealData) return;
  faa.listMode = 'ok';
  faa.extraEntries = [];
  svc.setNow(T0);
});

describe.skipIf(!hasRealData)('the FAA TFR feed', () => {
  it('says nothing is clear before the first good read of the list', async () => {
    // The fixture's "Class G" place, before the feed was ever read: the data is absent, not clear.
    await syncLiveOverlay(svc.deps);
    const b = await brief(EAST);
    expect(b.status).toBe('NOTICE_STATUS_CAUTION');
    expect(b.notices.map((n) => n.title)).toContain('Out of date: FAA temporary flight restriction data (tfr.faa.gov)');
  });

  it('adds a TFR the list names: briefing WARNING there, CLEAR elsewhere, the check restricted', async () => {
    faa.tfrs.set('6/4321', { id: '6/4321', center: EAST, scale: 0.05, city: 'FAKE WILDFIRE', type: 'HAZARDS' });
    faa.tfrs.set('4/2565', DC_FRZ);
    const r = await pollAndSync();
    expect(r).toMatchObject({ ok: true, listed: 2, added: 2, detailsRead: 2, unknown: 0 });
    const ds = svc.deps.datasets.current();
    expect(ds.version).toMatch(/^kbfi-fixture-1\+faa-tfr-/);
    expect(ds.get('tfr:6_4321')).toMatchObject({ layer: 'tfr', ident: '6/4321', sourceId: 'faa:tfr-feed' });
    // The real FRZ file, read as served: the FRZ layer, from the feed.
    expect(ds.get('washington_frz:4_2565')).toMatchObject({ layer: 'washington_frz', sourceId: 'faa:tfr-feed' });
    const at = await brief(EAST);
    expect(at.status).toBe('NOTICE_STATUS_WARNING');
    expect(at.notices.some((n) => n.title?.includes('6/4321'))).toBe(true);
    expect((await brief(NORTH)).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    expect(await check(EAST)).toEqual({ controlled: false, enabled: false, restricted: true });
    expect(await check(NORTH)).toEqual({ controlled: false, enabled: false, restricted: false });
  });

  it('a poll that finds nothing new swaps nothing (the dataset is not rebuilt every five minutes)', async () => {
    const before = svc.deps.datasets.current();
    const r = await pollAndSync();
    expect(r).toMatchObject({ ok: true, added: 0, changed: 0, removed: 0 });
    expect(faa.counts.detail).toBe(2);
    expect(svc.deps.datasets.current()).toBe(before);
  });

  it('follows a changed TFR (moved) and removes one that leaves the list', async () => {
    faa.tfrs.set('6/4321', { id: '6/4321', center: NORTH, scale: 0.05, city: 'FAKE WILDFIRE', type: 'HAZARDS', description: 'moved north' });
    expect(await pollAndSync()).toMatchObject({ ok: true, changed: 1, detailsRead: 1 });
    expect((await brief(EAST)).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    expect((await brief(NORTH)).status).toBe('NOTICE_STATUS_WARNING');
    faa.tfrs.delete('6/4321');
    expect(await pollAndSync()).toMatchObject({ ok: true, removed: 1 });
    expect(svc.deps.datasets.current().get('tfr:6_4321')).toBeUndefined();
    expect((await brief(NORTH)).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
  });

  it('a TFR whose detail cannot be read is unknown, never dropped: CAUTION everywhere, named in every briefing', async () => {
    faa.tfrs.set('6/7777', { id: '6/7777', center: EAST, scale: 0.05, detail: '500', state: 'TX', type: 'SECURITY', description: 'Somewhere in Texas' });
    expect(await pollAndSync()).toMatchObject({ ok: true, added: 1, detailsFailed: 1, unknown: 1 });
    for (const place of [EAST, NORTH]) {
      const b = await brief(place);
      expect(b.status).toBe('NOTICE_STATUS_CAUTION');
      const n = b.notices.find((x) => x.title === '1 TFR could not be read');
      expect(n?.description).toContain('FDC 6/7777 (SECURITY, TX)');
    }
    expect(await check(NORTH)).toEqual({ controlled: false, enabled: false, restricted: true });
    // Read at the next poll: known, and only there.
    faa.tfrs.set('6/7777', { ...faa.tfrs.get('6/7777')!, detail: 'ok' });
    expect(await pollAndSync()).toMatchObject({ ok: true, detailsRead: 1, unknown: 0 });
    expect((await brief(EAST)).status).toBe('NOTICE_STATUS_WARNING');
    expect((await brief(NORTH)).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
  });

  it('a changed TFR whose new detail fails keeps its last good detail, and is read again next time', async () => {
    faa.tfrs.set('6/7777', { ...faa.tfrs.get('6/7777')!, center: NORTH, description: 'moved', detail: 'garbage' });
    expect(await pollAndSync()).toMatchObject({ ok: true, changed: 1, detailsFailed: 1, unknown: 0 });
    expect((await brief(EAST)).status).toBe('NOTICE_STATUS_WARNING');
    faa.tfrs.set('6/7777', { ...faa.tfrs.get('6/7777')!, detail: 'ok' });
    expect(await pollAndSync()).toMatchObject({ ok: true, changed: 1, detailsRead: 1 });
    expect((await brief(NORTH)).status).toBe('NOTICE_STATUS_WARNING');
    expect((await brief(EAST)).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    faa.tfrs.delete('6/7777');
    await pollAndSync();
  });

  it.each([
    ['answering 500', '500' as const, /HTTP 500/],
    ['answering garbage', 'garbage' as const, /not JSON/],
    ['answering an empty list', 'empty' as const, /empty/],
    ['answering an endless body', 'huge' as const, /more than the cap/],
  ])('the list %s changes nothing: the TFRs stay and the failure is recorded', async (_n, mode, error) => {
    const before = svc.deps.datasets.current();
    faa.listMode = mode;
    const r = await pollAndSync({ limits: { maxListBytes: 1024 * 1024 } });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(error);
    expect(svc.deps.datasets.current()).toBe(before);
    const status = await json<{ liveSources?: Array<{ id: string; lastError?: string }> }>(svc.call('GET', '/v1/status'));
    expect(status.liveSources?.find((s) => s.id === 'faa:tfr-feed')?.lastError).toMatch(error);
  });

  it('a list that hangs is abandoned (the test aborts it once the fake FAA holds the request)', async () => {
    faa.listMode = 'hang';
    const abort = new AbortController();
    faa.events.once('list', () => setImmediate(() => abort.abort(new Error('test gave up'))));
    const r = await pollAndSync({ signal: abort.signal });
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/abandoned/) });
  });

  it('a feed past FAA_TFR_STALE_SECONDS is said in every briefing and answers CAUTION at most, until the next good read', async () => {
    const clear = await brief(NORTH);
    expect(clear.status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    // The list fails from here on; 16 minutes later the feed is past its 15-minute promise.
    faa.listMode = '500';
    svc.setNow(new Date(T0.getTime() + 16 * 60_000));
    await pollAndSync();
    const stale = await brief(NORTH);
    expect(stale.status).toBe('NOTICE_STATUS_CAUTION');
    // Not "no authorization required": a TFR may need a waiver here unseen.
    expect(stale.authorizationType).toBe('AUTHORIZATION_TYPE_UNSPECIFIED');
    const n = stale.notices.find((x) => x.title?.startsWith('Out of date'));
    expect(n?.description).toMatch(/out of date since 2026-12-01 15:15 UTC\. The last good read was at 2026-12-01 15:00 UTC/);
    expect(await check(NORTH)).toMatchObject({ restricted: true });
    // WARNING stays WARNING.
    expect((await brief([-77.0365, 38.8977])).status).toBe('NOTICE_STATUS_WARNING');
    faa.listMode = 'ok';
    await pollAndSync();
    expect((await brief(NORTH)).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
  });

  it('a new TFR invalidates the approved LAANC authorization it covers, and LAANC auto-approves nothing while the feed is stale', async () => {
    const where = inCell(COL.c3, ROW.s);
    const op = await laancOperation(svc, who.pilot, where, h(5));
    const [a] = await submitAll(svc, who.pilot, op.id);
    expect(a!.status).toBe('STATUS_APPROVED');
    const stop = revalidateOnSwap(svc.deps);
    try {
      const [x0, y0] = where.coordinates[0]![0]!;
      faa.tfrs.set('6/8888', { id: '6/8888', center: [x0! + 0.0015, y0! + 0.0015], scale: 0.02, city: 'FAKE VIP', type: 'VIP', codeType: '91.141' });
      await pollAndSync();
      const read = () => json<{ authorization: { status: string } }>(svc.call('GET', `/v1/operations/${op.id}/laanc/authorizations/${a!.id}`, { token: who.pilot }));
      await expect.poll(async () => (await read()).authorization.status).toBe('STATUS_INVALID');
    } finally {
      stop();
      faa.tfrs.delete('6/8888');
      await pollAndSync();
    }
    // Stale feed: the same kind of request gets further coordination, never auto-authorization.
    faa.listMode = '500';
    svc.setNow(new Date(T0.getTime() + 16 * 60_000));
    await pollAndSync();
    const other = await laancOperation(svc, who.pilot, where, h(6));
    const l = await json<{ operation: { notices: Array<{ reason: string }>; candidates: Array<{ submissionType: string }> } }>(svc.call('GET', `/v1/operations/${other.id}/laanc`, { token: who.pilot }));
    expect(l.operation.notices.map((n) => n.reason)).toContain('REASON_LIVE_DATA_NOT_CURRENT');
    expect(l.operation.candidates.length).toBeGreaterThan(0);
    expect(l.operation.candidates.every((c) => c.submissionType === 'SUBMISSION_TYPE_FURTHER_COORDINATION')).toBe(true);
    faa.listMode = 'ok';
    await pollAndSync();
  });

  it('10,000 entries: read within its caps (details per poll bounded), every unread one unknown, memory bounded', async () => {
    faa.extraEntries = Array.from({ length: 10_000 }, (_, i) => ({ notam_id: `7/${i + 1}`, type: 'HAZARDS', facility: 'ZKC', state: 'KS', description: `Entry ${i + 1}`, creation_date: '12/07/2026' }));
    const detailsBefore = faa.counts.detail;
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const r = await pollAndSync({ limits: { maxDetailsPerPoll: 50 } });
    expect(r).toMatchObject({ ok: true, listed: 10_001, added: 10_000, deferred: 9_950, unknown: 10_000 });
    // Their details are not served (404): 50 tried, the rest wait; all are unknown, so nothing is clear.
    expect(faa.counts.detail - detailsBefore).toBe(50);
    const b = await brief(NORTH);
    expect(b.status).toBe('NOTICE_STATUS_CAUTION');
    const n = b.notices.find((x) => x.title === '10000 TFRs could not be read');
    expect(n?.description).toMatch(/and 9990 more/);
    // The whole list and its rows held at once stay well under 200 MB of heap.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    faa.extraEntries = [];
    expect(await pollAndSync()).toMatchObject({ ok: true, removed: 10_000, unknown: 0 });
  });
});
