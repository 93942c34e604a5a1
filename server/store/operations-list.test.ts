/**
 * A page of operations comes back in one statement as the stored public JSON of each row, and it is,
 * field for field, what toPlatformOperation builds from the row-by-row read (dates to the millisecond,
 * doubles to the last digit, arrays, absent aircraftId, callbackUrl for its owner only), also after an
 * update, on whichever engine the environment asks for.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import type { Db } from './db';
import { toPlatformOperation } from '../services/operations/service';
import { operationsStore, type OperationRecord, type Viewer } from './operations';

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

type PageQuery = Parameters<typeof operationsStore.page>[2];

/** The page as the service sends it: the stored texts in brackets, parsed. */
async function page(db: Db, viewer: Viewer, q: Partial<PageQuery>) {
  const r = await operationsStore.page(db, viewer, { limit: 100, offset: 0, sort: 'startTime', ...q } as PageQuery, new Date());
  return { ...r, operations: JSON.parse(`[${r.json}]`) as unknown[] };
}

describe('operationsStore.page', () => {
  const owner: Viewer = { kind: 'client', id: creator, orgId: null, operator: false };

  it('reads a page, its ids and its total in one statement, each operation as toPlatformOperation builds it for the viewer', async () => {
    const records = [0, 1, 2].map(record);
    for (const r of records) await operationsStore.insert(svc.deps.db, r);
    let statements = 0;
    const db = svc.deps.db;
    const counting = { ...db, engine: db.engine, query: (text: string, params?: readonly unknown[]) => (statements++, db.query(text, params)) } as Db;
    const got = await page(counting, owner, { limit: 2, offset: 1, sort: '-startTime' });
    expect(statements).toBe(1);
    expect(got.total).toBe(3);
    expect(got.ids).toEqual([records[1]!.id, records[0]!.id]);
    expect(got.operations).toEqual([toPlatformOperation(records[1]!, owner), toPlatformOperation(records[0]!, owner)]);
    // Record 1 has a callback its creator registered: they see it, and it is the last key as in a single read.
    const first = got.operations[0] as Record<string, unknown>;
    expect(first.callbackUrl).toBe('https://example.com/cb');
    expect(Object.keys(first)).toEqual(Object.keys(toPlatformOperation(records[1]!, owner)));
    expect(first.aircraftId).toBe('N1');
    expect(got.operations[1]).not.toHaveProperty('aircraftId');
    for (const id of got.ids) expect(toPlatformOperation((await operationsStore.byId(db, id))!, owner)).toEqual(got.operations[got.ids.indexOf(id)]);
  });

  it('shows the callback only to whoever registered it (a pilot who flies it does not see it)', async () => {
    const pilot: Viewer = { kind: 'user', id: 'pilot-1', orgId: null, operator: false };
    const got = await page(svc.deps.db, pilot, {});
    expect(got.ids).toHaveLength(1);
    expect(got.operations[0]).not.toHaveProperty('callbackUrl');
    expect(got.operations[0]).toEqual(toPlatformOperation((await operationsStore.byId(svc.deps.db, got.ids[0]!))!, pilot));
  });

  it('an empty page is empty text and no ids, with the total', async () => {
    const got = await page(svc.deps.db, owner, { offset: 50 });
    expect(got).toMatchObject({ json: '', ids: [], total: 3, operations: [] });
  });

  it('the stored JSON follows an update (every public field changed)', async () => {
    const rec = { ...record(7), createdBy: `client-upd-${randomUUID()}` };
    await operationsStore.insert(svc.deps.db, rec);
    const changed: OperationRecord = {
      ...rec, name: 'renamed \u2028 ✈', pilotId: 'pilot-new', boundary: { type: 'Polygon', coordinates: [[[1e-7, -0.5], [2, -0.5], [2, 1.25], [1e-7, -0.5]]] },
      minAltitude: 12.5, maxAltitude: 400, startTime: new Date(Date.UTC(2032, 5, 6, 7, 8, 9, 123)), endTime: new Date(Date.UTC(2032, 5, 6, 9, 8, 9, 1)),
      aircraftId: 'N123', timezone: 'Europe/Paris', altitudeUnit: 'ALTITUDE_UNIT_METERS', altitudeReference: 'ALTITUDE_REFERENCE_AMSL',
      flightType: 'FLIGHT_TYPE_RECREATIONAL', authorizationProviders: ['faa'], desc: 'tab\there', updatedAt: new Date(),
      callbackUrl: 'https://example.com/new', callbackOwner: rec.createdBy,
    };
    await operationsStore.update(svc.deps.db, changed);
    const viewer: Viewer = { kind: 'client', id: rec.createdBy, orgId: null, operator: false };
    const got = await page(svc.deps.db, viewer, {});
    expect(got.operations).toEqual([toPlatformOperation(changed, viewer)]);
    expect(got.operations).toEqual([toPlatformOperation((await operationsStore.byId(svc.deps.db, rec.id))!, viewer)]);
  });
});
