/**
 * Telemetry positions and conformance events of operations (docs/positions.md). One row per operation
 * and instant: the primary key (operation_id, time) makes a re-sent position a no-op and serves "the last
 * position by time" from the index. A batch is one INSERT (unnest of column arrays), whatever its size.
 * Both tables go with their operation (ON DELETE CASCADE) and are purged RETENTION_DAYS after it ends.
 */
import type { ConformanceReason } from '../contract/positions';
import type { Sql } from './db';
import { registerMigrations } from './migrations';

registerMigrations([
  {
    version: 150,
    name: 'positions_and_conformance',
    sql: `
      CREATE TABLE positions (
        operation_id uuid NOT NULL REFERENCES operations(id) ON DELETE CASCADE, time timestamptz NOT NULL,
        latitude double precision NOT NULL, longitude double precision NOT NULL, altitude double precision NOT NULL,
        altitude_reference text NOT NULL, speed double precision, heading double precision,
        reasons text NOT NULL DEFAULT '', received_at timestamptz NOT NULL,
        PRIMARY KEY (operation_id, time));
      CREATE TABLE conformance_events (
        id uuid PRIMARY KEY, seq bigserial NOT NULL,
        operation_id uuid NOT NULL REFERENCES operations(id) ON DELETE CASCADE,
        reason text NOT NULL, position_time timestamptz NOT NULL, position jsonb NOT NULL, detail text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (operation_id, position_time, reason));
    `,
  },
  {
    // Storage follows flight time (issue 29): events are episodes (entry, last position, count), and
    // each operation's stored positions are counted so that thinning needs no count(*).
    version: 160,
    name: 'conformance_episodes_and_position_counts',
    sql: `
      ALTER TABLE conformance_events ADD COLUMN last_time timestamptz;
      ALTER TABLE conformance_events ADD COLUMN positions integer NOT NULL DEFAULT 1;
      UPDATE conformance_events SET last_time = position_time;
      ALTER TABLE conformance_events ALTER COLUMN last_time SET NOT NULL;
      CREATE INDEX conformance_events_operation_time ON conformance_events(operation_id, position_time);
      CREATE TABLE position_counts (
        operation_id uuid PRIMARY KEY REFERENCES operations(id) ON DELETE CASCADE, stored integer NOT NULL);
      INSERT INTO position_counts (operation_id, stored) SELECT operation_id, count(*)::int FROM positions GROUP BY operation_id;
    `,
  },
]);

/** Positions and events are kept this many days after their operation's end (docs/positions.md "Retention"). */
export const RETENTION_DAYS = 30;

export interface PositionRow {
  operationId: string;
  time: Date;
  latitude: number;
  longitude: number;
  altitude: number;
  altitudeReference: 'AGL' | 'MSL';
  speed: number | null;
  heading: number | null;
  /** The conformance reasons this position breaks (the flood rule reads the previous position's). */
  reasons: ConformanceReason[];
  receivedAt: Date;
}

export interface ConformanceRow {
  id: string;
  operationId: string;
  reason: ConformanceReason;
  positionTime: Date;
  position: Record<string, unknown>;
  detail: string;
  createdAt: Date;
  /** Time of the last position of the episode (its entry's time for an episode of one position). */
  lastTime: Date;
  /** Positions in the episode. */
  positions: number;
}

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const splitReasons = (s: unknown) => (typeof s === 'string' && s ? (s.split(',') as ConformanceReason[]) : []);

function positionFrom(r: Row): PositionRow {
  return {
    operationId: r.operation_id as string,
    time: new Date(r.time as Date),
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    altitude: Number(r.altitude),
    altitudeReference: r.altitude_reference as 'AGL' | 'MSL',
    speed: num(r.speed),
    heading: num(r.heading),
    reasons: splitReasons(r.reasons),
    receivedAt: new Date(r.received_at as Date),
  };
}

function eventFrom(r: Row): ConformanceRow {
  return {
    id: r.id as string,
    operationId: r.operation_id as string,
    reason: r.reason as ConformanceReason,
    positionTime: new Date(r.position_time as Date),
    position: typeof r.position === 'string' ? (JSON.parse(r.position) as Record<string, unknown>) : (r.position as Record<string, unknown>),
    detail: r.detail as string,
    createdAt: new Date(r.created_at as Date),
    lastTime: new Date((r.last_time ?? r.position_time) as Date),
    positions: Number(r.positions ?? 1),
  };
}

export const positionsStore = {
  /** Inserts the batch in one statement; returns the times (ms) that were new (the others were stored before). */
  async insertBatch(db: Sql, rows: readonly PositionRow[]): Promise<Set<number>> {
    if (!rows.length) return new Set();
    const inserted = await db.query<{ time: Date }>(
      `INSERT INTO positions (operation_id, time, latitude, longitude, altitude, altitude_reference, speed, heading, reasons, received_at)
       SELECT $1::uuid, t, la, lo, al, ar, sp, hd, rs, $2::timestamptz
       FROM unnest($3::timestamptz[], $4::float8[], $5::float8[], $6::float8[], $7::text[], $8::float8[], $9::float8[], $10::text[]) AS u(t, la, lo, al, ar, sp, hd, rs)
       ON CONFLICT (operation_id, time) DO NOTHING RETURNING time`,
      [
        rows[0]!.operationId,
        rows[0]!.receivedAt,
        rows.map((r) => r.time.toISOString()),
        rows.map((r) => r.latitude),
        rows.map((r) => r.longitude),
        rows.map((r) => r.altitude),
        rows.map((r) => r.altitudeReference),
        rows.map((r) => r.speed),
        rows.map((r) => r.heading),
        rows.map((r) => r.reasons.join(',')),
      ],
    );
    return new Set(inserted.map((r) => new Date(r.time).getTime()));
  },

  /** The stored position just before `time` (what came before a batch), or null. */
  async before(db: Sql, operationId: string, time: Date): Promise<PositionRow | null> {
    const rows = await db.query<Row>('SELECT * FROM positions WHERE operation_id = $1 AND time < $2 ORDER BY time DESC LIMIT 1', [operationId, time]);
    return rows[0] ? positionFrom(rows[0]) : null;
  },

  async last(db: Sql, operationId: string): Promise<PositionRow | null> {
    const rows = await db.query<Row>('SELECT * FROM positions WHERE operation_id = $1 ORDER BY time DESC LIMIT 1', [operationId]);
    return rows[0] ? positionFrom(rows[0]) : null;
  },

  /** Up to `limit` positions after `after` (all when null), oldest first: a page of the track. */
  async track(db: Sql, operationId: string, after: Date | null, limit: number): Promise<PositionRow[]> {
    const rows = await db.query<Row>(
      'SELECT * FROM positions WHERE operation_id = $1 AND ($2::timestamptz IS NULL OR time > $2::timestamptz) ORDER BY time LIMIT $3',
      [operationId, after, limit],
    );
    return rows.map(positionFrom);
  },

  /**
   * Inserts the events in one statement (a hostile batch alternating in and out of the area raises
   * hundreds; one INSERT each held the embedded store's event loop for most of a second); returns those
   * that were new, in the given order (an event of a re-sent position exists already).
   */
  async insertEvents(db: Sql, events: readonly ConformanceRow[]): Promise<ConformanceRow[]> {
    if (!events.length) return [];
    const rows = await db.query<Row>(
      `INSERT INTO conformance_events (id, operation_id, reason, position_time, position, detail, created_at, last_time, positions)
       SELECT id, op, reason, pt, pos::jsonb, detail, ca, lt, n
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::int[]) AS u(id, op, reason, pt, pos, detail, ca, lt, n)
       ON CONFLICT (operation_id, position_time, reason) DO NOTHING RETURNING *`,
      [
        events.map((e) => e.id),
        events.map((e) => e.operationId),
        events.map((e) => e.reason),
        events.map((e) => e.positionTime.toISOString()),
        events.map((e) => JSON.stringify(e.position)),
        events.map((e) => e.detail),
        events.map((e) => e.createdAt.toISOString()),
        events.map((e) => e.lastTime.toISOString()),
        events.map((e) => e.positions),
      ],
    );
    const order = new Map(events.map((e, i) => [e.id, i]));
    return rows.map(eventFrom).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  },

  /** Writes the entry, last time and count of episodes a batch extended, in one statement. */
  async updateEpisodes(db: Sql, events: readonly ConformanceRow[]): Promise<void> {
    if (!events.length) return;
    await db.query(
      `UPDATE conformance_events c SET position_time = u.pt, position = u.pos::jsonb, detail = u.detail, last_time = u.lt, positions = u.n
       FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::text[], $5::timestamptz[], $6::int[]) AS u(id, pt, pos, detail, lt, n)
       WHERE c.id = u.id`,
      [
        events.map((e) => e.id),
        events.map((e) => e.positionTime.toISOString()),
        events.map((e) => JSON.stringify(e.position)),
        events.map((e) => e.detail),
        events.map((e) => e.lastTime.toISOString()),
        events.map((e) => e.positions),
      ],
    );
  },

  /**
   * The episodes a batch from `from` to `to` may extend: those within `gapMs` of it, and the latest of
   * each reason (where new episodes go once the operation has its most); and how many it has.
   */
  async episodesNear(db: Sql, operationId: string, from: Date, to: Date, gapMs: number): Promise<{ near: ConformanceRow[]; count: number }> {
    const near = await db.query<Row>(
      `SELECT * FROM conformance_events WHERE operation_id = $1 AND position_time <= $3::timestamptz AND last_time >= $2::timestamptz
       UNION SELECT * FROM (SELECT DISTINCT ON (reason) * FROM conformance_events WHERE operation_id = $1 ORDER BY reason, last_time DESC) latest`,
      [operationId, new Date(from.getTime() - gapMs), new Date(to.getTime() + gapMs)],
    );
    const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM conformance_events WHERE operation_id = $1', [operationId]);
    return { near: near.map(eventFrom), count: count[0]?.n ?? 0 };
  },

  /** Adds `n` to the operation's stored positions; returns how many it now holds. */
  async addStored(db: Sql, operationId: string, n: number): Promise<number> {
    const rows = await db.query<{ stored: number }>(
      `INSERT INTO position_counts (operation_id, stored) VALUES ($1, $2)
       ON CONFLICT (operation_id) DO UPDATE SET stored = position_counts.stored + EXCLUDED.stored RETURNING stored`,
      [operationId, n],
    );
    return Number(rows[0]?.stored ?? n);
  },

  /**
   * Thins the operation's track: the newest `keepRecent` positions stay, and every other older one is
   * deleted (a decimated history). Returns how many went; the count follows.
   */
  async thin(db: Sql, operationId: string, keepRecent: number): Promise<number> {
    const gone = await db.query<{ time: Date }>(
      `DELETE FROM positions p USING (
         SELECT time, row_number() OVER (ORDER BY time DESC) AS rn FROM positions WHERE operation_id = $1
       ) r
       WHERE p.operation_id = $1 AND p.time = r.time AND r.rn > $2 AND (r.rn - $2) % 2 = 0
       RETURNING p.time`,
      [operationId, keepRecent],
    );
    if (gone.length) await db.query('UPDATE position_counts SET stored = stored - $2 WHERE operation_id = $1', [operationId, gone.length]);
    return gone.length;
  },

  /** Oldest first: by the position's time, then by when the event was written. */
  async events(db: Sql, operationId: string, limit = 1000): Promise<ConformanceRow[]> {
    const rows = await db.query<Row>('SELECT * FROM conformance_events WHERE operation_id = $1 ORDER BY position_time, seq LIMIT $2', [operationId, limit]);
    return rows.map(eventFrom);
  },

  /**
   * Deletes positions and events of up to `operations` operations that ended more than RETENTION_DAYS
   * before `now`; returns how many operations were purged (the daily job calls again while it is full).
   */
  async purgeEnded(db: Sql, now: Date, operations = 100): Promise<number> {
    const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000);
    const ids = await db.query<{ id: string }>(
      `SELECT o.id FROM operations o WHERE o.end_time < $1
         AND (EXISTS (SELECT 1 FROM positions p WHERE p.operation_id = o.id) OR EXISTS (SELECT 1 FROM conformance_events e WHERE e.operation_id = o.id))
       LIMIT $2`,
      [cutoff, operations],
    );
    if (!ids.length) return 0;
    const list = ids.map((r) => r.id);
    await db.query('DELETE FROM positions WHERE operation_id = ANY($1::uuid[])', [list]);
    await db.query('DELETE FROM conformance_events WHERE operation_id = ANY($1::uuid[])', [list]);
    await db.query('DELETE FROM position_counts WHERE operation_id = ANY($1::uuid[])', [list]);
    return list.length;
  },
};
