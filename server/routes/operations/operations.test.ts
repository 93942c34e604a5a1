import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { json, laancOperation, operationBody, people, submitAll, type People } from './test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);
let svc: TestService;
let who: People;

beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

const create = (token: string, body: unknown) => svc.call('POST', '/v1/operations', { token, body });
type Op = { id: string; pilotId: string; createdBy: string; createdDate: string; callbackSecret?: string; name: string };

describe('POST /v1/operations', () => {
  it('creates with a UUIDv4 id, createdBy and createdDate set by the service, defaults applied', async () => {
    const r = await create(who.pilot, { name: 'Minimal', boundary: inCell(COL.c2, ROW.a), minAltitude: 0, maxAltitude: 100, startTime: h(1).toISOString(), endTime: h(2).toISOString(), timezone: 'America/Los_Angeles' });
    expect(r.status).toBe(201);
    const op = await json<Op & Record<string, unknown>>(r);
    expect(op.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(op).toMatchObject({ pilotId: who.ids.pilot, createdBy: who.ids.pilot, createdDate: T0.toISOString(), altitudeUnit: 'ALTITUDE_UNIT_UNSPECIFIED', altitudeReference: 'ALTITUDE_REFERENCE_UNSPECIFIED', flightType: 'FLIGHT_TYPE_UNSPECIFIED', authorizationProviders: [], desc: '' });
    expect(op.callbackSecret).toBeUndefined();
  });

  it('answers 422 naming each rule of spec 2.4', async () => {
    const base = operationBody(inCell(COL.c2, ROW.a), h(1));
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ endTime: h(1).toISOString() }, /endTime must be greater than startTime/],
      [{ minAltitude: 300, maxAltitude: 200 }, /minAltitude must be <= maxAltitude/],
      [{ startTime: '2026-12-01T16:00:00+01:00' }, /UTC/],
      [{ timezone: 'Mars/Olympus' }, /IANA/],
      [{ flightType: 'FLIGHT_TYPE_BALLOON' }, /flightType/],
      [{ authorizationProviders: ['APPROVAL_PROVIDER_ME'] }, /authorizationProviders/],
      [{ callbackUrl: 'ftp://example.com/x' }, /http or https/],
      [{ callbackUrl: 'http://10.1.2.3/hook' }, /private network/],
      [{ callbackUrl: 'http://169.254.169.254/latest' }, /link-local network/],
      [{ callbackUrl: 'http://[fd00::1]/hook' }, /private network/],
      [{ callbackUrl: 'http://user:pw@example.com/hook' }, /credentials/],
    ];
    for (const [over, msg] of cases) {
      const r = await create(who.pilot, { ...base, ...over });
      expect(r.status, JSON.stringify(over)).toBe(422);
      expect((await json<{ message: string }>(r)).message).toMatch(msg);
    }
  });

  it('answers 400 for wrong types, missing fields and unknown fields', async () => {
    const base = operationBody(inCell(COL.c2, ROW.a), h(1));
    expect((await create(who.pilot, { ...base, name: 5 })).status).toBe(400);
    const { boundary: _b, ...noBoundary } = base;
    expect((await create(who.pilot, noBoundary)).status).toBe(400);
    expect((await create(who.pilot, { ...base, id: 'mine' })).status).toBe(400);
  });

  it('accepts a loopback callback in the sandbox and gives a person the signing secret once', async () => {
    const r = await create(who.pilot, operationBody(inCell(COL.c2, ROW.a), h(1), 60, { callbackUrl: 'http://127.0.0.1:9/hook?client=abc' }));
    expect(r.status).toBe(201);
    const op = await json<Op>(r);
    expect(op.callbackSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const again = await json<Op>(svc.call('GET', `/v1/operations/${op.id}`, { token: who.pilot }));
    expect(again.callbackSecret).toBeUndefined();
  });

  it('lets an operator plan for a pilot of the organization, but not a pilot for someone else', async () => {
    const body = operationBody(inCell(COL.c2, ROW.a), h(1), 60, { pilotId: who.ids.pilot });
    const ok = await create(who.operator, body);
    expect(ok.status).toBe(201);
    expect(await json(ok)).toMatchObject({ pilotId: who.ids.pilot, createdBy: who.ids.operator });
    expect((await create(who.potomac, body)).status).toBe(422);
    expect((await create(who.client, operationBody(inCell(COL.c2, ROW.a), h(1), 60, { pilotId: who.ids.potomac }))).status).toBe(422);
  });

  it('needs a token (401) with the scope (403)', async () => {
    expect((await svc.call('POST', '/v1/operations', { body: operationBody(inCell(COL.c2, ROW.a), h(1)) })).status).toBe(401);
    expect((await svc.call('GET', '/v1/operations')).status).toBe(401);
    expect((await svc.call('GET', '/v1/operations', { token: await svc.clientToken('laanc:read') })).status).toBe(403);
    expect((await svc.call('GET', '/v1/operations/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await create(await svc.clientToken('operation:read'), operationBody(inCell(COL.c2, ROW.a), h(1)))).status).toBe(403);
  });
});

describe('visibility, get, update, delete', () => {
  let cascadeOp: Op;
  let potomacOp: Op;
  beforeAll(async () => {
    cascadeOp = await json<Op>(create(who.pilot, operationBody(inCell(COL.c2, ROW.a), h(10), 60, { name: 'Cascade only' })));
    potomacOp = await json<Op>(create(who.potomac, operationBody(inCell(COL.c3, ROW.a), h(10), 60, { name: 'Potomac only' })));
  });

  it('the owner, the operator and the API client of the organization see it; others get 404', async () => {
    for (const t of [who.pilot, who.operator, who.client]) expect((await svc.call('GET', `/v1/operations/${cascadeOp.id}`, { token: t })).status).toBe(200);
    for (const t of [who.potomac, who.faa]) expect((await svc.call('GET', `/v1/operations/${cascadeOp.id}`, { token: t })).status).toBe(404);
    expect((await svc.call('GET', `/v1/operations/${potomacOp.id}`, { token: who.pilot })).status).toBe(404);
    expect((await svc.call('GET', `/v1/operations/${potomacOp.id}`, { token: who.client })).status).toBe(404);
    expect((await svc.call('GET', '/v1/operations/not-a-uuid', { token: who.pilot })).status).toBe(404);
  });

  it('lists only what the caller may see', async () => {
    const names = async (t: string) => (await json<{ operations: Op[] }>(svc.call('GET', '/v1/operations?limit=500', { token: t }))).operations.map((o) => o.name);
    expect(await names(who.potomac)).toEqual(['Potomac only']);
    expect(await names(who.pilot)).toContain('Cascade only');
    expect(await names(who.pilot)).not.toContain('Potomac only');
    expect(await names(who.operator)).toContain('Cascade only');
    expect(await names(who.faa)).toEqual([]);
  });

  it('another organization can neither change nor delete it (404)', async () => {
    const body = operationBody(inCell(COL.c2, ROW.a), h(10), 60, { name: 'Hijacked' });
    expect((await svc.call('PUT', `/v1/operations/${cascadeOp.id}`, { token: who.potomac, body })).status).toBe(404);
    expect((await svc.call('DELETE', `/v1/operations/${cascadeOp.id}`, { token: who.potomac })).status).toBe(404);
  });

  it('replaces with PUT (same rules) and deletes', async () => {
    const body = operationBody(inCell(COL.c2, ROW.a), h(11), 30, { name: 'Renamed' });
    const r = await svc.call('PUT', `/v1/operations/${cascadeOp.id}`, { token: who.operator, body });
    expect(r.status).toBe(200);
    expect(await json(r)).toMatchObject({ id: cascadeOp.id, name: 'Renamed', createdBy: who.ids.pilot, createdDate: cascadeOp.createdDate, startTime: h(11).toISOString() });
    expect((await svc.call('PUT', `/v1/operations/${cascadeOp.id}`, { token: who.pilot, body: { ...body, maxAltitude: -5, minAltitude: 0 } })).status).toBe(422);
    expect((await svc.call('DELETE', `/v1/operations/${cascadeOp.id}`, { token: who.pilot })).status).toBe(204);
    expect((await svc.call('GET', `/v1/operations/${cascadeOp.id}`, { token: who.pilot })).status).toBe(404);
  });
});

describe('GET /v1/operations paging, filters and sort', () => {
  it('pages with limit/offset and filters by phase, time range and bbox', async () => {
    const t = await svc.personToken('pilot@potomac.example', 'demo-pilot');
    for (const [i, start] of [h(-5), h(1), h(20)].entries()) {
      await create(t, operationBody(inCell(COL.c0 + i, ROW.s), start, 60, { name: `paged-${i}` }));
    }
    const page1 = await json<{ operations: Op[]; total: number; nextOffset: number | null }>(svc.call('GET', '/v1/operations?limit=2&sort=startTime', { token: t }));
    expect(page1.total).toBe(4);
    expect(page1.operations).toHaveLength(2);
    expect(page1.nextOffset).toBe(2);
    const page2 = await json<{ operations: Op[]; nextOffset: number | null }>(svc.call('GET', '/v1/operations?limit=2&offset=2&sort=startTime', { token: t }));
    expect(page2.nextOffset).toBeNull();
    const all = [...page1.operations, ...page2.operations].map((o) => o.name);
    expect(all[0]).toBe('paged-0');
    const q = async (qs: string) => (await json<{ operations: Op[] }>(svc.call('GET', `/v1/operations?${qs}`, { token: t }))).operations.map((o) => o.name).sort();
    expect(await q('status=ENDED')).toEqual(['paged-0']);
    expect(await q('status=UPCOMING')).toEqual(['Potomac only', 'paged-1', 'paged-2']);
    expect(await q(`from=${h(15).toISOString()}&to=${h(30).toISOString()}`)).toEqual(['paged-2']);
    const x = (COL.c0 + 0.5) / 120, y = (ROW.s + 0.5) / 120;
    expect(await q(`bbox=${x - 0.001},${y - 0.001},${x + 0.001},${y + 0.001}`)).toEqual(['paged-0']);
    expect((await q('sort=-name')).length).toBe(4);
    expect((await svc.call('GET', '/v1/operations?limit=0', { token: t })).status).toBe(422);
    expect((await svc.call('GET', '/v1/operations?status=SOON', { token: t })).status).toBe(422);
    expect((await svc.call('GET', '/v1/operations?bbox=1,2,3', { token: t })).status).toBe(422);
  });
});

describe('GET /v1/operations text, flight type and pilot filters', () => {
  it('q matches name or description (case-insensitive, literally); flightType and pilotId narrow; all combine', async () => {
    const mk = async (token: string, over: Record<string, unknown>) => {
      const r = await create(token, operationBody(inCell(COL.c1, ROW.s), h(3), 30, over));
      expect(r.status).toBe(201);
    };
    await mk(who.pilot, { name: 'QF Bridge survey', desc: 'north span' });
    await mk(who.operator, { name: 'QF Roof', desc: 'Over the BRIDGE road, 100%_done' });
    await mk(who.operator, { name: 'QF Park', desc: 'fun', flightType: 'FLIGHT_TYPE_RECREATIONAL', pilotId: who.ids.pilot });
    const names = async (qs: string, token = who.operator) => {
      const r = await svc.call('GET', `/v1/operations?limit=500&${qs}`, { token });
      expect(r.status, qs).toBe(200);
      const body = await json<{ operations: Op[]; total: number }>(r);
      expect(body.total).toBe(body.operations.length);
      return body.operations.map((o) => o.name).filter((n) => n.startsWith('QF ')).sort();
    };
    expect(await names('q=bridge')).toEqual(['QF Bridge survey', 'QF Roof']);
    expect(await names('q=%20BRIDGE%20')).toEqual(['QF Bridge survey', 'QF Roof']);
    expect(await names(`q=${encodeURIComponent('100%_')}`)).toEqual(['QF Roof']);
    expect(await names(`q=${encodeURIComponent('1%0')}`)).toEqual([]);
    expect(await names('flightType=FLIGHT_TYPE_RECREATIONAL')).toEqual(['QF Park']);
    expect(await names(`pilotId=${who.ids.pilot}`)).toEqual(['QF Bridge survey', 'QF Park']);
    expect(await names(`pilotId=${who.ids.operator}&q=bridge`)).toEqual(['QF Roof']);
    expect(await names('q=qf&flightType=FLIGHT_TYPE_COMMERCIAL')).toEqual(['QF Bridge survey', 'QF Roof']);
    // Filters narrow what the caller may see; they never widen it.
    expect(await names(`pilotId=${who.ids.operator}`, who.pilot)).toEqual([]);
    expect(await names('q=bridge', who.potomac)).toEqual([]);
    expect((await svc.call('GET', '/v1/operations?flightType=FLIGHT_TYPE_GLIDER', { token: who.pilot })).status).toBe(422);
    expect((await svc.call('GET', '/v1/operations?q=', { token: who.pilot })).status).toBe(422);
    expect((await svc.call('GET', `/v1/operations?q=${'x'.repeat(201)}`, { token: who.pilot })).status).toBe(422);
  });
});

describe('GET /v1/callbacks/signing-secret', () => {
  it('gives an API client its callback secret and refuses a person', async () => {
    const r = await svc.call('GET', '/v1/callbacks/signing-secret', { token: who.client });
    expect(r.status).toBe(200);
    expect((await json<{ secret: string }>(r)).secret.length).toBeGreaterThan(20);
    expect((await svc.call('GET', '/v1/callbacks/signing-secret', { token: who.pilot })).status).toBe(403);
  });
});

describe('GET /v1/operations by LAANC authorization status', () => {
  it('gives each listed operation its authorization statuses and filters by them, NONE for none', async () => {
    const t = await svc.personToken('pilot@potomac.example', 'demo-pilot');
    const withAuth = await laancOperation(svc, t, inCell(COL.c2, ROW.a, 0.001, 0.2, 0.2), h(30), { op: { name: 'AS approved' } });
    const [a] = await submitAll(svc, t, withAuth.id);
    expect(a!.status).toBe('STATUS_APPROVED');
    const plain = await json<Op>(create(t, operationBody(inCell(COL.c1, ROW.s), h(31), 30, { name: 'AS none' })));
    const list = async (qs: string) => json<{ operations: Op[]; authorizationStatuses: Record<string, string[]> }>(svc.call('GET', `/v1/operations?limit=500&${qs}`, { token: t }));

    const all = await list('q=AS%20');
    expect(all.authorizationStatuses[withAuth.id]).toEqual(['STATUS_APPROVED']);
    expect(all.authorizationStatuses[plain.id]).toBeUndefined();
    expect((await list('q=AS%20&authorization=STATUS_APPROVED')).operations.map((o) => o.name)).toEqual(['AS approved']);
    expect((await list('q=AS%20&authorization=NONE')).operations.map((o) => o.name)).toEqual(['AS none']);
    expect((await list('q=AS%20&authorization=STATUS_PENDING,STATUS_DENIED')).operations).toEqual([]);
    expect((await list('q=AS%20&authorization=STATUS_PENDING,NONE')).operations.map((o) => o.name)).toEqual(['AS none']);
    const bad = await svc.call('GET', '/v1/operations?authorization=STATUS_SOON', { token: t });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toMatch(/authorization/);
  });
});
