import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { COL, ROW, TFR_ID, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { json, laancOperation, people, submitAll, type People } from '../operations/test-helpers';
import { allRoutes } from '../index';
import { DatasetProvider } from '../../data/dataset-provider';
import type { AirspaceFeature } from '../../data/model';
import { revalidateApproved, revalidateOnSwap } from '../../services/laanc/revalidate';
import { syncSandboxTfrs } from '../../services/laanc/sandbox';

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);
let svc: TestService;
let who: People;

beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

const faa = (path: string, body?: unknown, token = who.faa) => svc.call('POST', `/v1/sandbox/authorizations/${path}`, body === undefined ? { token } : { token, body });
type Result = { authorization: { id: string; status: string; editedBy: string }; statusReason: string | null };

describe('sandbox FAA', () => {
  it('lists pending further coordination and approves it (no body needed)', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c0, ROW.a), h(30));
    const [a] = await submitAll(svc, who.pilot, op.id, { justification: 'inspection' });
    const list = await json<{ authorizations: Array<{ authorization: { id: string }; operationName: string; license: string }> }>(
      svc.call('GET', '/v1/sandbox/authorizations?status=STATUS_PENDING', { token: who.faa }),
    );
    // The FAA reads the pilot's name and the area's zone, not an id.
    expect(list.authorizations.find((x) => x.authorization.id === a!.id)).toMatchObject({
      operationName: 'Roof inspection', license: 'LICENSE_PART_107', operationTimezone: 'America/Los_Angeles', pilotId: who.ids.pilot, pilotName: expect.stringMatching(/\S/), pilotCertificate: null,
    });
    const r = await faa(`${a!.id}/approve`);
    expect(r.status).toBe(200);
    expect(await json<Result>(r)).toMatchObject({ authorization: { status: 'STATUS_APPROVED', editedBy: who.ids.faa } });
    expect((await faa(`${a!.id}/approve`, {})).status).toBe(409);
    expect((await faa(`${a!.id}/deny`, { reason: 'too late' })).status).toBe(409);
  });

  it('denies with a reason (required), which the pilot reads as statusReason', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c0, ROW.a), h(31));
    const [a] = await submitAll(svc, who.pilot, op.id, { justification: 'inspection' });
    expect((await faa(`${a!.id}/deny`)).status).toBe(400);
    expect((await faa(`${a!.id}/deny`, { reason: '' })).status).toBe(422);
    expect((await faa(`${a!.id}/deny`, { reason: 'Conflicts with an airshow' })).status).toBe(200);
    const mine = await json<Result>(svc.call('GET', `/v1/operations/${op.id}/laanc/authorizations/${a!.id}`, { token: who.pilot }));
    expect(mine).toMatchObject({ authorization: { status: 'STATUS_DENIED' }, statusReason: 'Conflicts with an airshow' });
  });

  it('rescind → listed as rescinded → acknowledged by the pilot', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c2, ROW.a), h(40));
    const [a] = await submitAll(svc, who.pilot, op.id);
    expect((await faa(`${a!.id}/rescind`, { reason: 'Runway works' })).status).toBe(200);
    const listed = await json<{ operations: Array<{ operationId: string; authorizations: Result[] }> }>(svc.call('GET', '/v1/laanc/operations/rescinded-invalid', { token: who.pilot }));
    expect(listed.operations.find((o) => o.operationId === op.id)?.authorizations[0]).toMatchObject({ authorization: { id: a!.id, status: 'STATUS_RESCINDED' }, statusReason: 'Runway works' });
    const other = await json<{ operations: unknown[] }>(svc.call('GET', '/v1/laanc/operations/rescinded-invalid', { token: who.potomac }));
    expect(other.operations).toEqual([]);
    expect((await svc.call('PATCH', `/v1/operations/${op.id}/laanc/authorizations/${a!.id}/cancel`, { token: who.pilot })).status).toBe(409);
    const ack = await svc.call('PATCH', `/v1/operations/${op.id}/laanc/authorizations/${a!.id}/acknowledge-rescinded`, { token: who.pilot });
    expect(await json(ack)).toMatchObject({ authorization: { status: 'STATUS_RESCINDED_ACKNOWLEDGED' } });
    const after = await json<{ operations: Array<{ operationId: string }> }>(svc.call('GET', '/v1/laanc/operations/rescinded-invalid', { token: who.pilot }));
    expect(after.operations.some((o) => o.operationId === op.id)).toBe(false);
  });

  it('a new TFR invalidates the approved authorizations it overlaps and blocks new candidates there', async () => {
    const inside = await laancOperation(svc, who.pilot, inCell(COL.c2, ROW.b), h(50));
    const outside = await laancOperation(svc, who.pilot, inCell(COL.c3, ROW.s), h(50));
    const [a] = await submitAll(svc, who.pilot, inside.id);
    const [b] = await submitAll(svc, who.pilot, outside.id);
    const versionBefore = svc.deps.datasets.current().version;
    const r = await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'VIP TFR', geometry: inCell(COL.c2, ROW.b, 0.004), startTime: h(49).toISOString(), endTime: h(52).toISOString() } });
    expect(r.status).toBe(201);
    const out = await json<{ tfrId: string; datasetVersion: string; invalidated: string[] }>(r);
    expect(out.invalidated).toEqual([a!.id]);
    expect(out.datasetVersion).not.toBe(versionBefore);
    expect(svc.deps.datasets.current().get(out.tfrId)?.layer).toBe('tfr');
    const inv = await json<Result>(svc.call('GET', `/v1/operations/${inside.id}/laanc/authorizations/${a!.id}`, { token: who.pilot }));
    expect(inv).toMatchObject({ authorization: { status: 'STATUS_INVALID' }, statusReason: expect.stringMatching(/VIP TFR/) });
    expect(await json(svc.call('GET', `/v1/operations/${outside.id}/laanc/authorizations/${b!.id}`, { token: who.pilot }))).toMatchObject({ authorization: { status: 'STATUS_APPROVED' } });
    const l = await json<{ operation: { notices: Array<{ reason: string; ids: string[] }>; candidates: unknown[] } }>(svc.call('GET', `/v1/operations/${inside.id}/laanc`, { token: who.pilot }));
    expect(l.operation.notices).toEqual([expect.objectContaining({ reason: 'REASON_OPERATION_IN_TFR', ids: [out.tfrId] })]);
    expect(l.operation.candidates).toEqual([]);
    const cancel = await svc.call('PATCH', `/v1/operations/${inside.id}/laanc/authorizations/${a!.id}/cancel-invalid`, { token: who.pilot });
    expect(await json(cancel)).toMatchObject({ authorization: { status: 'STATUS_INVALID_CANCELLED' } });
    // The fixture's own TFR is still there: the overlay added to the dataset, it replaced nothing.
    expect(svc.deps.datasets.current().get(TFR_ID)).toBeDefined();
  });

  it('invalidates an approval with a reason (required); the pilot then cancels it', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c3, ROW.s), h(60));
    const [a] = await submitAll(svc, who.pilot, op.id);
    expect((await faa(`${a!.id}/invalidate`)).status).toBe(400);
    const r = await faa(`${a!.id}/invalidate`, { reason: 'Facility map changed' });
    expect(await json(r)).toMatchObject({ authorization: { status: 'STATUS_INVALID' }, statusReason: 'Facility map changed' });
    expect((await faa(`${a!.id}/rescind`, { reason: 'x' })).status).toBe(409);
    const listed = await json<{ operations: Array<{ operationId: string }> }>(svc.call('GET', '/v1/laanc/operations/rescinded-invalid', { token: who.operator }));
    expect(listed.operations.map((o) => o.operationId)).toContain(op.id);
  });

  it('validates TFRs and list queries', async () => {
    const bad = { name: 'x', geometry: { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.5], [-122.2, 47.6], [-122.3, 47.5]]] }, startTime: h(2).toISOString(), endTime: h(1).toISOString() };
    expect((await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: bad })).status).toBe(422);
    expect((await svc.call('POST', '/v1/sandbox/tfrs', { token: who.pilot, body: { ...bad, endTime: h(3).toISOString() } })).status).toBe(403);
    expect((await svc.call('GET', '/v1/sandbox/authorizations?status=STATUS_MAYBE', { token: who.faa })).status).toBe(422);
  });

  it('keeps sandbox TFRs when the poller swaps in another dataset version', async () => {
    const before = svc.deps.datasets.current().features.filter((f) => f.id.startsWith('tfr:sandbox:')).length;
    expect(before).toBeGreaterThan(0);
    svc.deps.datasets.swap(kbfiDataset(T0, 'kbfi-fixture-2'));
    const now = svc.deps.datasets.current();
    expect(now.version).toBe('kbfi-fixture-2+sandbox-tfr-1');
    expect(now.features.filter((f) => f.id.startsWith('tfr:sandbox:')).length).toBe(before);
  });

  it('keeps sandbox TFRs in the store: another instance (or a restart) lays them over its own dataset', async () => {
    const stored = svc.deps.datasets.current().features.filter((f) => f.id.startsWith('tfr:sandbox:'));
    expect(stored.length).toBeGreaterThan(0);
    // A second instance on the same store starts with the plain dataset and no overlay in memory.
    const other = { ...svc.deps, datasets: new DatasetProvider(kbfiDataset(T0, 'kbfi-other-instance')) };
    expect(other.datasets.current().features.some((f) => f.id.startsWith('tfr:sandbox:'))).toBe(false);
    expect(await syncSandboxTfrs(other)).toBe(true);
    expect(other.datasets.current().features.filter((f) => f.id.startsWith('tfr:sandbox:')).map((f) => f.id).sort()).toEqual(stored.map((f) => f.id).sort());
    expect(await syncSandboxTfrs(other)).toBe(false);
  });

  it('invalidates an approval by itself when any new dataset version puts a TFR over it (the transition itself calls back, as every transition does)', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c3, ROW.s), h(70));
    const [a] = await submitAll(svc, who.pilot, op.id);
    expect(a!.status).toBe('STATUS_APPROVED');
    const stop = revalidateOnSwap(svc.deps);
    try {
      // E.g. an FAA sync brings a TFR over the area for the flight's time: no sandbox FAA involved.
      const base = kbfiDataset(T0, 'kbfi-with-new-tfr');
      const tfr: AirspaceFeature = {
        id: 'tfr:imported:1', layer: 'tfr', name: 'Imported wildfire TFR', geometry: inCell(COL.c3, ROW.s, 0.004), lower: { value: 0, reference: 'SFC' },
        schedule: { startTime: h(69).toISOString(), endTime: h(75).toISOString() }, sourceId: base.sources[0]!.id,
      };
      svc.deps.datasets.swap({ ...base, features: [...base.features, tfr] });
      // The swap listener checks every version it sees (here two: the import, then the sandbox overlay
      // laid over it); whichever run gets there first invalidates it, once.
      await revalidateApproved(svc.deps, svc.deps.datasets.current());
      const read = () => json<Result>(svc.call('GET', `/v1/operations/${op.id}/laanc/authorizations/${a!.id}`, { token: who.pilot }));
      await expect.poll(async () => (await read()).authorization.status).toBe('STATUS_INVALID');
      const after = await read();
      expect(after).toMatchObject({ authorization: { status: 'STATUS_INVALID', editedBy: 'system' }, statusReason: expect.stringMatching(/Imported wildfire TFR/) });
    } finally {
      stop();
    }
  });

  it('is for people with the faa role only', async () => {
    expect((await svc.call('GET', '/v1/sandbox/authorizations', { token: who.pilot })).status).toBe(403);
    expect((await svc.call('GET', '/v1/sandbox/authorizations', { token: who.client })).status).toBe(403);
    expect((await svc.call('GET', '/v1/sandbox/authorizations')).status).toBe(401);
    expect((await faa('00000000-0000-4000-8000-000000000000/approve')).status).toBe(404);
  });
});

describe('sandbox FAA outside the sandbox', () => {
  it('is not mounted in the production profile', () => {
    expect(allRoutes('production').filter((r) => r.path.startsWith('/v1/sandbox'))).toEqual([]);
    expect(allRoutes('sandbox').filter((r) => r.path.startsWith('/v1/sandbox')).length).toBeGreaterThan(3);
  });

  it('answers 404 like an unknown path under a production configuration', async () => {
    const prod = await startTestService({ now: T0, config: { profile: 'production' } });
    try {
      const t = await prod.personToken('faa@sandbox.example', 'demo-faa');
      const r = await prod.call('GET', '/v1/sandbox/authorizations', { token: t });
      expect(r.status).toBe(404);
      expect((await json<{ message: string }>(r)).message).toMatch(/No such endpoint/);
    } finally {
      await prod.close();
    }
  });
});
