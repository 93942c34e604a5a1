import pg from 'pg';
import type { Db, Sql } from './db';

// timestamptz and jsonb come back as Date and parsed JSON on both engines; bigint stays a string (count(*)).

export interface PostgresOptions {
  /**
   * Told when PostgreSQL ends a connection that sits idle in the pool, or one held by a transaction
   * between two statements (a restart or fail-over, `pg_terminate_backend`, `idle_session_timeout`, a
   * proxy's idle cut). The pool drops that connection and opens another when one is needed; the process
   * goes on. Default: one JSON line on stderr.
   */
  onIdleError?: (err: Error) => void;
  /** Shown in `pg_stat_activity`, so an operator (or a test) can tell this pool's connections apart (an `application_name` in the URL wins). */
  applicationName?: string;
}

/** How long a request waits for a connection (the pool full, or PostgreSQL not answering) before it fails. */
export const CONNECT_TIMEOUT_MS = 10_000;

const logIdleError = (err: Error) =>
  console.error(JSON.stringify({ level: 'warn', msg: 'store connection lost while idle; the pool opens another when needed', error: String(err.message) }));

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: opts.applicationName ?? 'skyplan',
  });
  // Without a listener an idle connection's error is an unhandled 'error' event: every instance on the
  // server exited at once when PostgreSQL restarted or ended its connections (docs/security.md, fourth pass).
  pool.on('error', opts.onIdleError ?? logIdleError);
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
      // A connection that broke while checked out (its error event, or a failed ROLLBACK) is destroyed,
      // not given back. Between two statements of a transaction nothing else listens to it: an error
      // there was unhandled and ended the process, like an idle one's.
      let broken = false;
      const onError = (err: Error) => {
        broken = true;
        (opts.onIdleError ?? logIdleError)(err);
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        throw err;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
