/**
 * The embedded store's write counter moves for every statement that may write and for transactions,
 * never for a plain SELECT; a cached page is served only while it has not moved, never for a status
 * filter or on a store without the counter (PostgreSQL). Through the API: a list read, then a create, a
 * delete or an authorization's status change, and the next list shows the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationListQuery } from '../../contract/operations';
import { startTestService, type TestService } from '../../../test/helpers/service';
import type { Db } from '../../store/db';
import { openPglite } from '../../store/pglite';
import { json, laancOperation, operationBody, people, submitAll, type People } from '../../routes/operations/test-helpers';
import { COL, ROW, inCell, kbfiDataset } from '../../domain/laanc/test-fixture';
import { cachedPage } from './list-cache';

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);

let db: Db;
let svc: TestService;
let who: People;
beforeAll(async () => {
  db = await openPglite(':memory:');
  await db.exec('CREATE TABLE t (n int)');
  svc = await startTestService({ dataset: kbfiDataset(T0), now: T0 });
  who = await people(svc);
});
afterAll(async () => {
  await db.close();
  await svc.close();
});

const viewer = { kind: 'client' as const, id: 'c', orgId: null, operator: false };
const q = { limit: 10, offset: 0, sort: 'startTime' } as OperationListQuery;

describe('Db.writes on the embedded store', () => {
  it('moves for writes, locks, exec and transactions, not for a plain SELECT', async () => {
    const writes = db.writes!;
    let w = writes();
    await db.query('SELECT n FROM t');
    await db.query('  select count(*) FROM t WHERE n > $1', [1]);
    expect(writes()).toBe(w);
    for (const f of [
      () => db.query('INSERT INTO t VALUES (1)'),
      () => db.query('UPDATE t SET n = 2'),
      () => db.query('WITH x AS (DELETE FROM t RETURNING n) SELECT count(*) FROM x'),
      () => db.query('SELECT n FROM t FOR UPDATE'),
      () => db.exec('INSERT INTO t VALUES (3)'),
      () => db.transaction(async (tx) => tx.query('SELECT 1')),
    ]) {
      await f();
      expect(writes()).toBeGreaterThan(w);
      w = writes();
    }
  });
});

describe('cachedPage', () => {
  it('reads once while nothing is written, again after a write', async () => {
    let reads = 0;
    const read = async () => `page ${++reads}`;
    expect(await cachedPage(db, viewer, q, read)).toBe('page 1');
    expect(await cachedPage(db, viewer, q, read)).toBe('page 1');
    expect(await cachedPage(db, { ...viewer, id: 'other' }, q, read)).toBe('page 2');
    expect(await cachedPage(db, viewer, { ...q, offset: 10 }, read)).toBe('page 3');
    await db.query('INSERT INTO t VALUES (4)');
    expect(await cachedPage(db, viewer, q, read)).toBe('page 4');
  });

  it('does not keep a page read while a write ran', async () => {
    let reads = 0;
    const key = { ...q, offset: 20 };
    const racing = async () => {
      await db.query('INSERT INTO t VALUES (5)');
      return `page ${++reads}`;
    };
    expect(await cachedPage(db, viewer, key, racing)).toBe('page 1');
    expect(await cachedPage(db, viewer, key, async () => `page ${++reads}`)).toBe('page 2');
  });

  it('never caches a status filter (it depends on the clock) nor on a store without the counter', async () => {
    let reads = 0;
    const read = async () => `page ${++reads}`;
    await cachedPage(db, viewer, { ...q, status: 'UPCOMING' }, read);
    await cachedPage(db, viewer, { ...q, status: 'UPCOMING' }, read);
    expect(reads).toBe(2);
    const noCounter = { ...db, writes: undefined } as Db;
    await cachedPage(noCounter, viewer, q, read);
    await cachedPage(noCounter, viewer, q, read);
    expect(reads).toBe(4);
  });
});

describe('GET /v1/operations after changes', () => {
  type List = { total: number; operations: Array<{ id: string }>; authorizationStatuses: Record<string, string[]> };
  const list = () => json<List>(svc.call('GET', '/v1/operations?limit=100', { token: who.client }));

  it('answers a repeated page without any statement on the embedded store (the page query does not move the counter); on PostgreSQL it reads', async () => {
    await list();
    const real = svc.deps.db.query.bind(svc.deps.db);
    let statements = 0;
    svc.deps.db.query = ((sql: string, params?: unknown[]) => (statements++, real(sql, params))) as typeof svc.deps.db.query;
    try {
      const again = await list();
      if (svc.deps.db.engine === 'pglite') expect(statements).toBe(0);
      else expect(statements).toBeGreaterThan(0);
      expect(again).toEqual(await list());
    } finally {
      svc.deps.db.query = real;
    }
  });

  it('shows a created and a deleted operation, and an authorization status change', async () => {
    const before = await list();
    expect(await list()).toEqual(before);
    const op = await laancOperation(svc, who.client, inCell(COL.c2, ROW.a, 0.001, 0.2, 0.2), h(30));
    const withOp = await list();
    expect(withOp.total).toBe(before.total + 1);
    expect(withOp.operations.map((o) => o.id)).toContain(op.id);
    expect(withOp.authorizationStatuses[op.id]).toBeUndefined();
    await submitAll(svc, who.client, op.id);
    const submitted = await list();
    expect(submitted.authorizationStatuses[op.id]).toEqual(['STATUS_APPROVED']);
    const other = await json<{ id: string }>(svc.call('POST', '/v1/operations', { token: who.client, body: operationBody(inCell(COL.c1, ROW.s), h(31)) }));
    expect((await list()).total).toBe(before.total + 2);
    expect((await svc.call('DELETE', `/v1/operations/${other.id}`, { token: who.client })).status).toBe(204);
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.operations.map((o) => o.id)).not.toContain(other.id);
  });
});
