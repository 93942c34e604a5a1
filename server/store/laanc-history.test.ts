import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import './all-migrations';
import type { Db } from './db';
import { laancStore, type AuthorizationRecord } from './laanc';
import { laancHistoryStore } from './laanc-history';
import { migrations } from './migrations';
import { operationsStore, type OperationRecord } from './operations';
import { openPglite } from './pglite';

const T = (h: number) => new Date(Date.UTC(2026, 11, 1, h));
const square = { type: 'Polygon' as const, coordinates: [[[0, 0], [0.01, 0], [0.01, 0.01], [0, 0.01], [0, 0]]] };

let db: Db;
beforeAll(async () => {
  db = await openPglite(':memory:');
});
afterAll(() => db.close());

function auth(over: Partial<AuthorizationRecord>): AuthorizationRecord {
  return {
    id: randomUUID(), operationId: '', referenceCode: `L${randomUUID().slice(0, 8)}`, hashCode: 'h', submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION',
    geom: square, altitude: 100, startTime: T(20), endTime: T(21), status: 'STATUS_APPROVED', createdAt: T(1), createdBy: 'pilot-1',
    lastUpdatedAt: T(1), editedBy: 'pilot-1', justification: '', airTrafficControl: 'BFI', airspaceClassCodes: [], facilityMaps: [],
    statusReason: null, datasetVersion: 'v1', ...over,
  };
}

describe('migration 110: authorization history', () => {
  it('backfills authorizations that existed before it: the submit, then the current status when it moved', async () => {
    for (const m of migrations().filter((x) => x.version < 110)) await db.exec(m.sql);
    const op: OperationRecord = {
      id: randomUUID(), name: 'x', pilotId: 'pilot-1', boundary: square, minAltitude: 0, maxAltitude: 100, startTime: T(20), endTime: T(21),
      aircraftId: null, timezone: 'UTC', altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL',
      authorizationProviders: [], desc: '', createdBy: 'pilot-1', orgId: null, createdAt: T(0), updatedAt: T(0), callbackUrl: null, callbackClientId: null,
      callbackSecret: null, callbackOwner: null, origin: 'api',
    };
    await operationsStore.insert(db, op);
    const approved = auth({ operationId: op.id });
    const pending = auth({ operationId: op.id, submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION', status: 'STATUS_PENDING', justification: 'why' });
    const denied = auth({ operationId: op.id, submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION', status: 'STATUS_DENIED', lastUpdatedAt: T(3), editedBy: 'faa-1', statusReason: 'Airshow' });
    const acked = auth({ operationId: op.id, status: 'STATUS_RESCINDED_ACKNOWLEDGED', lastUpdatedAt: T(4), editedBy: 'op-2' });
    for (const a of [approved, pending, denied, acked]) await laancStore.insertAuthorization(db, a);

    await db.exec(migrations().find((x) => x.version === 110)!.sql);
    const h = await laancHistoryStore.of(db, [approved.id, pending.id, denied.id, acked.id]);
    const view = (id: string) => h.get(id)!.map((e) => [e.status, e.action, e.at.toISOString(), e.by, e.reason]);
    expect(view(approved.id)).toEqual([['STATUS_APPROVED', 'submit', T(1).toISOString(), 'pilot-1', null]]);
    expect(view(pending.id)).toEqual([['STATUS_PENDING', 'submit', T(1).toISOString(), 'pilot-1', 'why']]);
    expect(view(denied.id)).toEqual([
      ['STATUS_PENDING', 'submit', T(1).toISOString(), 'pilot-1', null],
      ['STATUS_DENIED', 'deny', T(3).toISOString(), 'faa-1', 'Airshow'],
    ]);
    expect(view(acked.id)).toEqual([
      ['STATUS_APPROVED', 'submit', T(1).toISOString(), 'pilot-1', null],
      ['STATUS_RESCINDED_ACKNOWLEDGED', 'acknowledge_rescinded', T(4).toISOString(), 'op-2', null],
    ]);

    // The events go with their authorization.
    await laancStore.deleteOperation(db, op.id);
    expect((await laancHistoryStore.of(db, [denied.id])).get(denied.id)).toEqual([]);
  });
});
