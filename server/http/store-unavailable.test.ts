/**
 * A request whose store call fails because the store is away (connection lost or refused, PostgreSQL
 * shutting down, a deadlock between instances) answers 503 with Retry-After, not the 500 of a bug; any
 * other store error stays a 500. On PostgreSQL (npm test's suite) also with the server really ending the
 * connection mid-request. docs/security.md, "Resource exhaustion, fourth pass".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import { createApp } from '../app';
import type { Db } from '../store/db';
import { openPostgres } from '../store/postgres';
import { isStoreUnavailable } from './errors';

let svc: TestService;
let token: string;
beforeAll(async () => {
  svc = await startTestService();
  token = await svc.clientToken();
});
afterAll(() => svc.close());

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

/** The same service, with a store whose every query after the token check fails with `err`. */
function appFailingWith(err: Error) {
  const db: Db = { ...svc.deps.db, query: () => Promise.reject(err), transaction: () => Promise.reject(err) };
  return createApp({ ...svc.deps, db });
}

describe('a store that is away', () => {
  it('tells the store being away from other errors', () => {
    for (const e of [
      pgError('terminating connection due to administrator command', '57P01'),
      pgError('the database system is starting up', '57P03'),
      pgError('sorry, too many clients already', '53300'),
      pgError('connection failure', '08006'),
      pgError('deadlock detected', '40P01'),
      pgError('could not serialize access due to concurrent update', '40001'),
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      pgError('Connection terminated unexpectedly'),
      pgError('timeout exceeded when trying to connect'),
    ]) expect(isStoreUnavailable(e), e.message).toBe(true);
    for (const e of [pgError('syntax error at or near "x"', '42601'), pgError('duplicate key value violates unique constraint', '23505'), new Error('boom'), 'text'])
      expect(isStoreUnavailable(e), String(e)).toBe(false);
  });

  it('answers 503 with Retry-After while the store is away, 500 for another store error', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const away = await appFailingWith(pgError('Connection terminated unexpectedly')).request('/v1/operations?limit=1', { headers });
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('1');
    expect(await away.json()).toEqual({ statusCode: 503, message: 'The store is unavailable for a moment; retry shortly' });
    const bug = await appFailingWith(pgError('syntax error at or near "x"', '42601')).request('/v1/operations?limit=1', { headers });
    expect(bug.status).toBe(500);
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('PostgreSQL ends the connection of a request in flight (needs PostgreSQL: TEST_DATABASE_URL, set by npm test)', () => {
  it('the request fails as store-unavailable (503), and the service serves again', async () => {
    const app = createApp(svc.deps);
    const admin = await openPostgres(url!, { applicationName: `store-unavailable-admin-${process.pid}` });
    try {
      const [self] = await svc.deps.db.query<{ app: string }>('SELECT current_setting($1) AS app', ['application_name']);
      const headers = { authorization: `Bearer ${token}` };
      // A statement that runs long enough to be ended from outside.
      const slow = svc.deps.db.query('SELECT pg_sleep(5)').catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 200));
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()', [self!.app]);
      const failed = await slow;
      expect(isStoreUnavailable(failed), String(failed)).toBe(true);
      // The pool's other connections were ended too; one it hands out before it has read their end fails
      // the same way (503). Within a few requests the pool has new ones.
      const statuses: number[] = [];
      for (let i = 0; i < 12 && statuses.at(-1) !== 200; i++) statuses.push((await app.request('/v1/operations?limit=1', { headers })).status);
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
