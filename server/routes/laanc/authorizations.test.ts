import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { AuthorizationEventListSchema, AuthorizationListSchema, AuthorizationResultSchema, LaancOperationResultSchema, SubmitResultSchema } from '../../contract/laanc';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { json, laancOperation, people, submitAll, type People } from '../operations/test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);
let svc: TestService;
let who: People;

beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

const faa = (path: string, body?: unknown) => svc.call('POST', `/v1/sandbox/authorizations/${path}`, body === undefined ? { token: who.faa } : { token: who.faa, body });
const act = (opId: string, authId: string, action: string, token = who.pilot) => svc.call('PATCH', `/v1/operations/${opId}/laanc/authorizations/${authId}/${action}`, { token });
const getAuth = async (opId: string, authId: string, token = who.pilot) =>
  AuthorizationResultSchema.parse(await json(svc.call('GET', `/v1/operations/${opId}/laanc/authorizations/${authId}`, { token })));
const list = async (query: string, token = who.pilot) => {
  const r = await svc.call('GET', `/v1/laanc/authorizations${query}`, { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return AuthorizationListSchema.parse(await r.json());
};

describe('authorization history', () => {
  it('submit → rescind → acknowledge: three events with who, when and why, in every result', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c2, ROW.a), h(4));
    const submitted = await svc.call('POST', `/v1/operations/${op.id}/laanc/authorizations`, { token: who.pilot });
    const s = SubmitResultSchema.parse(await submitted.json());
    const id = s.submitted[0]!;
    expect(s.authorizationDetails).toEqual([
      { authorizationId: id, statusReason: null, history: [{ status: 'STATUS_APPROVED', action: 'submit', at: T0.toISOString(), by: who.ids.pilot, reason: null }] },
    ]);

    svc.setNow(h(1));
    expect((await faa(`${id}/rescind`, { reason: 'Runway works' })).status).toBe(200);
    svc.setNow(h(2));
    try {
      const ack = await act(op.id, id, 'acknowledge-rescinded');
      expect(ack.status).toBe(200);
      const expected = [
        { status: 'STATUS_APPROVED', action: 'submit', at: T0.toISOString(), by: who.ids.pilot, reason: null },
        { status: 'STATUS_RESCINDED', action: 'rescind', at: h(1).toISOString(), by: who.ids.faa, reason: 'Runway works' },
        { status: 'STATUS_RESCINDED_ACKNOWLEDGED', action: 'acknowledge_rescinded', at: h(2).toISOString(), by: who.ids.pilot, reason: null },
      ];
      expect(AuthorizationResultSchema.parse(await ack.json()).history).toEqual(expected);
      const one = await getAuth(op.id, id, who.operator);
      expect(one).toMatchObject({ statusReason: 'Runway works', history: expected });
      // The spec's Authorization keeps its 16 fields; the context is next to it.
      expect(Object.keys(one.authorization)).toHaveLength(16);
      const l = LaancOperationResultSchema.parse(await json(svc.call('GET', `/v1/operations/${op.id}/laanc`, { token: who.pilot })));
      expect(l.authorizationDetails).toEqual([{ authorizationId: id, statusReason: 'Runway works', history: expected }]);
      expect(Object.keys(l.operation).sort()).toEqual(['authorizations', 'candidates', 'fixedAltitude', 'license', 'notices', 'pointOfContact']);
    } finally {
      svc.setNow(T0);
    }
  });

  it('records further coordination (with the justification), FAA approval, auto-cancel by the system', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c0, ROW.a), h(30));
    const [a] = await submitAll(svc, who.pilot, op.id, { justification: 'Bridge inspection' });
    expect((await faa(`${a!.id}/approve`)).status).toBe(200);
    expect((await act(op.id, a!.id, 'close')).status).toBe(200);
    expect((await getAuth(op.id, a!.id)).history.map((e) => [e.status, e.action, e.by, e.reason])).toEqual([
      ['STATUS_PENDING', 'submit', who.ids.pilot, 'Bridge inspection'],
      ['STATUS_APPROVED', 'approve', who.ids.faa, null],
      ['STATUS_CLOSED', 'close', who.ids.pilot, null],
    ]);

    const late = await laancOperation(svc, who.pilot, inCell(COL.c0, ROW.a), h(3));
    const [p] = await submitAll(svc, who.pilot, late.id, { justification: 'needed' });
    svc.setNow(new Date(h(3).getTime() + 60_000));
    try {
      const events = (await getAuth(late.id, p!.id)).history;
      expect(events.at(-1)).toMatchObject({ status: 'STATUS_AUTO_CANCELLED', action: 'auto_cancel', by: 'system', reason: expect.stringMatching(/not answered/) });
    } finally {
      svc.setNow(T0);
    }
  });

  it('records an invalidation by an airspace data change (a sandbox TFR) as the system', async () => {
    const area = inCell(COL.c3, ROW.a, 0.001, 0.2, 0.2);
    const op = await laancOperation(svc, who.pilot, area, h(5));
    const [a] = await submitAll(svc, who.pilot, op.id);
    const tfr = await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'History TFR', geometry: inCell(COL.c3, ROW.a, 0.004), startTime: h(4).toISOString(), endTime: h(7).toISOString(), reason: 'VIP movement' } });
    expect(tfr.status).toBe(201);
    const events = (await getAuth(op.id, a!.id)).history;
    expect(events.map((e) => [e.status, e.action, e.by])).toEqual([
      ['STATUS_APPROVED', 'submit', who.ids.pilot],
      ['STATUS_INVALID', 'invalidate', 'system'],
    ]);
    expect(events[1]!.reason).toMatch(/History TFR/);
  });
});

describe('GET /v1/laanc/authorizations', () => {
  it('lists what the caller may see, with operation, pilot and statusReason; filters and pages', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c0, ROW.a), h(40), { op: { name: 'Listed pending' } });
    const [pending] = await submitAll(svc, who.pilot, op.id, { justification: 'needed' });
    const denied = await laancOperation(svc, who.operator, inCell(COL.c0, ROW.a), h(41), { op: { name: 'Listed denied' } });
    const [d] = await submitAll(svc, who.operator, denied.id, { justification: 'needed' });
    expect((await faa(`${d!.id}/deny`, { reason: 'Airshow' })).status).toBe(200);

    const mine = await list('?status=STATUS_PENDING');
    expect(mine.authorizations.map((x) => x.authorization.id)).toContain(pending!.id);
    expect(mine.authorizations.every((x) => x.authorization.status === 'STATUS_PENDING')).toBe(true);
    expect(mine.authorizations.find((x) => x.authorization.id === pending!.id)).toMatchObject({
      operationId: op.id,
      operationName: 'Listed pending',
      operationStartTime: h(40).toISOString(),
      operationTimezone: 'America/Los_Angeles',
      pilotId: who.ids.pilot,
      statusReason: null,
      history: [{ status: 'STATUS_PENDING', action: 'submit' }],
    });
    // The pilot does not see the operator's own operation; the operator sees the whole organization.
    expect((await list('?status=STATUS_DENIED')).authorizations.map((x) => x.authorization.id)).not.toContain(d!.id);
    const org = await list('?status=STATUS_DENIED,STATUS_PENDING', who.operator);
    expect(org.authorizations.find((x) => x.authorization.id === d!.id)).toMatchObject({ statusReason: 'Airshow', pilotId: who.ids.operator });
    expect(org.authorizations.map((x) => x.authorization.id)).toContain(pending!.id);
    // An API client of the organization sees it too.
    expect((await list(`?operationId=${op.id}`, who.client)).authorizations.map((x) => x.authorization.id)).toEqual([pending!.id]);

    const all = await list('?limit=500', who.operator);
    expect(all.total).toBe(all.authorizations.length);
    const page = await list('?limit=1&offset=1', who.operator);
    expect(page).toMatchObject({ limit: 1, offset: 1, total: all.total, nextOffset: all.total > 2 ? 2 : null });
    expect(page.authorizations[0]!.authorization.id).toBe(all.authorizations[1]!.authorization.id);
  });

  it('another organization sees nothing; needs laanc:read; refuses a bad query', async () => {
    expect(await list('', who.potomac)).toEqual({ authorizations: [], total: 0, limit: 100, offset: 0, nextOffset: null });
    expect((await svc.call('GET', '/v1/laanc/authorizations')).status).toBe(401);
    expect((await svc.call('GET', '/v1/laanc/authorizations', { token: await svc.clientToken('operation:read') })).status).toBe(403);
    expect((await svc.call('GET', '/v1/laanc/authorizations?status=STATUS_NOPE', { token: who.pilot })).status).toBe(422);
    expect((await svc.call('GET', '/v1/laanc/authorizations?limit=0', { token: who.pilot })).status).toBe(422);
    expect((await svc.call('GET', '/v1/laanc/authorizations?sort=x', { token: who.pilot })).status).toBe(400);
  });

  it('a stale pending one is listed as auto-cancelled, not pending', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c0, ROW.a), h(6));
    const [a] = await submitAll(svc, who.pilot, op.id, { justification: 'needed' });
    svc.setNow(new Date(h(6).getTime() + 1000));
    try {
      expect((await list('?status=STATUS_PENDING')).authorizations.map((x) => x.authorization.id)).not.toContain(a!.id);
      expect((await list('?status=STATUS_AUTO_CANCELLED')).authorizations.map((x) => x.authorization.id)).toContain(a!.id);
    } finally {
      svc.setNow(T0);
    }
  });
});

describe('GET /v1/laanc/events', () => {
  const events = async (query: string, token = who.pilot) => {
    const r = await svc.call('GET', `/v1/laanc/events${query}`, { token });
    expect(r.status, await r.clone().text()).toBe(200);
    return AuthorizationEventListSchema.parse(await r.json()).events;
  };

  it('gives the status changes the caller may see, newest first, and only newer ones after ?since', async () => {
    const op = await laancOperation(svc, who.pilot, inCell(COL.c0, ROW.a), h(60), { op: { name: 'Events flight' } });
    const [a] = await submitAll(svc, who.pilot, op.id, { justification: 'needed' });
    const before = await events('?limit=200');
    const submitted = before.find((e) => e.authorizationId === a!.id)!;
    expect(submitted).toMatchObject({ status: 'STATUS_PENDING', action: 'submit', operationId: op.id, operationName: 'Events flight', operationTimezone: 'America/Los_Angeles', referenceCode: a!.referenceCode });

    svc.setNow(h(1));
    try {
      expect((await faa(`${a!.id}/approve`, {})).status).toBe(200);
      const fresh = await events(`?since=${encodeURIComponent(submitted.at)}`);
      expect(fresh.filter((e) => e.authorizationId === a!.id).map((e) => [e.status, e.action, e.at])).toEqual([['STATUS_APPROVED', 'approve', h(1).toISOString()]]);
      expect(fresh.every((e) => e.at > submitted.at)).toBe(true);
      // Newest first.
      const all = await events('?limit=200');
      expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
    } finally {
      svc.setNow(T0);
    }
    // Another organization sees none of it; the operator of the pilot's organization does.
    expect((await events('?limit=200', who.potomac)).map((e) => e.authorizationId)).not.toContain(a!.id);
    expect((await events('?limit=200', who.operator)).map((e) => e.authorizationId)).toContain(a!.id);
  });

  it('refuses a bad query with a 4xx naming it', async () => {
    expect((await svc.call('GET', '/v1/laanc/events?since=yesterday', { token: who.pilot })).status).toBe(422);
    expect((await svc.call('GET', '/v1/laanc/events?limit=201', { token: who.pilot })).status).toBe(422);
    expect((await svc.call('GET', '/v1/laanc/events?x=1', { token: who.pilot })).status).toBe(400);
    expect((await svc.call('GET', '/v1/laanc/events')).status).toBe(401);
  });
});
