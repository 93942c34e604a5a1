/**
 * What one client's telemetry can cost the service (docs/security.md "Resource exhaustion, second pass"):
 * a hostile maximum batch is a handful of store statements however many conformance events it raises,
 * and the positions one caller may send a minute are bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { ConformanceListResponseSchema, PositionsResultSchema } from '../../contract/positions';
import { positionCapacity } from '../../domain/conformance/episodes';
import { elevationDataset } from '../../domain/elevation/fixtures';
import { box } from '../../domain/laanc/test-fixture';
import { MAX_PENDING_CONFORMANCE_CALLBACKS, MAX_PENDING_CONFORMANCE_CALLBACKS_PER_OWNER } from '../../services/positions/service';
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

async function operation(s: TestService, token: string, over: Record<string, unknown> = {}, minutes = 60) {
  const r = await s.call('POST', '/v1/operations', { token, body: operationBody(AREA, T0, minutes, over) });
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

/**
 * Positions 16 s apart from an hour before the window to the service's clock, alternating in and out of
 * the area: every position out is more than EPISODE_GAP_S after the one before it out, so each starts an
 * episode (the most a window's positions can start).
 */
const spacedBatch = () =>
  Array.from({ length: 580 }, (_, i) => ({
    time: new Date(T0.getTime() - 3600_000 + i * 16_000).toISOString(),
    latitude: 47.53,
    longitude: i % 2 ? -122.302 : -122.2,
    altitude: 100,
  }));

const rowsOf = async (table: string, operationId: string) =>
  (await svc.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE operation_id = $1`, [operationId]))[0]!.n;

describe('a hostile maximum batch', () => {
  it('flapping in and out of the area and the ceiling is one episode per reason, in a handful of statements, and idempotent', async () => {
    const op = await operation(svc, who.pilot, { callbackUrl: 'http://127.0.0.1:9/conformance' });
    const counter = countStatements(svc);
    const send = (start: number) => svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: hostileBatch(start) } });
    const r = await send(0);
    expect(r.status, await r.clone().text()).toBe(200);
    const out = PositionsResultSchema.parse(await r.json()).data;
    // It was 750 events (500 OUTSIDE_AREA starts and 250 ABOVE_ALTITUDE starts), one row each.
    expect(out.conformance.map((e) => [e.reason, e.positionCount])).toEqual([
      ['OUTSIDE_AREA', 500],
      ['ABOVE_ALTITUDE', 500],
    ]);
    expect(counter.count).toBeLessThanOrEqual(10);
    // Sent again: all duplicates, no new event, no count added.
    const again = PositionsResultSchema.parse(await (await send(0)).json()).data;
    expect(again).toMatchObject({ accepted: 1000, duplicates: 1000, conformance: [] });
    // Two more flapping batches continue the same episodes: the rows do not grow.
    for (const start of [1000, 2000]) expect(PositionsResultSchema.parse(await (await send(start)).json()).data.conformance).toEqual([]);
    expect(await rowsOf('conformance_events', op.id)).toBe(2);
    const listed = ConformanceListResponseSchema.parse(await json(svc.call('GET', `/v1/operations/${op.id}/conformance`, { token: who.pilot }))).data;
    expect(listed.map((e) => [e.reason, e.positionCount, e.position.time, e.lastPositionTime])).toEqual([
      ['OUTSIDE_AREA', 1500, hostileBatch(0)[0]!.time, hostileBatch(2000)[998]!.time],
      ['ABOVE_ALTITUDE', 1500, hostileBatch(0)[2]!.time, hostileBatch(2000)[999]!.time],
    ]);
    // One callback per episode, not per position.
    expect(await rowsOf('callback_outbox', op.id)).toBe(2);
  });

  it('queues at most 200 conformance callbacks of one operation; the rest are stored and listed', async () => {
    const op = await operation(svc, who.pilot, { callbackUrl: 'http://127.0.0.1:9/conformance' });
    const r = await svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: spacedBatch() } });
    expect(r.status, await r.clone().text()).toBe(200);
    const out = PositionsResultSchema.parse(await r.json()).data;
    expect(out.conformance.filter((e) => e.reason === 'OUTSIDE_AREA').length).toBe(290);
    expect(MAX_PENDING_CONFORMANCE_CALLBACKS).toBe(200);
    const bodies = await svc.deps.db.query<{ authorization_id: string }>('SELECT authorization_id FROM callback_outbox WHERE operation_id = $1 ORDER BY seq', [op.id]);
    expect(bodies.map((b) => b.authorization_id)).toEqual(out.conformance.slice(0, 200).map((e) => e.id));
    // Once the receiver has taken them, events are queued again.
    await svc.deps.db.query("UPDATE callback_outbox SET state = 'DELIVERED' WHERE operation_id = $1", [op.id]);
    const later = await svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: [{ time: new Date(T0.getTime() + 80 * 60_000 + 1000).toISOString(), latitude: 47.53, longitude: -122.302, altitude: 2000 }] } });
    expect(PositionsResultSchema.parse(await later.json()).data.conformance.map((e) => e.reason)).toEqual(['ABOVE_ALTITUDE']);
    expect(await rowsOf('callback_outbox', op.id)).toBe(201);
  });
});

describe('pending callbacks per owner', () => {
  it("queues at most 1,000 conformance callbacks over all of one owner's operations; another owner's are not held back", async () => {
    expect(MAX_PENDING_CONFORMANCE_CALLBACKS_PER_OWNER).toBe(1000);
    const queued: number[] = [];
    for (let i = 0; i < 6; i++) {
      const op = await operation(svc, who.potomac, { callbackUrl: 'http://127.0.0.1:9/conformance' });
      const r = await svc.call('POST', '/v1/positions', { token: who.potomac, body: { operationId: op.id, positions: spacedBatch() } });
      expect(r.status).toBe(200);
      queued.push(await rowsOf('callback_outbox', op.id));
    }
    // Five operations of 200 fill the owner's 1,000; the sixth's episodes are stored and listed, none queued.
    expect(queued).toEqual([200, 200, 200, 200, 200, 0]);
    const other = await operation(svc, who.client, { callbackUrl: 'http://127.0.0.1:9/conformance' });
    await svc.call('POST', '/v1/positions', { token: who.client, body: { operationId: other.id, positions: spacedBatch() } });
    expect(await rowsOf('callback_outbox', other.id)).toBe(200);
  });
});

describe('storage follows flight time', () => {
  it('refuses a position more than an hour outside the window (422 naming it) and stores nothing of its batch', async () => {
    const op = await operation(svc, who.pilot);
    const p = (minutes: number) => ({ time: new Date(T0.getTime() + minutes * 60_000).toISOString(), latitude: 47.53, longitude: -122.302, altitude: 100 });
    const early = await svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: [p(0), p(-61)] } });
    expect(early.status).toBe(422);
    expect((await json<{ message: string }>(early)).message).toMatch(/^body\.positions\.1\.time: is more than 3600 s before the operation's start/);
    const year1 = await svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: [{ ...p(0), time: '0001-01-01T00:00:00Z' }] } });
    expect(year1.status).toBe(422);
    expect(await rowsOf('positions', op.id)).toBe(0);
    // Within the hour: stored, and raises OUTSIDE_TIME_WINDOW.
    const ok = await svc.call('POST', '/v1/positions', { token: who.pilot, body: { operationId: op.id, positions: [p(-59), p(85)] } });
    expect(ok.status).toBe(200);
    // Nothing in the window between them: one excursion, one episode of two positions.
    expect(PositionsResultSchema.parse(await ok.json()).data.conformance.map((e) => [e.reason, e.positionCount])).toEqual([['OUTSIDE_TIME_WINDOW', 2]]);
  });

  it('keeps at most the window\'s capacity: past it the track is thinned, the latest kept', async () => {
    // A 6-minute window: 3,600 positions (the floor; 10 a second would be 3,600 too).
    const op = await operation(svc, who.operator, {}, 6);
    expect(positionCapacity({ startTime: T0, endTime: new Date(T0.getTime() + 6 * 60_000) })).toBe(3600);
    // 6,000 positions, 1 s apart from an hour before the start, as a drone at 1 Hz would send them.
    for (let b = 0; b < 6; b++) {
      const positions = Array.from({ length: 1000 }, (_, i) => ({ time: new Date(T0.getTime() - 3600_000 + (b * 1000 + i) * 1000).toISOString(), latitude: 47.53, longitude: -122.302, altitude: 100 }));
      const r = await svc.call('POST', '/v1/positions', { token: who.operator, body: { operationId: op.id, positions } });
      expect(r.status, await r.clone().text()).toBe(200);
      expect(await rowsOf('positions', op.id)).toBeLessThanOrEqual(3600);
    }
    const last = await json<{ data: { time: string } }>(svc.call('GET', `/v1/operations/${op.id}/positions/last`, { token: who.operator }));
    expect(last.data.time).toBe(new Date(T0.getTime() - 3600_000 + 5999_000).toISOString());
    const stored = await svc.deps.db.query<{ time: Date }>('SELECT time FROM positions WHERE operation_id = $1 ORDER BY time', [op.id]);
    // The newest quarter of the capacity is whole; the history before it is decimated, still from the first minutes.
    const times = stored.map((r) => new Date(r.time).getTime());
    const recent = times.slice(-900);
    expect(recent.every((t, i) => i === 0 || t - recent[i - 1]! === 1000)).toBe(true);
    expect(times[0]).toBeLessThan(T0.getTime() - 3000_000);
    expect((await svc.deps.db.query<{ stored: number }>('SELECT stored FROM position_counts WHERE operation_id = $1', [op.id]))[0]!.stored).toBe(times.length);
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
