/** POST /v1/positions, the last-position reads and conformance events, on the store of the run. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { destination } from '@turf/turf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { ConformanceListResponseSchema, LastPositionResponseSchema, PositionsResultSchema, TrackResponseSchema } from '../../contract/positions';
import { deliverDue } from '../../services/callbacks/deliver';
import { verifySignature } from '../../domain/callbacks/signing';
import { elevationDataset } from '../../domain/elevation/fixtures';
import { purgeOldPositions } from '../../services/positions/workers';
import { box } from '../../domain/laanc/test-fixture';
import { json, operationBody, people, type People } from '../operations/test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
const at = (min: number) => new Date(T0.getTime() + min * 60_000).toISOString();
// Around Boeing Field (the elevation fixture has its airport at 21 ft).
const AREA = box(-122.305, 47.527, -122.299, 47.533);
const IN = { latitude: 47.53, longitude: -122.302 };
let svc: TestService;
let who: People;
const servers: Server[] = [];
const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];

async function receiver(): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/conformance`;
}

async function operation(token: string, over: Record<string, unknown> = {}, boundary = AREA) {
  const r = await svc.call('POST', '/v1/operations', { token, body: operationBody(boundary, T0, 60, over) });
  expect(r.status, await r.clone().text()).toBe(201);
  return json<{ id: string; callbackSecret?: string }>(r);
}

const pos = (min: number, over: Record<string, unknown> = {}) => ({ time: at(min), ...IN, altitude: 100, ...over });
const send = (token: string, operationId: string, positions: unknown[]) => svc.call('POST', '/v1/positions', { token, body: { operationId, positions } });
async function sent(token: string, operationId: string, positions: unknown[]) {
  const r = await send(token, operationId, positions);
  expect(r.status, await r.clone().text()).toBe(200);
  return PositionsResultSchema.parse(await r.json()).data;
}
/** A position `m` metres east of the area's east edge, at its middle latitude. */
const eastOf = (m: number) => {
  const [lon, lat] = destination([-122.299, 47.53], m, 90, { units: 'meters' }).geometry.coordinates as [number, number];
  return { longitude: lon, latitude: lat };
};

beforeAll(async () => {
  svc = await startTestService({ dataset: elevationDataset(), now: new Date(T0.getTime() + 90 * 60_000) });
  who = await people(svc);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  await svc.close();
});

describe('POST /v1/positions: hostile input', () => {
  it('refuses each bad field with a 4xx naming it', async () => {
    const op = await operation(who.pilot);
    const cases: Array<[unknown, number, RegExp]> = [
      [[], 422, /body\.positions: expected 1 to 1000/],
      [Array.from({ length: 1001 }, (_, i) => pos(i / 100)), 422, /body\.positions: expected 1 to 1000/],
      [[pos(1, { latitude: 91 })], 422, /body\.positions\.0\.latitude/],
      [[pos(1, { longitude: -180.5 })], 422, /body\.positions\.0\.longitude/],
      [[pos(1, { altitude: 1e9 })], 422, /body\.positions\.0\.altitude/],
      [[pos(1, { time: '2026-12-01 15:01:00' })], 422, /body\.positions\.0\.time/],
      [[pos(1, { time: 'yesterday' })], 422, /body\.positions\.0\.time/],
      [[pos(1), pos(2), { ...pos(3), time: at(1).replace('Z', '+00:00') }], 422, /body\.positions\.2\.time: duplicate time/],
      [[pos(1, { altitudeReference: 'WGS84' })], 422, /body\.positions\.0\.altitudeReference/],
      [[pos(1, { time: at(24 * 60) })], 422, /body\.positions\.0\.time: is more than 300 s ahead/],
      [[pos(1, { latitude: '47.5' })], 400, /body\.positions\.0\.latitude/],
      [[pos(1, { extra: 1 })], 400, /body\.positions\.0/],
      [[pos(1, { note: 'a\u0000b' })], 422, /body\.positions\.0\.note/],
    ];
    for (const [positions, status, message] of cases) {
      const r = await send(who.pilot, op.id, positions as unknown[]);
      const text = await r.text();
      expect(r.status, text).toBe(status);
      expect(JSON.parse(text).message, text).toMatch(message);
    }
    expect((await svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: `${op.id}\u0000`, positions: [pos(1)] } })).status).toBe(422);
    expect((await svc.call('POST', '/v1/positions', { token: who.pilot, raw: '{"operationId":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    // Nothing of the refused batches was stored.
    expect(LastPositionResponseSchema.parse(await json(svc.call('GET', `/v1/operations/${op.id}/positions/last`, { token: who.pilot }))).data).toBeNull();
  });
});

describe('POST /v1/positions: visibility and scope', () => {
  it('404 for an operation the caller may not see, 403 without operation:update, 401 without a token', async () => {
    const op = await operation(who.pilot);
    expect((await send(who.potomac, op.id, [pos(1)])).status).toBe(404);
    expect((await send(who.pilot, 'not-a-uuid', [pos(1)])).status).toBe(404);
    expect((await send(who.pilot, '00000000-0000-4000-8000-000000000000', [pos(1)])).status).toBe(404);
    expect((await send(await svc.clientToken('operation:read'), op.id, [pos(1)])).status).toBe(403);
    expect((await svc.call('POST', '/v1/positions', { body: { operationId: op.id, positions: [pos(1)] } })).status).toBe(401);
    for (const path of [`/v1/operations/${op.id}/positions/last`, `/v1/positions/last?operationId=${op.id}`, `/v1/operations/${op.id}/conformance`]) {
      expect((await svc.call('GET', path, { token: who.potomac })).status, path).toBe(404);
      expect((await svc.call('GET', path, { token: await svc.clientToken('laanc:read') })).status, path).toBe(403);
    }
    expect((await svc.call('GET', '/v1/positions/last', { token: who.pilot })).status).toBe(400);
    // The organization's operator and API client may send for the pilot's operation, as they may replace it.
    expect(await sent(who.operator, op.id, [pos(1)])).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await sent(who.client, op.id, [pos(2)])).toMatchObject({ accepted: 1, duplicates: 0 });
  });
});

describe('positions: storage, idempotency, last by time', () => {
  it('stores a batch, answers the latest by time by query and by operation, and ignores a re-sent batch', async () => {
    const op = await operation(who.pilot);
    const empty = await json(svc.call('GET', `/v1/positions/last?operationId=${op.id}`, { token: who.pilot }));
    expect(LastPositionResponseSchema.parse(empty)).toMatchObject({ data: null, message: 'no position yet' });
    // Out of order in the batch: the latest by time wins, not the last sent.
    const batch = [pos(5, { speed: 4.5, heading: 90 }), pos(3), pos(4)];
    expect(await sent(who.pilot, op.id, batch)).toEqual({ accepted: 3, duplicates: 0, conformance: [] });
    for (const path of [`/v1/positions/last?operationId=${op.id}`, `/v1/operations/${op.id}/positions/last`]) {
      const last = LastPositionResponseSchema.parse(await json(svc.call('GET', path, { token: who.operator }))).data;
      expect(last, path).toMatchObject({ operationId: op.id, time: at(5), ...IN, altitude: 100, altitudeReference: 'AGL', speed: 4.5, heading: 90 });
    }
    // Re-sent with a changed altitude: the first one stays.
    expect(await sent(who.pilot, op.id, [pos(5, { altitude: 150 }), pos(2)])).toEqual({ accepted: 2, duplicates: 1, conformance: [] });
    const last = LastPositionResponseSchema.parse(await json(svc.call('GET', `/v1/operations/${op.id}/positions/last`, { token: who.pilot }))).data;
    expect(last).toMatchObject({ time: at(5), altitude: 100 });
    // A full batch of 1000 is one request.
    const full = Array.from({ length: 1000 }, (_, i) => pos(10 + i / 100));
    expect(await sent(who.pilot, op.id, full)).toMatchObject({ accepted: 1000, duplicates: 0 });
  });

  it('purges positions and events 30 days after the operation ended, not before', async () => {
    const op = await operation(who.pilot);
    await sent(who.pilot, op.id, [pos(1), pos(2, { altitude: 900 })]);
    const path = `/v1/operations/${op.id}/positions/last`;
    const end = T0.getTime() + 60 * 60_000;
    svc.setNow(new Date(end + 29 * 86_400_000));
    await purgeOldPositions(svc.deps);
    expect(LastPositionResponseSchema.parse(await json(svc.call('GET', path, { token: who.pilot }))).data).not.toBeNull();
    svc.setNow(new Date(end + 31 * 86_400_000));
    expect(await purgeOldPositions(svc.deps)).toBeGreaterThanOrEqual(1);
    expect(LastPositionResponseSchema.parse(await json(svc.call('GET', path, { token: who.pilot }))).data).toBeNull();
    expect(ConformanceListResponseSchema.parse(await json(svc.call('GET', `/v1/operations/${op.id}/conformance`, { token: who.pilot }))).data).toEqual([]);
    svc.setNow(new Date(T0.getTime() + 90 * 60_000));
  });
});

describe('GET /v1/operations/{id}/positions: the track', () => {
  const track = async (id: string, q = '', token = who.pilot) => {
    const r = await svc.call('GET', `/v1/operations/${id}/positions${q}`, { token });
    expect(r.status, await r.clone().text()).toBe(200);
    return TrackResponseSchema.parse(await r.json()).data;
  };

  it('lists the positions oldest first, by pages, and from a given time for polling', async () => {
    const op = await operation(who.pilot);
    expect(await track(op.id)).toEqual({ positions: [], nextAfter: null });
    await sent(who.pilot, op.id, [pos(4), pos(1, { speed: 3 }), pos(3), pos(2)]);
    const all = await track(op.id, '', who.operator);
    expect(all.positions.map((p) => p.time)).toEqual([at(1), at(2), at(3), at(4)]);
    expect(all.positions[0]).toMatchObject({ operationId: op.id, ...IN, altitude: 100, altitudeReference: 'AGL', speed: 3 });
    expect(all.nextAfter).toBeNull();
    const first = await track(op.id, '?limit=3');
    expect(first.positions.map((p) => p.time)).toEqual([at(1), at(2), at(3)]);
    expect(first.nextAfter).toBe(at(3));
    const second = await track(op.id, `?limit=3&after=${encodeURIComponent(first.nextAfter!)}`);
    expect(second).toEqual({ positions: [expect.objectContaining({ time: at(4) })], nextAfter: null });
    // An offset time names the same instant.
    expect((await track(op.id, `?after=${encodeURIComponent('2026-12-01T07:03:00-08:00')}`)).positions.map((p) => p.time)).toEqual([at(4)]);
  });

  it('refuses hostile input with a 4xx naming the field, and hides other organizations\' operations', async () => {
    const op = await operation(who.pilot);
    const get = (q: string, token = who.pilot, id = op.id) => svc.call('GET', `/v1/operations/${id}/positions${q}`, { token });
    const cases: Array<[string, number, RegExp]> = [
      ['?limit=many', 400, /limit/],
      ['?limit=2.5', 400, /limit/],
      ['?limit=0', 422, /limit/],
      ['?limit=1001', 422, /limit/],
      ['?after=yesterday', 422, /after/],
      ['?after=2026-12-01%2015:00:00', 422, /after/],
      ['?offset=3', 400, /offset/],
    ];
    for (const [q, status, message] of cases) {
      const r = await get(q);
      const text = await r.text();
      expect(r.status, `${q} ${text}`).toBe(status);
      expect(JSON.parse(text).message, q).toMatch(message);
    }
    expect((await get('', who.potomac)).status).toBe(404);
    expect((await get('', who.pilot, 'not-a-uuid')).status).toBe(404);
    expect((await get('', who.pilot, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('', who.pilot, `${'x'.repeat(101)}`)).status).toBeLessThan(500);
    expect((await get('', await svc.clientToken('laanc:read'))).status).toBe(403);
    expect((await svc.call('GET', `/v1/operations/${op.id}/positions`)).status).toBe(401);
  });
});

describe('conformance', () => {
  const reasons = (r: { conformance: Array<{ reason: string }> }) => r.conformance.map((e) => e.reason);

  it('raises each reason beyond its tolerance, once per excursion, and lists them oldest first', async () => {
    const op = await operation(who.pilot, { maxAltitude: 200 });
    // 20 m outside is within the 30 m tolerance; 100 m is not.
    expect(reasons(await sent(who.pilot, op.id, [pos(1, eastOf(20)), pos(2, { altitude: 249 })]))).toEqual([]);
    const out = await sent(who.pilot, op.id, [pos(3, eastOf(100)), pos(4, eastOf(150)), pos(5), pos(6, eastOf(200))]);
    expect(out.conformance.map((e) => [e.reason, e.position.time])).toEqual([['OUTSIDE_AREA', at(3)], ['OUTSIDE_AREA', at(6)]]);
    expect(out.conformance[0]!.detail).toMatch(/^10\d m outside the operation area \(tolerance 30 m\)$/);
    // Still outside in the next batch: the same excursion, no new event.
    expect(reasons(await sent(who.pilot, op.id, [pos(7, eastOf(300))]))).toEqual([]);
    expect(reasons(await sent(who.pilot, op.id, [pos(8, { altitude: 260 })]))).toEqual(['ABOVE_ALTITUDE']);
    // Before the start and after the end of the window (the clock allows it: now is after the end).
    expect(reasons(await sent(who.pilot, op.id, [pos(-1)]))).toEqual(['OUTSIDE_TIME_WINDOW']);
    expect(reasons(await sent(who.pilot, op.id, [pos(60.4), pos(61, { altitude: 400 })]))).toEqual(['ABOVE_ALTITUDE', 'OUTSIDE_TIME_WINDOW']);
    const list = ConformanceListResponseSchema.parse(await json(svc.call('GET', `/v1/operations/${op.id}/conformance`, { token: who.operator }))).data;
    expect(list.map((e) => [e.reason, e.position.time])).toEqual([
      ['OUTSIDE_TIME_WINDOW', at(-1)], ['OUTSIDE_AREA', at(3)], ['OUTSIDE_AREA', at(6)], ['ABOVE_ALTITUDE', at(8)], ['ABOVE_ALTITUDE', at(61)], ['OUTSIDE_TIME_WINDOW', at(61)],
    ]);
    // A re-sent batch raises nothing again.
    expect(await sent(who.pilot, op.id, [pos(3, eastOf(100)), pos(8, { altitude: 260 })])).toEqual({ accepted: 2, duplicates: 2, conformance: [] });
  });

  it('converts MSL positions with the terrain model, against the pilot, and says when it cannot', async () => {
    const op = await operation(who.pilot, { maxAltitude: 200 });
    // Ground at BFI is about 21 ft: 221 ft MSL is about 200 ft AGL, plus the 42 ft margin, under 250.
    expect(reasons(await sent(who.pilot, op.id, [pos(1, { altitude: 221, altitudeReference: 'MSL' })]))).toEqual([]);
    const high = await sent(who.pilot, op.id, [pos(2, { altitude: 221 + 20, altitudeReference: 'MSL' })]);
    expect(reasons(high)).toEqual(['ABOVE_ALTITUDE']);
    expect(high.conformance[0]!.detail).toMatch(/terrain model/);
    // An MSL operation with AGL positions: 150 ft AGL over ~21 ft ground (+42) is about 213 MSL, under 250.
    const msl = await operation(who.pilot, { maxAltitude: 200, altitudeReference: 'ALTITUDE_REFERENCE_AMSL' });
    expect(reasons(await sent(who.pilot, msl.id, [pos(1, { altitude: 150 })]))).toEqual([]);
    expect(reasons(await sent(who.pilot, msl.id, [pos(2, { altitude: 200 })]))).toEqual(['ABOVE_ALTITUDE']);
    // Far from any airport of the dataset the model has no coverage: the altitude cannot be checked.
    const nowhere = box(-116.0, 38.0, -115.99, 38.01);
    const far = await operation(who.pilot, {}, nowhere);
    const unknown = await sent(who.pilot, far.id, [{ time: at(1), latitude: 38.005, longitude: -115.995, altitude: 5000, altitudeReference: 'MSL' }]);
    expect(reasons(unknown)).toEqual(['ALTITUDE_UNKNOWN']);
  });

  it("posts each event to the operation's callbackUrl through the signed outbox", async () => {
    const url = await receiver();
    const op = await operation(who.pilot, { callbackUrl: url });
    expect(op.callbackSecret).toBeTruthy();
    const out = await sent(who.pilot, op.id, [pos(1), pos(2, eastOf(500))]);
    expect(reasons(out)).toEqual(['OUTSIDE_AREA']);
    expect(await deliverDue(svc.deps)).toMatchObject({ attempted: 1, delivered: 1 });
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(JSON.parse(got.body)).toEqual({ event: 'conformance', operationId: op.id, reason: 'OUTSIDE_AREA', position: out.conformance[0]!.position, eventId: out.conformance[0]!.id, detail: out.conformance[0]!.detail });
    expect(got.headers['x-delivery-id']).toBeTruthy();
    expect(verifySignature(op.callbackSecret!, got.headers['x-signature'] as string, got.body, Math.floor(svc.deps.now().getTime() / 1000))).toBe(true);
    // And it is listed with the operation's other deliveries.
    const deliveries = await json<{ deliveries: Array<{ authStatus: string; authorizationId: string; state: string }> }>(svc.call('GET', `/v1/operations/${op.id}/callbacks`, { token: who.pilot }));
    expect(deliveries.deliveries).toEqual([expect.objectContaining({ authStatus: 'CONFORMANCE', authorizationId: out.conformance[0]!.id, state: 'DELIVERED' })]);
  });
});
