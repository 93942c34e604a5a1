/**
 * What one client's telemetry can cost the service (docs/security.md "Resource exhaustion, second pass"):
 * a hostile maximum batch is a handful of store statements however many conformance events it raises,
 * and the positions one caller may send a minute are bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { PositionsResultSchema } from '../../contract/positions';
import { elevationDataset } from '../../domain/elevation/fixtures';
import { box } from '../../domain/laanc/test-fixture';
import { MAX_PENDING_CONFORMANCE_CALLBACKS } from '../../services/positions/service';
import type { Sql } from '../../store/db';
import { json, operationBody, people, type People } from '../operations/test-helpers';

const T0 = new Date('2026-12-01T15:00:00Z');
const AREA = box(-122.305, 47.527, -122.299, 47.533);
let svc: TestService;
let limited: TestService;
let who: People;
let whoLimited: People;

beforeAll(async () => {
  const now = new Date(T0.getTime() + 90 * 60_000);
  [svc, limited] = await Promise.all([
    startTestService({ dataset: elevationDataset(), now }),
    startTestService({ dataset: elevationDataset(), now, config: { rateLimits: { positionsPerMinute: 1500 } } }),
  ]);
  [who, whoLimited] = await Promise.all([people(svc), people(limited)]);
});
afterAll(async () => {
  await Promise.all([svc.close(), limited.close()]);
});

async function operation(s: TestService, token: string, over: Record<string, unknown> = {}) {
  const r = await s.call('POST', '/v1/operations', { token, body: operationBody(AREA, T0, 60, over) });
  expect(r.status, await r.clone().text()).toBe(201);
  return json<{ id: string }>(r);
}

/** 1,000 positions a second apart, alternating in and out of the area and above and below the ceiling: every one starts an excursion. */
const hostileBatch = (start: number) =>
  Array.from({ length: 1000 }, (_, i) => ({
    time: new Date(T0.getTime() + (start + i) * 1000).toISOString(),
    latitude: 47.53,
    longitude: i % 2 ? -122.302 : -122.2,
    altitude: i % 4 < 2 ? 100 : 2000,
  }));

/** Counts the statements run inside the store's transactions from now on. */
function countStatements(s: TestService): { count: number } {
  const db = s.deps.db;
  const counter = { count: 0 };
  const original = db.transaction.bind(db);
  db.transaction = <T>(fn: (tx: Sql) => Promise<T>) =>
    original((tx) =>
      fn({
        query: (text, params) => {
          counter.count++;
          return tx.query(text, params);
        },
        exec: (text) => {
          counter.count++;
          return tx.exec(text);
        },
      }),
    );
  return counter;
}

describe('a hostile maximum batch', () => {
  it('is a handful of statements whatever the number of events it raises, and stays idempotent', async () => {
    const op = await operation(svc, who.pilot, { callbackUrl: 'http://127.0.0.1:9/conformance' });
    const counter = countStatements(svc);
    const send = () => svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: hostileBatch(0) } });
    const r = await send();
    expect(r.status, await r.clone().text()).toBe(200);
    const out = PositionsResultSchema.parse(await r.json()).data;
    // 500 OUTSIDE_AREA starts and 250 ABOVE_ALTITUDE starts.
    expect(out.conformance.length).toBe(750);
    // Lock, previous position, positions, events, pending callbacks, callbacks: it was one INSERT per event and per callback (1,503).
    expect(counter.count).toBeLessThanOrEqual(7);
    // The events come back in the order of their positions, as they are listed.
    const listed = await json<{ data: Array<{ id: string }> }>(svc.call('GET', `/v1/operations/${op.id}/conformance`, { token: who.pilot }));
    expect(listed.data.map((e) => e.id)).toEqual(out.conformance.map((e) => e.id));
    const outbox = async () => (await svc.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM callback_outbox WHERE operation_id = $1', [op.id]))[0]!.n;
    // Only the first 200 are queued for the receiver (the rest are stored and listed): each carries its own event, in order.
    expect(MAX_PENDING_CONFORMANCE_CALLBACKS).toBe(200);
    const bodies = await svc.deps.db.query<{ authorization_id: string }>('SELECT authorization_id FROM callback_outbox WHERE operation_id = $1 ORDER BY seq', [op.id]);
    expect(bodies.map((b) => b.authorization_id)).toEqual(out.conformance.slice(0, 200).map((e) => e.id));
    // Sent again: all duplicates, no new event, no new callback.
    const again = PositionsResultSchema.parse(await (await send()).json()).data;
    expect(again).toMatchObject({ accepted: 1000, duplicates: 1000, conformance: [] });
    expect(await outbox()).toBe(200);
    // A new batch while 200 wait: its events are stored and answered, none queued.
    const later = await svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: hostileBatch(1000) } });
    expect(PositionsResultSchema.parse(await later.json()).data.conformance.length).toBeGreaterThan(700);
    expect(await outbox()).toBe(200);
    // Once the receiver has taken them, events are queued again.
    await svc.deps.db.query("UPDATE callback_outbox SET state = 'DELIVERED' WHERE operation_id = $1", [op.id]);
    const after = await svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: hostileBatch(2000).slice(0, 10) } });
    expect(after.status).toBe(200);
    const raised = PositionsResultSchema.parse(await after.clone().json()).data.conformance.length;
    expect(raised).toBeGreaterThan(0);
    expect(await outbox()).toBe(200 + PositionsResultSchema.parse(await after.json()).data.conformance.length);
  });
});

describe('positions a caller may send a minute', () => {
  it('refuses the batch that goes over with 429 and Retry-After, stores nothing of it, and leaves other callers alone', async () => {
    const op = await operation(limited, whoLimited.pilot);
    const send = (token: string, operationId: string, start: number) =>
      limited.call('POST', '/v1/positions', { token, body: { operationId, positions: hostileBatch(start).map((p) => ({ ...p, longitude: -122.302, altitude: 100 })) } });
    expect((await send(whoLimited.pilot, op.id, 0)).status).toBe(200);
    const over = await send(whoLimited.pilot, op.id, 1000);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit-policy')).toBe('1500;w=60');
    expect((await json<{ message: string }>(over)).message).toMatch(/Too many positions from this caller/);
    const last = await json<{ data: { time: string } }>(limited.call('GET', `/v1/operations/${op.id}/positions/last`, { token: whoLimited.pilot }));
    expect(last.data.time).toBe(new Date(T0.getTime() + 999_000).toISOString());
    // Another caller has its own minute.
    const other = await operation(limited, whoLimited.operator);
    expect((await send(whoLimited.operator, other.id, 0)).status).toBe(200);
  });

  it('does not count a batch refused as invalid', async () => {
    const op = await operation(limited, whoLimited.potomac);
    const bad = await limited.call('POST', '/v1/positions', { token: whoLimited.potomac, body: { operationId: op.id, positions: [{ time: 'yesterday', latitude: 47.53, longitude: -122.302, altitude: 100 }] } });
    expect(bad.status).toBe(422);
    const ok = await limited.call('POST', '/v1/positions', {
      token: whoLimited.potomac,
      body: { operationId: op.id, positions: hostileBatch(0).map((p) => ({ ...p, longitude: -122.302, altitude: 100 })) },
    });
    expect(ok.status).toBe(200);
  });
});
