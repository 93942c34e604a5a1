/**
 * The charts on their cycle (docs/live-data.md "Charts"): the schedule (daily, and half an hour after each
 * 56-day cycle date), the sync run by the service against the fake FAA's ArcGIS services (the real Seattle
 * facility map and class airspace, paged; a service answering an ArcGIS error body keeps its last good
 * data), its record in /v1/status, and the charts' freshness: two days past their cycle every briefing
 * says so and is CAUTION at most.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFaa, type FakeFaa } from '../../../test/fake-faa/server';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { hasRealData, readReal, warnIfNoRealData } from '../../data/import/realdata';
import { SYNC_SERVICES } from '../../data/import/sync';
import { CYCLE_ANCHOR, chartsStaleSince, nextChartRun, nextCycleDate, runChartSync } from './charts';
import { syncLiveOverlay } from './overlay';

warnIfNoRealData('chart sync tests (the fake FAA serves the real Seattle files)');
const DAY = 86_400_000;

describe('the chart sync schedule', () => {
  it('runs daily, and half an hour after each 56-day cycle date when that comes first', () => {
    expect(new Date(nextCycleDate(CYCLE_ANCHOR)).toISOString()).toBe('2025-12-25T00:00:00.000Z');
    expect(new Date(nextCycleDate(Date.parse('2026-12-08T01:00:00Z'))).toISOString()).toBe('2027-01-21T00:00:00.000Z');
    // Mid-cycle: a day later.
    expect(nextChartRun(Date.parse('2026-12-08T01:00:00Z')).toISOString()).toBe('2026-12-09T01:00:00.000Z');
    // The evening before a cycle date: half an hour after the date, not a day later.
    expect(nextChartRun(Date.parse('2027-01-20T20:00:00Z')).toISOString()).toBe('2027-01-21T00:30:00.000Z');
  });

  it('calls charts stale two days past the end of their facility map cycle, not before', () => {
    const ds = { kind: 'faa' as const, sources: [{ id: 'faa:arcgis:FAA_UAS_FacilityMap_Data', name: 'FAA UAS Facility Map Data', kind: 'faa' as const, effectiveDateStated: true, cycleDays: 56, version: '2025-10-30', effectiveDate: '2025-10-30T00:00:00Z', retrievedAt: '2025-11-01T00:00:00Z', attribution: 'FAA (UDDS)', licence: 'pd' }] };
    expect(chartsStaleSince(ds, Date.parse('2025-12-26T00:00:00Z'))).toBeNull();
    expect(chartsStaleSince(ds, Date.parse('2025-12-27T00:00:01Z'))?.toISOString()).toBe('2025-12-27T00:00:00.000Z');
  });
});

describe.skipIf(!hasRealData)('the chart sync in the service, against the fake FAA', () => {
  let faa: FakeFaa;
  let svc: TestService;
  let dataDir: string;
  const NOW = new Date('2025-11-10T12:00:00Z');

  beforeAll(async () => {
    faa = await startFakeFaa();
    const geo = (rel: string) => (JSON.parse(readReal(rel)) as { features: unknown[] }).features;
    faa.layers.set('FAA_UAS_FacilityMap_Data', { features: geo('faa-seattle/uasfm_seattle.geojson'), maxRecordCount: 500 });
    faa.layers.set('Class_Airspace', { features: geo('faa-seattle/class_airspace_seattle.geojson') });
    faa.layers.set('Special_Use_Airspace', { features: [], mode: 'arcgis-error' });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-charts-'));
    svc = await startTestService({ now: NOW, config: { dataDir, chartSync: true } });
  });
  afterAll(async () => {
    await svc?.close();
    await faa?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('before its first good run, with no facility map, every briefing says the charts are not yet read', async () => {
    await syncLiveOverlay(svc.deps);
    const token = await svc.clientToken('briefing:location:read');
    const r = await svc.call('POST', '/v2/briefing/preflight/location', { token, body: { latitude: 47.5, longitude: -121.9, includeGeometry: false } });
    const b = (await r.json()) as { status: string; notices: Array<{ title?: string }> };
    expect(b.status).toBe('NOTICE_STATUS_CAUTION');
    expect(b.notices.map((n) => n.title)).toContain('Out of date: FAA charts (facility maps, class and special-use airspace)');
  });

  it('syncs the layers (paged), records a failing service (an error body with HTTP 200) and the next run, and serves the result', async () => {
    const env = { FAA_UDDS_BASE_URL: `${faa.url}/arcgis/rest/services`, FAA_ADDS_BASE_URL: `${faa.url}/arcgis/rest/services` };
    const run = await runChartSync(svc.deps, { env });
    // Special_Use_Airspace answers an error body with HTTP 200, the others are not served at all (errors too).
    expect(run.ok).toBe(false);
    expect(run.error).toMatch(/sua: .*ArcGIS error 500/);
    const ds = svc.deps.datasets.current();
    expect(ds.kind).toBe('faa');
    expect(ds.features.filter((f) => f.layer === 'uasfm').length).toBe((JSON.parse(readReal('faa-seattle/uasfm_seattle.geojson')) as { features: unknown[] }).features.length);
    expect(ds.features.some((f) => f.layer === 'class_airspace')).toBe(true);
    expect(faa.counts.arcgis).toBeGreaterThan(SYNC_SERVICES.length);
    const status = (await (await svc.call('GET', '/v1/status')).json()) as { liveSources: Array<{ id: string; lastAttempt?: string; nextRun?: string; lastError?: string }> };
    const charts = status.liveSources.find((s) => s.id === 'faa:charts')!;
    expect(charts.lastAttempt).toBe(NOW.toISOString());
    // A run with failed layers tries again within the hour.
    expect(charts.nextRun).toBe(new Date(NOW.getTime() + 3_600_000).toISOString());
    // The Seattle map (MAP_EFF 2025-10-30) is current on 2025-11-10: no charts notice.
    await syncLiveOverlay(svc.deps);
    expect(svc.deps.datasets.current().sources.find((s) => s.id === 'faa:charts')?.live?.staleSince).toBeUndefined();
  });

  it('two days past the cycle (2025-12-25) the charts are stale: said, and CAUTION at most', async () => {
    svc.setNow(new Date(Date.parse('2025-12-25T00:00:00Z') + 2 * DAY + 60_000));
    await syncLiveOverlay(svc.deps);
    const token = await svc.clientToken('briefing:location:read');
    const r = await svc.call('POST', '/v2/briefing/preflight/location', { token, body: { latitude: 47.2, longitude: -121.0, includeGeometry: false } });
    const b = (await r.json()) as { status: string; notices: Array<{ title?: string; description?: string }> };
    expect(b.status).not.toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    const n = b.notices.find((x) => x.title?.startsWith('Out of date: FAA charts'));
    expect(n?.description).toContain('out of date since 2025-12-27 00:00 UTC');
  });
});

describe('production with the chart sync on and no dataset yet', () => {
  it('starts on an empty FAA dataset whose every answer is CAUTION and says the charts are not yet read', async () => {
    const { bootstrap } = await import('../../bootstrap');
    const { testConfig } = await import('../../config');
    const { openPglite } = await import('../../store/pglite');
    const { silentLogger } = await import('../../deps');
    const { briefLocation } = await import('../../domain/briefing');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-first-sync-'));
    const db = await openPglite(':memory:');
    try {
      const deps = await bootstrap(testConfig({ profile: 'production', dataDir, chartSync: true }), { db, log: silentLogger });
      expect(deps.datasets.current()).toMatchObject({ version: 'awaiting-first-chart-sync', kind: 'faa' });
      await syncLiveOverlay(deps);
      const b = briefLocation(deps.datasets.current(), 39.8283, -98.5795);
      expect(b.status).toBe('NOTICE_STATUS_CAUTION');
      expect(b.authorizationType).toBe('AUTHORIZATION_TYPE_UNSPECIFIED');
      expect(b.notices?.map((n) => n.title)).toContain('Out of date: FAA charts (facility maps, class and special-use airspace)');
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start without a dataset when the sync is off', async () => {
    const { bootstrap } = await import('../../bootstrap');
    const { testConfig } = await import('../../config');
    const { openPglite } = await import('../../store/pglite');
    const { silentLogger } = await import('../../deps');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyplan-no-sync-'));
    const db = await openPglite(':memory:');
    try {
      await expect(bootstrap(testConfig({ profile: 'production', dataDir, chartSync: false }), { db, log: silentLogger })).rejects.toThrow(/No airspace dataset/);
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
