/**
 * Expiring leases (docs/deploy.md "Leases"): a named piece of work belongs to one holder until a time
 * the store's own clock sets, so instances with skewed clocks agree on expiry. A holder that stalls or
 * dies (SIGSTOP, a long pause, a partition) simply stops renewing; once `until` has passed, any other
 * instance may take the lease over. No row lock is held while the work runs.
 * `done_at` marks work that must run once (e.g. the revalidation of one dataset version).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Sql } from './db';
import { registerMigrations } from './migrations';

registerMigrations([
  {
    version: 112,
    name: 'leases',
    sql: `
      CREATE TABLE leases (name text PRIMARY KEY, holder text, until timestamptz NOT NULL, done_at timestamptz);
    `,
  },
]);

/** A holder id per instance: readable in the store (host and pid) and unique across restarts. */
export function newHolderId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export const leasesStore = {
  /**
   * Takes or renews the lease `name` for `seconds`: succeeds when the holder is `holder` or the previous
   * lease (or the pause set by finish()) has run out. Work already marked done is never leased again.
   */
  async acquire(db: Sql, name: string, holder: string, seconds: number): Promise<boolean> {
    const rows = await db.query(
      `INSERT INTO leases (name, holder, until) VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3))
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
         WHERE leases.done_at IS NULL AND (leases.holder = EXCLUDED.holder OR leases.until <= clock_timestamp())
       RETURNING name`,
      [name, holder, seconds],
    );
    return rows.length === 1;
  },

  async release(db: Sql, name: string, holder: string): Promise<void> {
    await db.query('UPDATE leases SET holder = NULL, until = clock_timestamp() WHERE name = $1 AND holder = $2', [name, holder]);
  },

  /** Periodic work finished a run: nobody (this holder included) takes it again for `pauseSeconds`. */
  async finish(db: Sql, name: string, holder: string, pauseSeconds: number): Promise<void> {
    await db.query('UPDATE leases SET holder = NULL, until = clock_timestamp() + make_interval(secs => $3) WHERE name = $1 AND holder = $2', [name, holder, pauseSeconds]);
  },

  /** Marks run-once work done (by its holder); later acquire() calls for it fail. */
  async markDone(db: Sql, name: string, holder: string): Promise<boolean> {
    const rows = await db.query('UPDATE leases SET done_at = clock_timestamp(), holder = NULL WHERE name = $1 AND holder = $2 RETURNING name', [name, holder]);
    return rows.length === 1;
  },

  async isDone(db: Sql, name: string): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM leases WHERE name = $1 AND done_at IS NOT NULL', [name]);
    return rows.length > 0;
  },

  /** On shutdown: hands every lease of `holder` back at once, so others need not wait for expiry. */
  async releaseAll(db: Sql, holder: string): Promise<void> {
    await db.query('UPDATE leases SET holder = NULL, until = clock_timestamp() WHERE holder = $1 AND done_at IS NULL', [holder]);
  },

  /** Forgets run-once markers older than `days` on the store's clock (housekeeping). */
  async purgeDone(db: Sql, days: number): Promise<number> {
    const rows = await db.query('DELETE FROM leases WHERE done_at IS NOT NULL AND done_at < clock_timestamp() - make_interval(days => $1) RETURNING name', [days]);
    return rows.length;
  },
};
