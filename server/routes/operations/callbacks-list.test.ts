import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { CallbackListSchema } from '../../contract/operations';
import { deliverDue, MAX_ATTEMPTS } from '../../services/callbacks/deliver';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { laancOperation, people, submitAll, type People } from './test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);
let svc: TestService;
let who: People;
const servers: Server[] = [];

/** A receiver on 127.0.0.1 that always answers `status`. */
async function receiver(status: number): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = status;
      res.end('x');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  await svc.close();
});

const list = async (query: string, token = who.pilot) => {
  const r = await svc.call('GET', `/v1/callbacks${query}`, { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return CallbackListSchema.parse(await r.json());
};
const ops = (l: { deliveries: Array<{ operationName: string }> }) => l.deliveries.map((d) => d.operationName).sort();

describe('GET /v1/callbacks', () => {
  it('lists deliveries of visible operations by state: pending, failing, dead, delivered', async () => {
    const ok = await receiver(200);
    const bad = await receiver(500);
    const good = await laancOperation(svc, who.pilot, inCell(COL.c2, ROW.a), h(4), { op: { name: 'cb-good', callbackUrl: ok } });
    const failing = await laancOperation(svc, who.pilot, inCell(COL.c2, ROW.a), h(6), { op: { name: 'cb-failing', callbackUrl: bad } });
    await submitAll(svc, who.pilot, good.id);
    await submitAll(svc, who.pilot, failing.id);
    expect(await deliverDue(svc.deps)).toMatchObject({ attempted: 2, delivered: 1, failed: 1 });
    const waiting = await laancOperation(svc, who.operator, inCell(COL.c2, ROW.a), h(8), { op: { name: 'cb-waiting', callbackUrl: ok } });
    await submitAll(svc, who.operator, waiting.id);

    expect(ops(await list('?state=delivered'))).toEqual(['cb-good']);
    const f = await list('?state=failing');
    expect(f.deliveries).toEqual([
      expect.objectContaining({ operationId: failing.id, operationName: 'cb-failing', state: 'PENDING', attempts: 1, authStatus: 'STATUS_APPROVED', lastError: expect.stringMatching(/500/) }),
    ]);
    expect(f.deliveries[0]!.history).toEqual([expect.objectContaining({ attempt: 1, statusCode: 500 })]);
    expect(f.deliveries[0]!.nextAttemptAt).not.toBeNull();
    // The pilot does not see the operator's own operation; the operator (and the organization's client) do.
    expect(ops(await list('?state=pending'))).toEqual([]);
    expect(ops(await list('?state=pending', who.operator))).toEqual(['cb-waiting']);
    expect(ops(await list('?state=pending,failing', who.client))).toEqual(['cb-failing', 'cb-waiting']);
    const all = await list('', who.operator);
    expect(all).toMatchObject({ total: 3, limit: 100, offset: 0, nextOffset: null });
    expect(all.deliveries[0]!.operationName).toBe('cb-waiting'); // newest first
    expect(await list('?limit=1&offset=1', who.operator)).toMatchObject({ total: 3, nextOffset: 2, deliveries: [expect.objectContaining({ operationName: all.deliveries[1]!.operationName })] });
    expect(JSON.stringify(all)).not.toMatch(/signingSecret|callbackSecret/);

    // Retrying until the last attempt: the failing one is then dead (FAILED), the waiting one delivered.
    for (let i = 2; i <= MAX_ATTEMPTS; i++) {
      svc.setNow(new Date(T0.getTime() + i * 2 * 3_600_000));
      await deliverDue(svc.deps);
    }
    svc.setNow(T0);
    expect(await list('?state=failing')).toMatchObject({ deliveries: [], total: 0 });
    const dead = await list('?state=dead');
    expect(dead.deliveries).toEqual([expect.objectContaining({ operationName: 'cb-failing', state: 'FAILED', attempts: MAX_ATTEMPTS, nextAttemptAt: null })]);
    expect(ops(await list('?state=delivered', who.operator))).toEqual(['cb-good', 'cb-waiting']);
  });

  it('another organization sees nothing; needs operation:read; refuses unknown states', async () => {
    expect(await list('', who.potomac)).toEqual({ deliveries: [], total: 0, limit: 100, offset: 0, nextOffset: null });
    expect(await list('?state=failing,dead', who.faa)).toMatchObject({ deliveries: [], total: 0 });
    expect((await svc.call('GET', '/v1/callbacks')).status).toBe(401);
    expect((await svc.call('GET', '/v1/callbacks', { token: await svc.clientToken('laanc:read') })).status).toBe(403);
    expect((await svc.call('GET', '/v1/callbacks?state=FAILED', { token: who.pilot })).status).toBe(422);
    expect((await svc.call('GET', '/v1/callbacks?state=lost', { token: who.pilot })).status).toBe(422);
    expect((await svc.call('GET', '/v1/callbacks?limit=501', { token: who.pilot })).status).toBe(422);
  });
});
