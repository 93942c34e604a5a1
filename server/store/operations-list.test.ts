/**
 * A page of operations comes back in one statement, decoded from one JSON text, and every field of every
 * record equals what the row-by-row read gives (dates to the millisecond, doubles to the last digit,
 * arrays, nulls), on whichever engine the environment asks for.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import type { Db } from './db';
import { operationsStore, type OperationRecord } from './operations';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const creator = `client-list-${randomUUID()}`;

function record(i: number): OperationRecord {
  const t = Date.UTC(2031, 0, 2, 3, 4, 5) + i * 60_001 + 7;
  const lon = -122.31 + i * 0.0005, lat = 47.53;
  return {
    id: randomUUID(), name: `Página ${i} "quoted"`, pilotId: `pilot-${i}`,
    boundary: { type: 'Polygon', coordinates: [[[lon, lat], [lon + 0.002, lat], [lon + 0.002, lat + 0.002], [lon, lat + 0.002], [lon, lat]]] },
    minAltitude: 0.1 * i, maxAltitude: 47.532000000000004, startTime: new Date(t), endTime: new Date(t + 3_600_000),
    aircraftId: i % 2 ? `N${i}` : null, timezone: 'America/Los_Angeles', altitudeUnit: 'ALTITUDE_UNIT_FEET',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL', authorizationProviders: i % 2 ? ['faa', 'x'] : [],
    desc: 'line\nbreak', createdBy: creator, orgId: null, createdAt: new Date(t - 999), updatedAt: new Date(t),
    callbackUrl: i === 1 ? 'https://example.com/cb' : null, callbackClientId: null, callbackSecret: i === 1 ? 's3cret' : null,
    callbackOwner: i === 1 ? creator : null, origin: 'api',
  };
}

describe('operationsStore.list', () => {
  it('reads a page and its total in one statement, field for field as byId reads each record', async () => {
    const records = [0, 1, 2].map(record);
    for (const r of records) await operationsStore.insert(svc.deps.db, r);
    let statements = 0;
    const db = svc.deps.db;
    const counting = { ...db, engine: db.engine, query: (text: string, params?: readonly unknown[]) => (statements++, db.query(text, params)) } as Db;
    const viewer = { kind: 'client' as const, id: creator, orgId: null, operator: false };
    const page = await operationsStore.list(counting, viewer, { limit: 2, offset: 1, sort: '-startTime' } as Parameters<typeof operationsStore.list>[2], new Date());
    expect(statements).toBe(1);
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.name)).toEqual(['Página 1 "quoted"', 'Página 0 "quoted"']);
    for (const r of page.rows) expect(r).toEqual(await operationsStore.byId(db, r.id));
    expect(page.rows[0]).toEqual(records[1]);
  });
});
