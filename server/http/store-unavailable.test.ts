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
  it('the store call fails as store-unavailable (503), and the service serves again', async () => {
    const app = createApp(svc.deps);
    const admin = await openPostgres(url!, { applicationName: `store-unavailable-admin-${process.pid}` });
    try {
      const headers = { authorization: `Bearer ${token}` };
      // A statement that runs long enough to be ended from outside; only this connection is ended (other
      // test files share the server).
      let pid!: (n: number) => void;
      const backend = new Promise<number>((r) => (pid = r));
      const slow = svc.deps.db
        .transaction(async (tx) => {
          const [row] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          pid(row!.pid);
          await tx.query('SELECT pg_sleep(5)');
        })
        .catch((e: unknown) => e);
      const ended = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [await backend]);
      expect(ended).toEqual([{ ok: true }]);
      const failed = await slow;
      expect(isStoreUnavailable(failed), String(failed)).toBe(true);
      expect((await app.request('/v1/operations?limit=1', { headers })).status).toBe(200);
    } finally {
      await admin.close();
    }
  });
});
