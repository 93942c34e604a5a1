/** POST, GET and DELETE /v1/subscribers, and their notifications on a sandbox TFR, on the store of the run. */
import { rfc7946 } from '../../domain/geometry/rfc7946';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { DataChangeNotificationSchema, SubscriberCreatedSchema, SubscriberDeliveryListSchema, SubscriberListSchema } from '../../contract/subscribers';
import { deliverDue } from '../../services/callbacks/deliver';
import { verifySignature } from '../../domain/callbacks/signing';
import { COL, ROW, box, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { watchDatasetChanges } from '../../services/subscribers/notify';
import { subscribersStore } from '../../store/subscribers';
import { json, people, type People } from '../operations/test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
let svc: TestService;
let who: People;
let watcher: ReturnType<typeof watchDatasetChanges>;
const servers: Server[] = [];
const received: Array<{ path: string; headers: Record<string, string | string[] | undefined>; body: string }> = [];
let base = '';

beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
  watcher = watchDatasetChanges(svc.deps);
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      // A receiver under /fail answers 500: its deliveries are retried and show their error.
      res.statusCode = req.url?.startsWith('/fail') ? 500 : 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await watcher.stop();
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  await svc.close();
});

const AROUND_KBFI = inCell(COL.c1, ROW.a, 0.02);
const create = (token: string, body: unknown) => svc.call('POST', '/v1/subscribers', { token, body });
async function created(token: string, body: Record<string, unknown>) {
  const r = await create(token, body);
  expect(r.status, await r.clone().text()).toBe(201);
  return SubscriberCreatedSchema.parse(await r.json()).data;
}
const list = async (token: string) => SubscriberListSchema.parse(await json(svc.call('GET', '/v1/subscribers', { token }))).data;

describe('POST /v1/subscribers: hostile input', () => {
  it('refuses each bad field with a 4xx naming it', async () => {
    const ok = { callbackUrl: `${base}/a`, geometry: AROUND_KBFI };
    const bowtie = { type: 'Polygon', coordinates: [[[-122.3, 47.5], [-122.2, 47.6], [-122.2, 47.5], [-122.3, 47.6], [-122.3, 47.5]]] };
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ ...ok, callbackUrl: 'http://10.0.0.1/hook' }, 422, /private|not allowed|address/i],
      [{ ...ok, callbackUrl: 'http://169.254.169.254/latest' }, 422, /link-local|not allowed|address/i],
      [{ ...ok, callbackUrl: 'ftp://example.com/x' }, 422, /body\.callbackUrl/],
      [{ ...ok, geometry: { type: 'LineString', coordinates: [[-122.3, 47.5], [-122.2, 47.6]] } }, 400, /body\.geometry/],
      [{ ...ok, geometry: bowtie }, 422, /body\.geometry/],
      [{ ...ok, geometry: box(-123, 47, -121, 48.5) }, 422, /body\.geometry: the bounding box of the geometry has a side of/],
      [{ ...ok, geometry: box(-122.3, 47.5, -122.2, 95) }, 422, /body\.geometry/],
      [{ ...ok, layers: ['tfr', 'bogus'] }, 422, /body\.layers\.1: unknown layer code "bogus"/],
      [{ ...ok, layers: ['tfr', 'tfr'] }, 422, /body\.layers: a layer code is listed twice/],
      [{ ...ok, layers: [] }, 422, /body\.layers/],
      [{ ...ok, extra: true }, 400, /body/],
      [{ ...ok, callbackUrl: `${base}/\u0000` }, 422, /body\.callbackUrl/],
      [{ geometry: AROUND_KBFI }, 400, /body\.callbackUrl/],
    ];
    for (const [body, status, message] of cases) {
      const r = await create(who.pilot, body);
      const text = await r.text();
      expect(r.status, `${JSON.stringify(body).slice(0, 120)} ${text}`).toBe(status);
      expect(JSON.parse(text).message, text).toMatch(message);
    }
    expect(await list(who.pilot)).toEqual([]);
    expect((await svc.call('POST', '/v1/subscribers', { body: ok })).status).toBe(401);
    expect((await create(await svc.clientToken('operation:read'), ok)).status).toBe(403);
    expect((await svc.call('GET', '/v1/subscribers', { token: await svc.clientToken('operation:read') })).status).toBe(403);
  });
});

describe('subscribers: ownership', () => {
  it("belong to the organization: its members list them, nobody else sees or deletes them", async () => {
    const s = await created(who.pilot, { callbackUrl: `${base}/own`, geometry: AROUND_KBFI, layers: ['tfr'] });
    expect(s).toMatchObject({ callbackUrl: `${base}/own`, layers: ['tfr'], signingKey: 'subscriber', geometry: AROUND_KBFI });
    expect(s.callbackSecret).toBeTruthy();
    // The operator of the same organization lists it, without the address someone else registered.
    const seen = (await list(who.operator)).find((x) => x.id === s.id);
    expect(seen).toBeDefined();
    expect(seen!.callbackUrl).toBeUndefined();
    expect(JSON.stringify(await list(who.operator))).not.toMatch(/callbackSecret/);
    // The organization's API client signs with its own key; all codes when none are given.
    const c = await created(who.client, { callbackUrl: `${base}/client`, geometry: AROUND_KBFI });
    expect(c).toMatchObject({ signingKey: 'client', layers: expect.arrayContaining(['tfr', 'uasfm_ceiling', 'washington_frz']) });
    expect(c.callbackSecret).toBeUndefined();
    // Another organization sees none and cannot delete.
    expect(await list(who.potomac)).toEqual([]);
    expect((await svc.call('DELETE', `/v1/subscribers/${s.id}`, { token: who.potomac })).status).toBe(404);
    expect((await svc.call('DELETE', '/v1/subscribers/not-a-uuid', { token: who.pilot })).status).toBe(404);
    // A member of the organization may.
    expect((await svc.call('DELETE', `/v1/subscribers/${c.id}`, { token: who.operator })).status).toBe(204);
    expect((await svc.call('DELETE', `/v1/subscribers/${s.id}`, { token: who.pilot })).status).toBe(204);
    expect((await svc.call('DELETE', `/v1/subscribers/${s.id}`, { token: who.pilot })).status).toBe(404);
    expect((await list(who.pilot)).map((x) => x.id)).not.toContain(s.id);
  });
});

describe('subscribers: notifications', () => {
  it('a sandbox TFR notifies the subscribers whose area and layers it meets, signed, and nobody else', async () => {
    const inside = await created(who.pilot, { callbackUrl: `${base}/inside`, geometry: AROUND_KBFI, layers: ['tfr', 'uasfm_ceiling'] });
    const far = await created(who.pilot, { callbackUrl: `${base}/far`, geometry: box(-104.8, 39.8, -104.6, 39.9) });
    const otherLayers = await created(who.pilot, { callbackUrl: `${base}/stadiums`, geometry: AROUND_KBFI, layers: ['stadium'] });
    const before = svc.deps.datasets.current().version;
    received.length = 0;
    const tfrArea = inCell(COL.c1, ROW.a, 0.003);
    const r = await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'Subscriber test TFR', geometry: tfrArea, reason: 'test' } });
    expect(r.status, await r.clone().text()).toBe(201);
    const tfr = await json<{ tfrId: string; datasetVersion: string }>(r);
    await watcher.idle();
    expect(await deliverDue(svc.deps)).toMatchObject({ delivered: 1 });
    expect(received.map((x) => x.path)).toEqual(['/inside']);
    const note = DataChangeNotificationSchema.parse(JSON.parse(received[0]!.body));
    expect(note).toMatchObject({ subscriberId: inside.id, datasetVersion: tfr.datasetVersion, previousDatasetVersion: before, part: 1, parts: 1 });
    expect(note.changes).toEqual([{ layer: 'tfr', id: tfr.tfrId, change: 'added', title: 'Subscriber test TFR', geometry: rfc7946(tfrArea) }]);
    expect(verifySignature(inside.callbackSecret!, received[0]!.headers['x-signature'] as string, received[0]!.body, Math.floor(T0.getTime() / 1000))).toBe(true);
    expect(received[0]!.headers['x-delivery-id']).toBeTruthy();
    expect(await subscribersStore.deliveries(svc.deps.db, far.id)).toEqual([]);
    expect(await subscribersStore.deliveries(svc.deps.db, otherLayers.id)).toEqual([]);
    // A TFR outside every area notifies nobody.
    received.length = 0;
    const away = await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'Far TFR', geometry: box(-100.01, 35, -100, 35.01), reason: 'test' } });
    expect(away.status).toBe(201);
    await watcher.idle();
    expect(await deliverDue(svc.deps)).toMatchObject({ attempted: 0 });
    expect(received).toEqual([]);
    // Deleting a subscriber drops what it had not received yet.
    await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'Second TFR', geometry: inCell(COL.c1, ROW.a, 0.002), reason: 'test' } });
    await watcher.idle();
    expect((await subscribersStore.deliveries(svc.deps.db, inside.id)).filter((d) => d.state === 'PENDING')).toHaveLength(1);
    expect((await svc.call('DELETE', `/v1/subscribers/${inside.id}`, { token: who.pilot })).status).toBe(204);
    expect(await subscribersStore.deliveries(svc.deps.db, inside.id)).toEqual([]);
  });
});

describe('GET /v1/subscribers/{id}/deliveries', () => {
  it('lists the recent notifications with state, attempts and last error, to the owner organization only', async () => {
    const good = await created(who.pilot, { callbackUrl: `${base}/good`, geometry: AROUND_KBFI, layers: ['tfr'] });
    const bad = await created(who.client, { callbackUrl: `${base}/fail`, geometry: AROUND_KBFI, layers: ['tfr'] });
    const deliveries = async (id: string, token = who.pilot, q = '') => {
      const r = await svc.call('GET', `/v1/subscribers/${id}/deliveries${q}`, { token });
      expect(r.status, await r.clone().text()).toBe(200);
      return SubscriberDeliveryListSchema.parse(await r.json()).data;
    };
    expect(await deliveries(good.id)).toEqual([]);
    const r = await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'Deliveries TFR', geometry: inCell(COL.c1, ROW.a, 0.003), reason: 'test' } });
    expect(r.status, await r.clone().text()).toBe(201);
    const version = (await json<{ datasetVersion: string }>(r)).datasetVersion;
    await watcher.idle();
    await deliverDue(svc.deps);
    const [ok] = await deliveries(good.id, who.operator);
    expect(ok).toMatchObject({ kind: 'DATA_CHANGE', datasetVersion: version, part: 1, parts: 1, changes: 1, state: 'DELIVERED', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(ok!.deliveredDate).not.toBeNull();
    const [failing] = await deliveries(bad.id);
    expect(failing).toMatchObject({ kind: 'DATA_CHANGE', datasetVersion: version, state: 'PENDING', attempts: 1, deliveredDate: null });
    expect(failing!.lastError).toMatch(/500/);
    expect(failing!.nextAttemptAt).not.toBeNull();
    // A second notification comes first; limit cuts the list.
    await svc.call('POST', '/v1/sandbox/tfrs', { token: who.faa, body: { name: 'Deliveries TFR 2', geometry: inCell(COL.c1, ROW.a, 0.002), reason: 'test' } });
    await watcher.idle();
    const two = await deliveries(good.id);
    expect(two).toHaveLength(2);
    expect(two[0]!.state).toBe('PENDING');
    expect(two[1]!.id).toBe(ok!.id);
    expect((await deliveries(good.id, who.pilot, '?limit=1')).map((d) => d.id)).toEqual([two[0]!.id]);
    // Nobody else sees them; hostile input is a 4xx naming the field.
    const get = (id: string, token: string, q = '') => svc.call('GET', `/v1/subscribers/${id}/deliveries${q}`, { token });
    expect((await get(good.id, who.potomac)).status).toBe(404);
    expect((await get('not-a-uuid', who.pilot)).status).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', who.pilot)).status).toBe(404);
    expect((await get(good.id, await svc.clientToken('operation:read'))).status).toBe(403);
    expect((await svc.call('GET', `/v1/subscribers/${good.id}/deliveries`)).status).toBe(401);
    for (const [q, status] of [['?limit=many', 400], ['?limit=0', 422], ['?limit=201', 422], ['?since=1', 400]] as const) {
      const res = await get(good.id, who.pilot, q);
      const text = await res.text();
      expect(res.status, `${q} ${text}`).toBe(status);
      expect(JSON.parse(text).message, q).toMatch(q.includes('since') ? /since/ : /limit/);
    }
    // Deleted: its deliveries go with it.
    expect((await svc.call('DELETE', `/v1/subscribers/${good.id}`, { token: who.pilot })).status).toBe(204);
    expect((await get(good.id, who.pilot)).status).toBe(404);
  });
});
