import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { bootstrap } from '../../bootstrap';
import { silentLogger } from '../../deps';
import { json, laancOperation, people, submitAll, type People } from '../../routes/operations/test-helpers';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { deliverDue, startDeliverer } from './deliver';
import { verifySignature } from '../../domain/callbacks/signing';

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);
let svc: TestService;
let who: People;
let now = T0;

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1 answering from a script of statuses (then 200). */
async function receiver(script: number[] = []) {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ url: req.url ?? '', headers: req.headers, body });
      res.statusCode = script.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { got, url: `http://127.0.0.1:${port}/hook?client=abc-123`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function at(d: Date) {
  now = d;
  svc.setNow(d);
}

beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

type Deliveries = { signingKey: string; deliveries: Array<{ id: string; authStatus: string; state: string; attempts: number; history: Array<{ statusCode: number | null }> }> };

describe('callback delivery (spec 6)', () => {
  it('a receiver gets every transition exactly as documented, signed with the client secret', async () => {
    const rx = await receiver();
    try {
      const op = await laancOperation(svc, who.client, inCell(COL.c0, ROW.a), h(30), { op: { callbackUrl: rx.url } });
      const [a] = await submitAll(svc, who.client, op.id, { justification: 'inspection' });
      expect(await deliverDue(svc.deps)).toMatchObject({ attempted: 1, delivered: 1 });
      expect((await svc.call('POST', `/v1/sandbox/authorizations/${a!.id}/approve`, { token: who.faa })).status).toBe(200);
      at(new Date(T0.getTime() + 60_000));
      expect((await svc.call('PATCH', `/v1/operations/${op.id}/laanc/authorizations/${a!.id}/close`, { token: who.client })).status).toBe(200);
      // Both changes are due: the second of the authorization waits for the first, then follows.
      expect((await deliverDue(svc.deps)).delivered).toBe(1);
      expect((await deliverDue(svc.deps)).delivered).toBe(1);
      expect((await deliverDue(svc.deps)).attempted).toBe(0);

      const { secret } = await json<{ secret: string }>(svc.call('GET', '/v1/callbacks/signing-secret', { token: who.client }));
      expect(rx.got.map((g) => JSON.parse(g.body).authStatus)).toEqual(['STATUS_PENDING', 'STATUS_APPROVED', 'STATUS_CLOSED']);
      for (const g of rx.got) {
        expect(g.url).toBe('/hook?client=abc-123');
        expect(g.headers['content-type']).toBe('application/json');
        expect(g.headers['x-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(g.headers['x-delivery-attempt']).toBe('1');
        expect(verifySignature(secret, String(g.headers['x-signature']), g.body, Math.floor(now.getTime() / 1000))).toBe(true);
        const body = JSON.parse(g.body);
        expect(Object.keys(body).sort()).toEqual(['altitude', 'atc', 'authId', 'authStatus', 'authStatusDate', 'duration', 'startTime']);
        expect(body).toMatchObject({ authId: a!.id, startTime: h(30).toISOString(), duration: 60, altitude: 200, atc: 'BFI' });
      }
      expect(JSON.parse(rx.got[2]!.body).authStatusDate).toBe(new Date(T0.getTime() + 60_000).toISOString());
      expect(new Set(rx.got.map((g) => g.headers['x-delivery-id'])).size).toBe(3);
      const seen = await json<Deliveries>(svc.call('GET', `/v1/operations/${op.id}/callbacks`, { token: who.operator }));
      expect(seen.signingKey).toBe('client');
      expect(seen.deliveries.map((d) => [d.authStatus, d.state, d.attempts])).toEqual([
        ['STATUS_CLOSED', 'DELIVERED', 1],
        ['STATUS_APPROVED', 'DELIVERED', 1],
        ['STATUS_PENDING', 'DELIVERED', 1],
      ]);
      expect((await svc.call('GET', `/v1/operations/${op.id}/callbacks`, { token: who.potomac })).status).toBe(404);
    } finally {
      await rx.close();
      at(T0);
    }
  });

  it('a receiver failing twice gets it on the third try, after the backoff; every attempt is visible', async () => {
    const rx = await receiver([500, 500]);
    try {
      const r = await svc.call('POST', '/v1/operations', { token: who.pilot, body: { name: 'cb', boundary: inCell(COL.c2, ROW.a), minAltitude: 0, maxAltitude: 200, startTime: h(40).toISOString(), endTime: h(41).toISOString(), timezone: 'UTC', callbackUrl: rx.url } });
      const op = await json<{ id: string; callbackSecret: string }>(r);
      await svc.call('POST', `/v1/operations/${op.id}/laanc`, { token: who.pilot, body: { license: 'LICENSE_PART_107', pointOfContact: { firstName: 'A', lastName: 'P', phoneNumber: '+12065550100', emailAddress: 'a@b.example' } } });
      await submitAll(svc, who.pilot, op.id);
      expect(await deliverDue(svc.deps)).toMatchObject({ attempted: 1, failed: 1 });
      expect((await deliverDue(svc.deps)).attempted).toBe(0); // not due before the backoff
      at(new Date(T0.getTime() + 10_000));
      expect(await deliverDue(svc.deps)).toMatchObject({ attempted: 1, failed: 1 });
      at(new Date(T0.getTime() + 29_000));
      expect((await deliverDue(svc.deps)).attempted).toBe(0);
      at(new Date(T0.getTime() + 30_000));
      expect(await deliverDue(svc.deps)).toMatchObject({ attempted: 1, delivered: 1 });
      expect(rx.got).toHaveLength(3);
      expect(new Set(rx.got.map((g) => g.headers['x-delivery-id'])).size).toBe(1);
      expect(rx.got.map((g) => g.headers['x-delivery-attempt'])).toEqual(['1', '2', '3']);
      const last = rx.got[2]!;
      expect(verifySignature(op.callbackSecret, String(last.headers['x-signature']), last.body, Math.floor(now.getTime() / 1000))).toBe(true);
      const seen = await json<Deliveries & { signingSecret: string }>(svc.call('GET', `/v1/operations/${op.id}/callbacks`, { token: who.pilot }));
      expect(seen.signingKey).toBe('operation');
      expect(seen.signingSecret).toBe(op.callbackSecret);
      expect(seen.deliveries[0]).toMatchObject({ state: 'DELIVERED', attempts: 3 });
      expect(seen.deliveries[0]!.history.map((x) => x.statusCode)).toEqual([500, 500, 200]);
    } finally {
      await rx.close();
      at(T0);
    }
  });

  it('survives a restart between attempts: a new instance on the same store delivers it once more', async () => {
    const rx = await receiver([503]);
    try {
      const op = await laancOperation(svc, who.client, inCell(COL.c2, ROW.b), h(44), { op: { callbackUrl: rx.url } });
      await submitAll(svc, who.client, op.id);
      expect(await deliverDue(svc.deps)).toMatchObject({ failed: 1 });
      const later = new Date(T0.getTime() + 15_000);
      const deps2 = await bootstrap(svc.deps.config, { db: svc.deps.db, dataset: kbfiDataset(T0), now: () => later, log: silentLogger });
      expect(await deliverDue(deps2)).toMatchObject({ attempted: 1, delivered: 1 });
      expect((await deliverDue(deps2)).attempted).toBe(0);
      at(later);
      expect((await deliverDue(svc.deps)).attempted).toBe(0);
      expect(rx.got).toHaveLength(2);
      expect(rx.got[0]!.headers['x-delivery-id']).toBe(rx.got[1]!.headers['x-delivery-id']);
    } finally {
      await rx.close();
      at(T0);
    }
  });

  it('concurrent transitions report exactly one change', async () => {
    const rx = await receiver();
    try {
      const op = await laancOperation(svc, who.client, inCell(COL.c3, ROW.s), h(46), { op: { callbackUrl: rx.url } });
      const [a] = await submitAll(svc, who.client, op.id);
      const base = `/v1/operations/${op.id}/laanc/authorizations/${a!.id}`;
      const [x, y] = await Promise.all([svc.call('PATCH', `${base}/cancel`, { token: who.client }), svc.call('PATCH', `${base}/close`, { token: who.client })]);
      expect([x.status, y.status].sort()).toEqual([200, 409]);
      const seen = await json<Deliveries>(svc.call('GET', `/v1/operations/${op.id}/callbacks`, { token: who.client }));
      expect(seen.deliveries.map((d) => d.authStatus)).toEqual([x.status === 200 ? 'STATUS_CANCELLED' : 'STATUS_CLOSED', 'STATUS_APPROVED']);
      expect((await deliverDue(svc.deps)).delivered).toBe(1);
      expect((await deliverDue(svc.deps)).delivered).toBe(1);
      expect(rx.got).toHaveLength(2);
    } finally {
      await rx.close();
    }
  });

  it('re-checks the address at delivery time: a target no longer allowed is not called', async () => {
    const rx = await receiver();
    try {
      const op = await laancOperation(svc, who.client, inCell(COL.c2, ROW.a, 0.001, 0.2, 0.8), h(60), { op: { callbackUrl: rx.url.replace('127.0.0.1', 'localhost') } });
      await submitAll(svc, who.client, op.id);
      const strict = { ...svc.deps, config: { ...svc.deps.config, callbackAllowLoopback: false } };
      expect(await deliverDue(strict)).toMatchObject({ attempted: 1, failed: 1 });
      expect(rx.got).toHaveLength(0);
      const seen = await json<Deliveries & { deliveries: Array<{ lastError: string }> }>(svc.call('GET', `/v1/operations/${op.id}/callbacks`, { token: who.client }));
      expect(seen.deliveries[0]!.lastError).toMatch(/loopback/);
      // Put the row out of the way of the next test: delivered now that loopback is allowed again.
      at(new Date(T0.getTime() + 3_600_000));
      expect((await deliverDue(svc.deps)).delivered).toBeGreaterThanOrEqual(1);
    } finally {
      await rx.close();
      at(T0);
    }
  });

  it('the background deliverer is woken by a new outbox row', async () => {
    const rx = await receiver();
    const stop = startDeliverer(svc.deps, 60_000);
    try {
      const op = await laancOperation(svc, who.client, inCell(COL.c3, ROW.b, 0.001, 0.2, 0.2), h(70), { op: { callbackUrl: rx.url } });
      await submitAll(svc, who.client, op.id);
      for (let i = 0; i < 50 && rx.got.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(rx.got.map((g) => JSON.parse(g.body).authStatus)).toEqual(['STATUS_APPROVED']);
    } finally {
      stop();
      await rx.close();
    }
  });
});
