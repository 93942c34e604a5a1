import pg from 'pg';
import type { Db, Sql } from './db';

// timestamptz and jsonb come back as Date and parsed JSON on both engines; bigint stays a string (count(*)).

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  const wrap = (q: pg.Pool | pg.PoolClient): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      const r = await q.query(text, params as unknown[]);
      return r.rows as T[];
    },
    async exec(text: string) {
      await q.query(text);
    },
  });
  return {
    engine: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
