/**
 * Rate-limit counters in the store, so that every instance on one PostgreSQL counts together (an
 * embedded PGlite store is one instance's anyway). rate-limiter-flexible's RateLimiterPostgres does the
 * counting with one atomic upsert per hit; it is given the store's own Db through a small client adapter,
 * which speaks the `query({text, values})` of node-postgres on either engine. The table is ours (a migration).
 */
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
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
  /**
   * Once the store's count reaches the limit, refuse the key from memory until its window ends, without
   * a store round trip (rate-limiter-flexible's in-memory block). The store's count for a window only
   * grows, so this refuses nothing the store would admit; a caller hammering past the limit cost three
   * statements a refusal (docs/security.md, third pass).
   */
  blockInMemory?: boolean;
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
    // Without inMemoryBlockDuration the block lasts until the window's end (msBeforeNext).
    ...(o.blockInMemory ? { inMemoryBlockOnConsumed: o.points } : {}),
  });
}

/** Deletes counters that expired more than an hour ago. */
export async function expireRateLimits(db: Db, now = Date.now()): Promise<void> {
  await db.query(`DELETE FROM ${TABLE} WHERE expire < $1`, [now - 3_600_000]);
}

/** A lease is this share of the limit (at least 1 point): 60 of the default 1200 per minute. */
export const LEASE_FRACTION = 20;

interface Lease {
  /** Points claimed from the store and not yet spent here. */
  left: number;
  /** The store's count for the window after the last claim (every instance's claims). */
  claimed: number;
  /** When the store's window ends (epoch ms). */
  expires: number;
  /** The store had nothing more to give: refuse until the window ends. */
  full: boolean;
  claiming: Promise<void> | null;
}

/**
 * A fixed-window limit counted in the store, spent in memory: an instance claims a lease of
 * points/LEASE_FRACTION points with one upsert and spends it without a round trip (docs/security.md,
 * "across instances"). The store's count includes every lease handed out, so all instances together
 * never admit more than the limit; unspent leases of other instances can refuse a caller early, by at
 * most (instances - 1) × (lease - 1) requests per window. A lease of 1 (limits under 40) is exact.
 */
export class LeasedLimiter {
  readonly lease: number;
  private readonly leases = new Map<string, Lease>();
  private lastSweep = Date.now();

  constructor(private readonly store: RateLimiterPostgres, readonly points: number, readonly duration: number) {
    this.lease = Math.max(1, Math.floor(points / LEASE_FRACTION));
  }

  /** Spends one point of key; throws a RateLimiterRes (as the library does) when the window is spent. */
  async consume(key: string): Promise<{ remainingPoints: number; msBeforeNext: number }> {
    for (;;) {
      const now = Date.now();
      let l = this.leases.get(key);
      if (l && !l.claiming && l.expires <= now) {
        this.leases.delete(key);
        l = undefined;
      }
      if (l?.claiming) {
        await l.claiming;
        continue;
      }
      if (l && l.left > 0) {
        l.left--;
        return { remainingPoints: Math.max(0, this.points - l.claimed) + l.left, msBeforeNext: l.expires - now };
      }
      if (l?.full) throw new RateLimiterRes(0, l.expires - now, this.points, false);
      const lease: Lease = l ?? { left: 0, claimed: 0, expires: 0, full: false, claiming: null };
      this.leases.set(key, lease);
      lease.claiming = this.claim(key, lease).finally(() => (lease.claiming = null));
      await lease.claiming;
    }
  }

  private async claim(key: string, lease: Lease): Promise<void> {
    this.sweep();
    const r = await this.store.penalty(key, this.lease);
    const before = r.consumedPoints - this.lease;
    lease.left += Math.max(0, Math.min(this.lease, this.points - before));
    lease.claimed = Math.min(this.points, r.consumedPoints);
    lease.full = r.consumedPoints >= this.points;
    lease.expires = Date.now() + Math.max(0, r.msBeforeNext);
  }

  /** Leases of callers gone quiet go once a window, so the map holds the callers of about one window. */
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < this.duration * 1000) return;
    this.lastSweep = now;
    for (const [k, l] of this.leases) if (!l.claiming && l.expires <= now) this.leases.delete(k);
  }
}
