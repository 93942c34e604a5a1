/**
 * The live sources' state (docs/live-data.md): the TFRs of the FAA's feed as the poller last read them,
 * and per source its last success, last attempt and next run. The instance holding the poll's lease
 * writes; every instance reads on a NOTIFY ('live') and on its own slow check, and lays the TFRs over
 * its dataset (server/services/live/overlay.ts).
 */
import type { AirspaceFeature } from '../data/model';
import type { Sql } from './db';
import { registerMigrations } from './migrations';
import { notifyChange } from './notify';

registerMigrations([
  {
    version: 300,
    name: 'live_sources',
    sql: `
      CREATE TABLE live_tfrs (
        notam_id text PRIMARY KEY,
        entry jsonb NOT NULL,
        entry_hash text NOT NULL,
        features jsonb,
        detail_hash text,
        detail_at timestamptz,
        detail_error text,
        listed_at timestamptz NOT NULL
      );
      CREATE TABLE live_sources (
        id text PRIMARY KEY,
        last_success timestamptz,
        last_attempt timestamptz,
        next_run timestamptz,
        last_result text,
        last_error text,
        revision bigint NOT NULL DEFAULT 0
      );
    `,
  },
]);

/** One entry of the FAA's TFR list, as kept (the fields the service reads; strings, capped). */
export interface TfrListEntry {
  notam_id: string;
  type?: string;
  facility?: string;
  state?: string;
  description?: string;
  creation_date?: string;
}

export interface StoredTfr {
  notamId: string;
  entry: TfrListEntry;
  entryHash: string;
  /** The last good detail's features; null: never read (its area is unknown). */
  features: AirspaceFeature[] | null;
  detailHash: string | null;
  detailAt: Date | null;
  detailError: string | null;
}

export interface LiveSourceRow {
  id: string;
  lastSuccess: Date | null;
  lastAttempt: Date | null;
  nextRun: Date | null;
  lastResult: string | null;
  lastError: string | null;
  /** Moves on every write of the source's data: a reader reloads the TFRs only when it moved. */
  revision: number;
}

/** Rows per INSERT of a poll's changes. */
const UPSERT_BATCH = 1000;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

export interface TfrChanges {
  /** Entries new or changed in the list, with their detail when it was read this time. */
  upserts: Array<{ entry: TfrListEntry; entryHash: string; detail: { features: AirspaceFeature[]; hash: string } | { error: string } | null }>;
  /** Entries that left the list. */
  removed: string[];
}

export const liveStore = {
  async tfrs(db: Sql): Promise<StoredTfr[]> {
    const rows = await db.query<Record<string, unknown>>('SELECT notam_id, entry, entry_hash, features, detail_hash, detail_at, detail_error FROM live_tfrs ORDER BY notam_id');
    return rows.map((r) => ({
      notamId: String(r.notam_id),
      entry: json<TfrListEntry>(r.entry),
      entryHash: String(r.entry_hash),
      features: r.features === null ? null : json<AirspaceFeature[]>(r.features),
      detailHash: (r.detail_hash as string | null) ?? null,
      detailAt: date(r.detail_at),
      detailError: (r.detail_error as string | null) ?? null,
    }));
  },

  /** What the poller needs to decide what to fetch: per NOTAM its list entry's hash and whether a good detail is kept. */
  async tfrIndex(db: Sql): Promise<Map<string, { entryHash: string; known: boolean }>> {
    const rows = await db.query<{ notam_id: string; entry_hash: string; known: boolean }>('SELECT notam_id, entry_hash, features IS NOT NULL AS known FROM live_tfrs');
    return new Map(rows.map((r) => [r.notam_id, { entryHash: r.entry_hash, known: r.known }]));
  },

  async source(db: Sql, id: string): Promise<LiveSourceRow | null> {
    const rows = await db.query<Record<string, unknown>>('SELECT id, last_success, last_attempt, next_run, last_result, last_error, revision FROM live_sources WHERE id = $1', [id]);
    const r = rows[0];
    if (!r) return null;
    return {
      id: String(r.id),
      lastSuccess: date(r.last_success),
      lastAttempt: date(r.last_attempt),
      nextRun: date(r.next_run),
      lastResult: (r.last_result as string | null) ?? null,
      lastError: (r.last_error as string | null) ?? null,
      revision: Number(r.revision),
    };
  },

  async sources(db: Sql): Promise<LiveSourceRow[]> {
    const rows = await db.query<{ id: string }>('SELECT id FROM live_sources ORDER BY id');
    const out: LiveSourceRow[] = [];
    for (const r of rows) {
      const s = await liveStore.source(db, r.id);
      if (s) out.push(s);
    }
    return out;
  },

  /**
   * One poll's outcome in one transaction: the TFR changes (a failed detail keeps the last good one), the
   * source's attempt (and success), then a NOTIFY so every instance lays the change over at once.
   */
  async recordPoll(
    db: Sql & { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> },
    id: string,
    at: Date,
    outcome: { ok: true; changes: TfrChanges; nextRun: Date; result: string } | { ok: false; error: string; nextRun: Date },
  ): Promise<void> {
    await db.transaction(async (tx) => {
      if (outcome.ok) {
        // In batches of one statement each: a list of 10,000 new entries is ten statements, not 10,000.
        const rows = outcome.changes.upserts.map((u) => {
          const d = u.detail;
          const good = d && 'features' in d ? d : null;
          return { notam_id: u.entry.notam_id, entry: u.entry, entry_hash: u.entryHash, features: good ? good.features : null, detail_hash: good ? good.hash : null, detail_error: d && 'error' in d ? d.error : null };
        });
        for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
          await tx.query(
            `INSERT INTO live_tfrs (notam_id, entry, entry_hash, features, detail_hash, detail_at, detail_error, listed_at)
             SELECT x.notam_id, x.entry, x.entry_hash, x.features, x.detail_hash, CASE WHEN x.features IS NULL THEN NULL ELSE $2::timestamptz END, x.detail_error, $2::timestamptz
               FROM jsonb_to_recordset($1::jsonb) AS x(notam_id text, entry jsonb, entry_hash text, features jsonb, detail_hash text, detail_error text)
             ON CONFLICT (notam_id) DO UPDATE SET entry = EXCLUDED.entry, entry_hash = EXCLUDED.entry_hash,
               features = COALESCE(EXCLUDED.features, live_tfrs.features),
               detail_hash = COALESCE(EXCLUDED.detail_hash, live_tfrs.detail_hash),
               detail_at = COALESCE(EXCLUDED.detail_at, live_tfrs.detail_at),
               detail_error = EXCLUDED.detail_error`,
            [JSON.stringify(rows.slice(i, i + UPSERT_BATCH)), at.toISOString()],
          );
        }
        if (outcome.changes.removed.length) {
          await tx.query('DELETE FROM live_tfrs WHERE notam_id = ANY($1::text[])', [outcome.changes.removed]);
        }
      }
      await tx.query(
        `INSERT INTO live_sources (id, last_success, last_attempt, next_run, last_result, last_error, revision)
         VALUES ($1, $2, $3, $4, $5, $6, 1)
         ON CONFLICT (id) DO UPDATE SET last_success = COALESCE(EXCLUDED.last_success, live_sources.last_success),
           last_attempt = EXCLUDED.last_attempt, next_run = EXCLUDED.next_run, last_result = EXCLUDED.last_result,
           last_error = EXCLUDED.last_error, revision = live_sources.revision + 1`,
        [id, outcome.ok ? at.toISOString() : null, at.toISOString(), outcome.nextRun.toISOString(), outcome.ok ? outcome.result : 'failed', outcome.ok ? null : outcome.error],
      );
      await notifyChange(tx, 'live');
    });
  },

  /** A source's attempt without TFR data (the chart sync): success or failure, and its next run. */
  async recordRun(db: Sql, id: string, at: Date, outcome: { ok: boolean; result: string; error?: string; nextRun: Date }): Promise<void> {
    await db.query(
      `INSERT INTO live_sources (id, last_success, last_attempt, next_run, last_result, last_error, revision)
       VALUES ($1, $2, $3, $4, $5, $6, 1)
       ON CONFLICT (id) DO UPDATE SET last_success = COALESCE(EXCLUDED.last_success, live_sources.last_success),
         last_attempt = EXCLUDED.last_attempt, next_run = EXCLUDED.next_run, last_result = EXCLUDED.last_result,
         last_error = EXCLUDED.last_error, revision = live_sources.revision + 1`,
      [id, outcome.ok ? at.toISOString() : null, at.toISOString(), outcome.nextRun.toISOString(), outcome.result, outcome.error ?? null],
    );
    await notifyChange(db, 'live');
  },
};
