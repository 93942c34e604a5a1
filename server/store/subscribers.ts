/**
 * Data-change subscribers (docs/subscribers.md) and their deliveries. A notification is a row of the
 * callback outbox (server/store/callbacks.ts), delivered, signed and retried by the same deliverer as the
 * operation callbacks; it names its subscriber instead of an operation (subscriber_id, operation_id null)
 * and uses the subscriber id as its ordering key (authorization_id), so one subscriber's notifications
 * arrive in dataset order.
 */
import type { Polygon, MultiPolygon } from 'geojson';
import type { Sql } from './db';
import { registerMigrations } from './migrations';

registerMigrations([
  {
    version: 151,
    name: 'subscribers',
    sql: `
      CREATE TABLE subscribers (
        id uuid PRIMARY KEY, org_id uuid, created_by text NOT NULL, callback_url text NOT NULL, geometry jsonb NOT NULL,
        bbox_west double precision NOT NULL, bbox_south double precision NOT NULL,
        bbox_east double precision NOT NULL, bbox_north double precision NOT NULL,
        layers text[] NOT NULL, signing_client_id text, signing_secret text, created_at timestamptz NOT NULL);
      CREATE INDEX subscribers_org ON subscribers(org_id);
      CREATE INDEX subscribers_creator ON subscribers(created_by);
    `,
  },
  {
    version: 152,
    name: 'callback_outbox_subscriber',
    sql: `
      ALTER TABLE callback_outbox ALTER COLUMN operation_id DROP NOT NULL;
      ALTER TABLE callback_outbox ADD COLUMN subscriber_id uuid;
      CREATE INDEX callback_outbox_subscriber ON callback_outbox(subscriber_id);
    `,
  },
]);

export interface SubscriberRecord {
  id: string;
  orgId: string | null;
  createdBy: string;
  callbackUrl: string;
  geometry: Polygon | MultiPolygon;
  bbox: [number, number, number, number];
  layers: string[];
  signingClientId: string | null;
  signingSecret: string | null;
  createdAt: Date;
}

/** Whose subscribers: an organization's, or (without one) the caller's own. */
export interface SubscriberOwner {
  id: string;
  orgId: string | null;
}

type Row = Record<string, unknown>;

function fromRow(r: Row): SubscriberRecord {
  return {
    id: r.id as string,
    orgId: (r.org_id as string | null) ?? null,
    createdBy: r.created_by as string,
    callbackUrl: r.callback_url as string,
    geometry: (typeof r.geometry === 'string' ? JSON.parse(r.geometry) : r.geometry) as Polygon | MultiPolygon,
    bbox: [Number(r.bbox_west), Number(r.bbox_south), Number(r.bbox_east), Number(r.bbox_north)],
    layers: r.layers as string[],
    signingClientId: (r.signing_client_id as string | null) ?? null,
    signingSecret: (r.signing_secret as string | null) ?? null,
    createdAt: new Date(r.created_at as Date),
  };
}

const owned = (o: SubscriberOwner, first: number) => (o.orgId ? { sql: `org_id = $${first}`, value: o.orgId } : { sql: `(org_id IS NULL AND created_by = $${first})`, value: o.id });

export const subscribersStore = {
  async insert(db: Sql, s: SubscriberRecord): Promise<void> {
    await db.query(
      `INSERT INTO subscribers (id, org_id, created_by, callback_url, geometry, bbox_west, bbox_south, bbox_east, bbox_north, layers, signing_client_id, signing_secret, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [s.id, s.orgId, s.createdBy, s.callbackUrl, JSON.stringify(s.geometry), ...s.bbox, s.layers, s.signingClientId, s.signingSecret, s.createdAt],
    );
  },

  /**
   * Holds the owner's subscriber lock until the transaction `tx` ends: a count and an insert under it
   * see every other creation of the owner's, on any instance (before, two at once could both count 99).
   */
  async lockOwner(tx: Sql, o: SubscriberOwner): Promise<void> {
    const key = o.orgId ? `subscribers:org:${o.orgId}` : `subscribers:user:${o.id}`;
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  },

  async count(db: Sql, o: SubscriberOwner): Promise<number> {
    const w = owned(o, 1);
    const rows = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM subscribers WHERE ${w.sql}`, [w.value]);
    return Number(rows[0]?.n ?? 0);
  },

  async list(db: Sql, o: SubscriberOwner): Promise<SubscriberRecord[]> {
    const w = owned(o, 1);
    return (await db.query<Row>(`SELECT * FROM subscribers WHERE ${w.sql} ORDER BY created_at, id`, [w.value])).map(fromRow);
  },

  /** Deletes one of the owner's subscribers and its notifications, sent or not; false when it is not theirs. */
  async delete(db: Sql, o: SubscriberOwner, id: string): Promise<boolean> {
    const w = owned(o, 2);
    const rows = await db.query(`DELETE FROM subscribers WHERE id = $1 AND ${w.sql} RETURNING id`, [id, w.value]);
    if (!rows.length) return false;
    // Its deliveries too (nobody could list them any more); their attempts go with them (ON DELETE CASCADE).
    await db.query('DELETE FROM callback_outbox WHERE subscriber_id = $1', [id]);
    return true;
  },

  /** Every subscriber (a dataset change is matched against each in memory: their count is bounded per owner). */
  async all(db: Sql): Promise<SubscriberRecord[]> {
    return (await db.query<Row>('SELECT * FROM subscribers ORDER BY created_at, id')).map(fromRow);
  },

  /**
   * Queues notifications in one statement (one per subscriber and part: 100 statements held the embedded
   * store's thread ~0.5–1 s at a swap), leaving out subscribers deleted since they were read. Returns how
   * many were queued.
   */
  async enqueueMany(db: Sql, rows: ReadonlyArray<{ id: string; subscriber: SubscriberRecord; body: string; at: Date }>): Promise<number> {
    if (!rows.length) return 0;
    const col = <T>(f: (o: (typeof rows)[number]) => T) => rows.map(f);
    const inserted = await db.query(
      `INSERT INTO callback_outbox (id, operation_id, subscriber_id, authorization_id, auth_status, url, body, signing_client_id, signing_secret, state, next_attempt_at, created_at)
       SELECT u.id, NULL, u.sid, u.sid, 'DATA_CHANGE', u.url, u.body, u.sci, u.ss, 'PENDING', u.at, u.at
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
         WITH ORDINALITY AS u(id, sid, url, body, sci, ss, at, n)
       WHERE EXISTS (SELECT 1 FROM subscribers s WHERE s.id = u.sid)
       ORDER BY u.n
       RETURNING id`,
      [
        col((n) => n.id),
        col((n) => n.subscriber.id),
        col((n) => n.subscriber.callbackUrl),
        col((n) => n.body),
        col((n) => n.subscriber.signingClientId ?? null),
        col((n) => (n.subscriber.signingClientId ? null : n.subscriber.signingSecret)),
        col((n) => n.at.toISOString()),
      ],
    );
    return inserted.length;
  },

  /** Whether the subscriber is the owner's (the same rule as list and delete). */
  async owns(db: Sql, o: SubscriberOwner, id: string): Promise<boolean> {
    const w = owned(o, 2);
    return (await db.query(`SELECT 1 FROM subscribers WHERE id = $1 AND ${w.sql}`, [id, w.value])).length > 0;
  },

  /** The subscriber's most recent notifications in the outbox, newest first. */
  async recentDeliveries(db: Sql, subscriberId: string, limit: number): Promise<Row[]> {
    return db.query<Row>(
      `SELECT id, auth_status, body, state, attempts, last_error, next_attempt_at, created_at, delivered_at
       FROM callback_outbox WHERE subscriber_id = $1 ORDER BY seq DESC LIMIT $2`,
      [subscriberId, limit],
    );
  },

  async deliveries(db: Sql, subscriberId: string): Promise<Array<{ id: string; state: string; body: string }>> {
    return db.query('SELECT id, state, body FROM callback_outbox WHERE subscriber_id = $1 ORDER BY seq', [subscriberId]);
  },
};
