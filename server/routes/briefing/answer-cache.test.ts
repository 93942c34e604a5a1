/**
 * Briefing answers given again (server/services/briefing/answer-cache.ts): the same request while the
 * answer holds is not computed again; a later start past one of its time boundaries, another altitude or
 * ground, or a new dataset version is.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import type { BriefingResult } from '../../contract/briefing';
import { datasetFile } from '../../domain/briefing/fixtures/build';
import { fixtureFile, NOW } from '../../domain/briefing/fixtures';
import { mainThread } from '../../http/main-thread';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService({ dataset: fixtureFile() });
  token = await svc.clientToken('briefing:area:read briefing:location:read');
});
afterAll(() => svc.close());

/** Lumen Field: the Sounders' match 20:00-22:00 UTC restricts from 19:00 (FDC NOTAM 4/3621). */
const lumen = { latitude: 47.5952, longitude: -122.3316, includeGeometry: false };
const lumenBox = { type: 'Polygon', coordinates: [[[-122.336, 47.59], [-122.326, 47.59], [-122.326, 47.6], [-122.336, 47.6], [-122.336, 47.59]]] };

async function post(path: string, body: unknown) {
  const r = await svc.call('POST', path, { body, token });
  expect(r.status).toBe(200);
  return { text: await r.text(), version: r.headers.get('x-dataset-version') };
}

/** How many times the engine ran during `fn`. */
async function engineRuns(fn: () => Promise<unknown>): Promise<number> {
  const spy = vi.spyOn(mainThread, 'run');
  try {
    await fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('briefing answers given again', () => {
  it('answers the same request at the same time from the first answer, word for word', async () => {
    svc.setNow(new Date('2025-07-04T17:00:00Z'));
    let first = '', second = '';
    expect(await engineRuns(async () => (first = (await post('/v2/briefing/preflight/location', lumen)).text))).toBe(1);
    expect(await engineRuns(async () => (second = (await post('/v2/briefing/preflight/location', lumen)).text))).toBe(0);
    expect(second).toBe(first);
    // v1 answers the same engine with its own default (geometry included): its own answer.
    expect(await engineRuns(() => post('/v1/briefing/preflight/location', { latitude: lumen.latitude, longitude: lumen.longitude }))).toBe(1);
  });

  it('gives it again as the clock moves on while it holds, and computes anew once the window meets the match', async () => {
    svc.setNow(new Date('2025-07-04T17:10:00Z'));
    const area = { boundary: lumenBox };
    let caution = '';
    await post('/v2/briefing/preflight/area', area);
    svc.setNow(new Date('2025-07-04T17:50:00Z'));
    expect(await engineRuns(async () => (caution = (await post('/v2/briefing/preflight/area', area)).text))).toBe(0);
    expect((JSON.parse(caution) as BriefingResult).status).toBe('NOTICE_STATUS_CAUTION');
    // 18:01: the hour from now reaches 19:01, inside the match's restriction.
    svc.setNow(new Date('2025-07-04T18:01:00Z'));
    let warning = '';
    expect(await engineRuns(async () => (warning = (await post('/v2/briefing/preflight/area', area)).text))).toBe(1);
    expect((JSON.parse(warning) as BriefingResult).status).toBe('NOTICE_STATUS_WARNING');
    // An explicit window is the same request as far as the answer goes: the one just given holds for it.
    expect(await engineRuns(() => post('/v2/briefing/preflight/area', { ...area, startTime: '2025-07-04T18:01:00Z', endTime: '2025-07-04T19:01:00Z' }))).toBe(0);
    // Another length of window is another answer.
    expect(await engineRuns(() => post('/v2/briefing/preflight/area', { ...area, startTime: '2025-07-04T18:01:00Z', endTime: '2025-07-04T18:31:00Z' }))).toBe(1);
  });

  it('keeps answers apart by altitude and by geometry', async () => {
    svc.setNow(NOW);
    await post('/v2/briefing/preflight/location', { ...lumen, maxAltitude: 100 });
    expect(await engineRuns(() => post('/v2/briefing/preflight/location', { ...lumen, maxAltitude: 100 }))).toBe(0);
    expect(await engineRuns(() => post('/v2/briefing/preflight/location', { ...lumen, maxAltitude: 101 }))).toBe(1);
    expect(await engineRuns(() => post('/v2/briefing/preflight/location', { ...lumen, maxAltitude: 100, latitude: 47.5953 }))).toBe(1);
  });

  it('answers from a new dataset version at once (a swap is never answered from the old one)', async () => {
    svc.setNow(NOW);
    const before = await post('/v2/briefing/preflight/location', lumen);
    const file = fixtureFile();
    // The same features but Lumen Field's matches: the stadium no longer restricts at 19:00.
    svc.deps.datasets.swap(datasetFile(file.features.filter((f) => f.id !== 'stadium:lumen'), 'fixture-2'));
    try {
      const after = await post('/v2/briefing/preflight/location', lumen);
      expect(after.version).toBe('fixture-2');
      expect(after.text).not.toBe(before.text);
      expect(after.text).not.toContain('Lumen Field');
    } finally {
      svc.deps.datasets.swap(file);
    }
  });
});
