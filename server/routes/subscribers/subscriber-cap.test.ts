/**
 * The per-organization subscriber cap holds against creations sent at once (several instances on one
 * PostgreSQL, or one instance's interleaved requests): before, each counted the subscribers, then
 * inserted, and two at once could both count 99 (102 were stored on a two-instance cluster).
 * Runs on the embedded store and, in npm test's PostgreSQL suite, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { MAX_SUBSCRIBERS_PER_OWNER } from '../../contract/subscribers';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { people, type People } from '../operations/test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
let svc: TestService;
let who: People;
beforeAll(async () => {
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
});
afterAll(() => svc.close());

const body = (i: number) => ({ callbackUrl: `http://127.0.0.1:9/hook/${i}`, geometry: inCell(COL.c1, ROW.a, 0.02) });

describe('POST /v1/subscribers: the cap under creations at once', () => {
  it(`stores at most ${MAX_SUBSCRIBERS_PER_OWNER} however many arrive together`, async () => {
    for (let i = 0; i < MAX_SUBSCRIBERS_PER_OWNER - 2; i++) {
      const r = await svc.call('POST', '/v1/subscribers', { token: who.client, body: body(i) });
      expect(r.status, await r.text()).toBe(201);
    }
    const rs = await Promise.all(Array.from({ length: 12 }, (_, i) => svc.call('POST', '/v1/subscribers', { token: who.client, body: body(1000 + i) })));
    const statuses = rs.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(2).fill(201), ...Array(10).fill(409)]);
    const list = await svc.call('GET', '/v1/subscribers', { token: who.client });
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(MAX_SUBSCRIBERS_PER_OWNER);
  });
});
