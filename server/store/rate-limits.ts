/**
 * Rate-limit counters in the store, so that every instance on one PostgreSQL counts together (an
 * embedded PGlite store is one instance's anyway). rate-limiter-flexible's RateLimiterPostgres does the
 * counting with one atomic upsert per hit; it is given the store's own Db through a small client adapter,
 * which speaks the `query({text, values})` of node-postgres on either engine. The table is ours (a migration).
 */
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Db } from './db';
import { registerMigrations } from './migrations';

const TABLE = 'rate_limits';

registerMigrations([
  {
    version: 200,
    name: 'rate limits',
    // The layout RateLimiterPostgres expects: key, points, expire (epoch milliseconds).
    sql: `CREATE TABLE ${TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint);
          CREATE INDEX rate_limits_expire ON ${TABLE}(expire);`,
  },
]);

/** node-postgres's client surface, as far as RateLimiterPostgres uses it. */
function storeClient(db: Db) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await db.query<{ points?: number; expire?: string | number | null }>(q.text, q.values ?? []);
      // bigint comes back as a string on PostgreSQL: the library subtracts it from Date.now().
      for (const r of rows) if (r.expire !== undefined && r.expire !== null) r.expire = Number(r.expire);
      return { rows, rowCount: rows.length };
    },
  };
}

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  /** Window in seconds. */
  duration: number;
}

export function storeLimiter(db: Db, o: LimiterOptions): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: storeClient(db),
    storeType: 'pool',
    tableName: TABLE,
    tableCreated: true,
    // Expired rows are swept by expireRateLimits (once per app), not by a timer per limiter.
    clearExpiredByTimeout: false,
    keyPrefix: o.keyPrefix,
    points: o.points,
    duration: o.duration,
  });
}

/** Deletes counters that expired more than an hour ago. */
export async function expireRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.query(`DELETE FROM ${TABLE} WHERE expire < $1`, [now - 3_600_000]);
}
