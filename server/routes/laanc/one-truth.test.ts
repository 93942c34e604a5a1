/**
 * One truth per place through the HTTP surfaces (docs/coverage.md): on the generated sandbox, the area
 * briefing, the legacy check and an operation's LAANC answer give the same status and channel at Boeing
 * Field's runway and inside P-56, as the portal's pages read them.
 */
import type { Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { BriefingResultSchema } from '../../contract/briefing';
import { LaancOperationResultSchema } from '../../contract/laanc';
import { generateSandboxDataset } from '../../data/generate';
import { heavyConfig, useHeavyConfig } from '../../workers/heavy-config';
import { json, laancOperation, people, type People } from '../operations/test-helpers';

let svc: TestService;
let who: People;
let briefingToken: string;
let checkToken: string;
const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 3_600_000);
const end = new Date(start.getTime() + 3_600_000);

beforeAll(async () => {
  // The whole national sandbox, cold: this test is about agreement, not speed (the budgets are benched apart).
  const heavy = { ...heavyConfig(process.env), requestBudgetMs: 60_000, mainThreadBudgetMs: 60_000 };
  useHeavyConfig(heavy);
  svc = await startTestService({ dataset: await generateSandboxDataset({ now: new Date() }), config: { heavy } });
  who = await people(svc);
  briefingToken = await svc.clientToken('briefing:area:read');
  checkToken = await svc.clientToken('aviation:read');
}, 180_000);
afterAll(async () => {
  useHeavyConfig(heavyConfig(process.env));
  await svc?.close();
});

const square = (w: number, s: number, e: number, n: number): Polygon => ({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });

async function surfaces(boundary: Polygon) {
  const window = { startTime: start.toISOString(), endTime: end.toISOString() };
  const b = await svc.call('POST', '/v1/briefing/preflight/area', { token: briefingToken, body: { boundary, maxAltitude: 200, ...window } });
  const briefing = BriefingResultSchema.parse(await b.json());
  expect(b.status, briefing.notices ? '' : JSON.stringify(briefing)).toBe(200);
  const c = await svc.call('POST', '/v1/check/airspace', { token: checkToken, body: { geometry: boundary, ...window } });
  const checked = (await c.json()) as { data: { controlled: boolean; enabled: boolean; restricted: boolean } };
  expect(c.status, JSON.stringify(checked)).toBe(200);
  const check = checked.data;
  const op = await laancOperation(svc, who.pilot, boundary, start);
  const laanc = LaancOperationResultSchema.parse(await json(svc.call('GET', `/v1/operations/${op.id}/laanc`, { token: who.pilot })));
  return { briefing, check, laanc: laanc.operation };
}

describe('one status and one channel per place, on every HTTP surface', () => {
  it("at Boeing Field's runway: DroneZone, not LAANC-enabled, no LAANC candidate, each LAANC notice once", async () => {
    const { briefing, check, laanc } = await surfaces(square(-122.305, 47.527, -122.299, 47.533));
    expect(briefing.authorizationType).toBe('AUTHORIZATION_TYPE_DRONE_ZONE');
    expect(briefing.notices!.some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE')).toBe(false);
    expect(check).toEqual({ controlled: true, enabled: false, restricted: false });
    expect(laanc.candidates).toEqual([]);
    const reasons = laanc.notices.map((n) => `${n.action} ${n.reason} ${n.startTime}`);
    expect(reasons).toEqual([...new Set(reasons)]);
    expect(laanc.notices.map((n) => n.reason)).toContain('REASON_NOT_LAANC_ENABLED');
  });

  it('inside P-56 on the National Mall: RESTRICTED, restricted, no LAANC candidate', async () => {
    const { briefing, check, laanc } = await surfaces(square(-77.037, 38.888, -77.033, 38.891));
    expect(briefing).toMatchObject({ status: 'NOTICE_STATUS_WARNING', authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED' });
    expect(check).toEqual({ controlled: false, enabled: false, restricted: true });
    expect(laanc.candidates).toEqual([]);
    expect(laanc.notices.map((n) => n.reason)).toEqual(expect.arrayContaining(['REASON_OPERATION_IN_PROHIBITED_AREA', 'REASON_OPERATION_IN_WASHINGTON_FRZ']));
  });

  it('where LAANC serves Boeing Field, every surface says LAANC', async () => {
    const { briefing, check, laanc } = await surfaces(square(-122.325, 47.552, -122.315, 47.558));
    expect(briefing.authorizationType).toBe('AUTHORIZATION_TYPE_LAANC');
    expect(check).toEqual({ controlled: true, enabled: true, restricted: false });
    expect(laanc.candidates.length).toBeGreaterThan(0);
  });
});
