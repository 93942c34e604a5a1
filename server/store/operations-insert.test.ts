/**
 * Creates that arrive in one turn of the event loop are written by one INSERT; each row reads back as it
 * was written, and a row the store refuses fails its own create only. On whichever engine the
 * environment asks for.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import { operationBody } from '../routes/operations/test-helpers';
import { insertOperation, MAX_ROWS } from './operations-insert';
import { operationsStore, type OperationRecord } from './operations';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService();
  token = await svc.clientToken();
});
afterAll(() => svc.close());

function record(i: number, over: Partial<OperationRecord> = {}): OperationRecord {
  const t = Date.UTC(2031, 5, 1) + i * 60_000;
  const lon = -122.31 + i * 0.0005;
  return {
    id: randomUUID(), name: `Batch ${i}`, pilotId: 'pilot-batch',
    boundary: { type: 'Polygon', coordinates: [[[lon, 47.53], [lon + 0.002, 47.53], [lon + 0.002, 47.532], [lon, 47.532], [lon, 47.53]]] },
    minAltitude: 0, maxAltitude: 100 + i, startTime: new Date(t), endTime: new Date(t + 3_600_000), aircraftId: i % 2 ? `N${i}` : null,
    timezone: 'America/Los_Angeles', altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL', authorizationProviders: i % 2 ? ['APPROVAL_PROVIDER_LAANC'] : [], desc: `row ${i}`,
    createdBy: 'client-batch', orgId: null, createdAt: new Date(t - 1_000), updatedAt: new Date(t - 1_000),
    callbackUrl: null, callbackClientId: null, callbackSecret: null, callbackOwner: null, origin: 'api',
    ...over,
  };
}

/** Counts the statements the store runs while fn runs. */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const db = svc.deps.db;
  const real = db.query.bind(db);
  const seen: string[] = [];
  db.query = ((text: string, params?: readonly unknown[]) => (seen.push(text), real(text, params))) as typeof db.query;
  try {
    await fn();
  } finally {
    db.query = real;
  }
  return seen;
}

describe('creates written together', () => {
  it('writes the rows of one turn in one INSERT, each read back as written', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => record(i));
    const seen = await statementsOf(() => Promise.all(rows.map((r) => insertOperation(svc.deps.db, r))));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^INSERT INTO operations/);
    for (const r of rows) expect(await operationsStore.byId(svc.deps.db, r.id)).toEqual(r);
  });

  it(`splits a larger burst into statements of at most ${MAX_ROWS} rows`, async () => {
    const rows = Array.from({ length: MAX_ROWS + 3 }, (_, i) => record(i));
    const seen = await statementsOf(() => Promise.all(rows.map((r) => insertOperation(svc.deps.db, r))));
    expect(seen).toHaveLength(2);
    for (const r of [rows[0]!, rows.at(-1)!]) expect((await operationsStore.byId(svc.deps.db, r.id))?.name).toBe(r.name);
  });

  it('a row the store refuses fails its own create only; the others are written', async () => {
    const taken = record(1);
    await insertOperation(svc.deps.db, taken);
    const good = [record(2), record(3)];
    const results = await Promise.allSettled([insertOperation(svc.deps.db, good[0]!), insertOperation(svc.deps.db, { ...record(4), id: taken.id }), insertOperation(svc.deps.db, good[1]!)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const r of good) expect(await operationsStore.byId(svc.deps.db, r.id)).toEqual(r);
    expect((await operationsStore.byId(svc.deps.db, taken.id))?.name).toBe(taken.name);
  });

  it('concurrent creates through the API: each answered with its own operation, each listed', async () => {
    const start = new Date(Date.now() + 86_400_000);
    const box = (i: number) => ({ type: 'Polygon' as const, coordinates: [[[-122.31 + i * 0.01, 47.53], [-122.3 + i * 0.01, 47.53], [-122.3 + i * 0.01, 47.54], [-122.31 + i * 0.01, 47.54], [-122.31 + i * 0.01, 47.53]]] });
    const bodies = [0, 1, 2, 3].map((i) => operationBody(box(i), start, 60, { name: `Concurrent ${i}` }));
    let answers: Response[] = [];
    const seen = await statementsOf(async () => {
      answers = await Promise.all(bodies.map((body) => svc.call('POST', '/v1/operations', { token, body })));
    });
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    // How many share a statement depends on when each body is read; never more statements than creates.
    expect(seen.filter((s) => s.startsWith('INSERT')).length).toBeLessThanOrEqual(4);
    const created = (await Promise.all(answers.map((r) => r.json()))) as Array<{ id: string; name: string }>;
    expect(created.map((o) => o.name)).toEqual(['Concurrent 0', 'Concurrent 1', 'Concurrent 2', 'Concurrent 3']);
    const list = (await (await svc.call('GET', '/v1/operations?limit=100', { token })).json()) as { operations: Array<{ id: string; name: string }> };
    for (const o of created) expect(list.operations).toContainEqual(expect.objectContaining({ id: o.id, name: o.name }));
  });
});
