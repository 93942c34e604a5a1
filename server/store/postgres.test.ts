/**
 * The PostgreSQL pool when the server ends its connections (a restart, a fail-over, an operator's
 * pg_terminate_backend, idle_session_timeout): the process goes on and the next query opens a new
 * connection. Before, the idle connection's error was an unhandled 'error' event and every instance on
 * the server exited at once (docs/security.md, "Resource exhaustion, fourth pass").
 * Needs PostgreSQL (TEST_DATABASE_URL, set by npm test); reported as skipped without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { openPostgres } from './postgres';

const url = process.env.TEST_DATABASE_URL;
const APP = `pool-test-${process.pid}-${Date.now()}`;

describe.skipIf(!url)('the PostgreSQL pool when the server ends its connections (needs PostgreSQL: TEST_DATABASE_URL, set by npm test)', () => {
  let db: Db;
  let admin: Db;
  const lost: Error[] = [];

  beforeAll(async () => {
    admin = await openPostgres(url!, { applicationName: `${APP}-admin` });
    db = await openPostgres(url!, { applicationName: APP, onIdleError: (e) => lost.push(e) });
  });
  afterAll(async () => {
    await db?.close();
    await admin?.close();
  });

  const terminate = () =>
    admin.query<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1', [APP]);

  it('survives its idle connections being ended and answers the next query on a new one', async () => {
    // Three connections idle in the pool.
    await Promise.all([1, 2, 3].map(() => db.query('SELECT pg_sleep(0.05)')));
    const ended = await terminate();
    expect(ended.length).toBeGreaterThanOrEqual(1);
    const t0 = Date.now();
    while (lost.length < ended.length && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 20));
    expect(lost.length).toBe(ended.length);
    expect(lost[0]!.message).toMatch(/terminat/i);
    expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('drops a connection that broke inside a transaction instead of handing it out again', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await terminate();
        await tx.query('SELECT 2');
      }),
    ).rejects.toThrow();
    for (let i = 0; i < 12; i++) expect(await db.query<{ n: number }>('SELECT $1::int AS n', [i])).toEqual([{ n: i }]);
  });
});
