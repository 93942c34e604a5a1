/**
 * The callback outbox (spec 6; docs/operations-laanc.md "Callbacks"). A row is written in the same
 * transaction as the authorization status change it reports, so a change is never lost nor reported
 * without having happened. Deliverers take an expiring lease on due rows (leased_by, lease_until, on the
 * store's clock; docs/deploy.md "Leases"): two live instances never send the same row at once, and a row
 * whose holder stalled or died is taken over once its lease has expired. Rows survive restarts because
 * they live in the store; a takeover re-sends with the same delivery id.
 */
import type { Db, Sql } from './db';
import { registerMigrations } from './migrations';
import { Params, visibleTo, type Viewer } from './operations';

registerMigrations([
  {
    version: 103,
    name: 'callback_outbox',
    sql: `
      CREATE TABLE callback_outbox (
        id uuid PRIMARY KEY, seq bigserial NOT NULL, operation_id uuid NOT NULL, authorization_id uuid NOT NULL,
        auth_status text NOT NULL, url text NOT NULL, body text NOT NULL,
        signing_client_id text, signing_secret text,
        state text NOT NULL, attempts integer NOT NULL DEFAULT 0, next_attempt_at timestamptz,
        locked_until timestamptz, created_at timestamptz NOT NULL, delivered_at timestamptz, last_error text);
      CREATE INDEX callback_outbox_due ON callback_outbox(state, next_attempt_at);
      CREATE INDEX callback_outbox_operation ON callback_outbox(operation_id, seq);
      CREATE TABLE callback_attempts (
        delivery_id uuid NOT NULL REFERENCES callback_outbox(id) ON DELETE CASCADE, attempt integer NOT NULL,
        at timestamptz NOT NULL, duration_ms integer NOT NULL, status_code integer, error text,
        PRIMARY KEY (delivery_id, attempt));
    `,
  },
  {
    version: 111,
    name: 'callback_outbox_lease_holder',
    sql: `
      ALTER TABLE callback_outbox RENAME COLUMN locked_until TO lease_until;
      ALTER TABLE callback_outbox ADD COLUMN leased_by text;
    `,
  },
]);

export type DeliveryState = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface OutboxRecord {
  id: string;
  seq: number;
  operationId: string;
  authorizationId: string;
  authStatus: string;
  url: string;
  /** The exact bytes POSTed and signed. */
  body: string;
  signingClientId: string | null;
  signingSecret: string | null;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
  lastError: string | null;
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  at: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

type Row = Record<string, unknown>;
const date = (v: unknown) => (v ? new Date(v as Date) : null);

function fromRow(r: Row): OutboxRecord {
  return {
    id: r.id as string,
    seq: Number(r.seq),
    operationId: r.operation_id as string,
    authorizationId: r.authorization_id as string,
    authStatus: r.auth_status as string,
    url: r.url as string,
    body: r.body as string,
    signingClientId: (r.signing_client_id as string | null) ?? null,
    signingSecret: (r.signing_secret as string | null) ?? null,
    state: r.state as DeliveryState,
    attempts: Number(r.attempts),
    nextAttemptAt: date(r.next_attempt_at),
    createdAt: new Date(r.created_at as Date),
    deliveredAt: date(r.delivered_at),
    lastError: (r.last_error as string | null) ?? null,
  };
}

/**
 * Which rows leaseDue takes. Each pending row learns its place among its authorization's pending rows
 * and among its receiver's due rows in two sorts, planned the same whatever the store's statistics (the
 * embedded store never gathers any): a correlated NOT EXISTS here took 11-15 s over 10,000 pending rows.
 */
const LEASE_SQL = `UPDATE callback_outbox SET leased_by = $2, lease_until = clock_timestamp() + make_interval(secs => $3) WHERE id IN (
  SELECT l.id FROM callback_outbox l WHERE l.id IN (
    SELECT d.id FROM (
      SELECT p.id, p.next_attempt_at, p.seq,
             row_number() OVER (PARTITION BY substring(p.url FROM '^[^:]+://([^/?#]*)') ORDER BY p.next_attempt_at, p.seq) AS turn
      FROM (
        SELECT o.id, o.url, o.next_attempt_at, o.seq, o.lease_until,
               row_number() OVER (PARTITION BY o.authorization_id ORDER BY o.seq) AS nth
        FROM callback_outbox o WHERE o.state = 'PENDING'
      ) p
      WHERE p.nth = 1 AND p.next_attempt_at <= $1 AND (p.lease_until IS NULL OR p.lease_until <= clock_timestamp())
    ) d ORDER BY d.turn, d.next_attempt_at, d.seq LIMIT $4)
  FOR UPDATE SKIP LOCKED)
RETURNING *`;

export const callbacksStore = {
  async enqueue(db: Sql, o: Omit<OutboxRecord, 'seq' | 'state' | 'attempts' | 'deliveredAt' | 'lastError'>): Promise<void> {
    await db.query(
      `INSERT INTO callback_outbox (id, operation_id, authorization_id, auth_status, url, body, signing_client_id, signing_secret, state, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'PENDING', $9, $10)`,
      [o.id, o.operationId, o.authorizationId, o.authStatus, o.url, o.body, o.signingClientId, o.signingSecret, o.nextAttemptAt, o.createdAt],
    );
  },

  /** How many deliveries of the operation with this authStatus are still pending (the outbox_operation index). */
  async pendingOf(db: Sql, operationId: string, authStatus: string): Promise<number> {
    const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM callback_outbox WHERE operation_id = $1 AND state = 'PENDING' AND auth_status = $2", [operationId, authStatus]);
    return rows[0]?.n ?? 0;
  },

  /** How many deliveries with this authStatus wait for operations whose callback `owner` registered (a caller's own outbox share). */
  async pendingOfOwner(db: Sql, owner: string, authStatus: string): Promise<number> {
    const rows = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM callback_outbox c JOIN operations o ON o.id = c.operation_id
       WHERE c.state = 'PENDING' AND c.auth_status = $2 AND o.callback_owner = $1`,
      [owner, authStatus],
    );
    return rows[0]?.n ?? 0;
  },

  /** Many rows in one statement (a batch of positions can raise hundreds of conformance callbacks); seq follows the given order. */
  async enqueueMany(db: Sql, rows: ReadonlyArray<Omit<OutboxRecord, 'seq' | 'state' | 'attempts' | 'deliveredAt' | 'lastError'>>): Promise<void> {
    if (!rows.length) return;
    const col = <T>(f: (o: (typeof rows)[number]) => T) => rows.map(f);
    await db.query(
      `INSERT INTO callback_outbox (id, operation_id, authorization_id, auth_status, url, body, signing_client_id, signing_secret, state, next_attempt_at, created_at)
       SELECT id, op, auth, st, url, body, sci, ss, 'PENDING', na, ca
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[])
         WITH ORDINALITY AS u(id, op, auth, st, url, body, sci, ss, na, ca, n)
       ORDER BY n`,
      [
        col((o) => o.id),
        col((o) => o.operationId),
        col((o) => o.authorizationId),
        col((o) => o.authStatus),
        col((o) => o.url),
        col((o) => o.body),
        col((o) => o.signingClientId),
        col((o) => o.signingSecret),
        col((o) => o.nextAttemptAt?.toISOString() ?? null),
        col((o) => o.createdAt.toISOString()),
      ],
    );
  },

  /**
   * Leases up to `limit` due rows to `holder` for `leaseSeconds` (on the store's clock). A row waits
   * while an earlier row of the same authorization is still pending, so a receiver gets one
   * authorization's changes in order. Receivers (the URL's host and port) take turns: every receiver's
   * oldest due row comes before any receiver's second, so one receiver with thousands of due rows (a
   * hostile batch of positions raises hundreds of conformance callbacks) that answers slowly cannot keep
   * everybody else's callbacks waiting behind its own. SKIP LOCKED only keeps two concurrent lease
   * statements apart; nothing stays locked after it.
   */
  async leaseDue(db: Sql, now: Date, holder: string, leaseSeconds: number, limit: number): Promise<OutboxRecord[]> {
    const rows = await db.query<Row>(
      LEASE_SQL,
      [now, holder, leaseSeconds, limit],
    );
    return rows.map(fromRow).sort((a, b) => a.seq - b.seq);
  },

  /**
   * Just before sending: renews the lease when `holder` still has it. False when another instance took
   * the row over meanwhile (this one stalled past the expiry) or it is no longer pending: do not send.
   */
  async renewLease(db: Sql, id: string, holder: string, leaseSeconds: number): Promise<boolean> {
    const rows = await db.query(
      `UPDATE callback_outbox SET lease_until = clock_timestamp() + make_interval(secs => $3) WHERE id = $1 AND leased_by = $2 AND state = 'PENDING' RETURNING id`,
      [id, holder, leaseSeconds],
    );
    return rows.length === 1;
  },

  /**
   * Records an attempt and its outcome, only while `holder` still holds the row: a holder that resumes
   * after losing its lease must not overwrite what the instance that took over recorded. Returns whether
   * it was recorded.
   */
  async recordAttempt(db: Db, holder: string, a: AttemptRecord, outcome: { state: DeliveryState; nextAttemptAt: Date | null; deliveredAt: Date | null }): Promise<boolean> {
    return db.transaction(async (tx) => {
      const owned = await tx.query(
        `UPDATE callback_outbox SET attempts = $2, state = $3, next_attempt_at = $4, delivered_at = $5, last_error = $6, leased_by = NULL, lease_until = NULL
         WHERE id = $1 AND leased_by = $7 AND state = 'PENDING' RETURNING id`,
        [a.deliveryId, a.attempt, outcome.state, outcome.nextAttemptAt, outcome.deliveredAt, a.error, holder],
      );
      if (owned.length === 0) return false;
      await tx.query('INSERT INTO callback_attempts (delivery_id, attempt, at, duration_ms, status_code, error) VALUES ($1, $2, $3, $4, $5, $6)', [
        a.deliveryId, a.attempt, a.at, a.durationMs, a.statusCode, a.error,
      ]);
      return true;
    });
  },

  /** On shutdown: hands back the rows `holder` leased and did not finish, for another instance at once. */
  async releaseLeases(db: Sql, holder: string): Promise<void> {
    await db.query("UPDATE callback_outbox SET leased_by = NULL, lease_until = NULL WHERE leased_by = $1 AND state = 'PENDING'", [holder]);
  },

  async ofOperation(db: Sql, operationId: string, limit = 200): Promise<{ delivery: OutboxRecord; attempts: AttemptRecord[] }[]> {
    const rows = await db.query<Row>('SELECT * FROM callback_outbox WHERE operation_id = $1 ORDER BY seq DESC LIMIT $2', [operationId, limit]);
    return withAttempts(db, rows.map(fromRow));
  },

  /**
   * GET /v1/callbacks: a page of the deliveries of the operations a viewer may see, newest first, with
   * their attempts and operation name. States as the API names them (pending: no attempt yet; failing:
   * retrying after a failed attempt; dead: given up; delivered).
   */
  async visibleList(db: Sql, viewer: Viewer, q: { states?: readonly ListState[] | undefined; limit: number; offset: number }) {
    const p = new Params();
    const where = [visibleTo(viewer, p)];
    if (q.states) where.push(`(${q.states.map((st) => LIST_STATE_SQL[st]).join(' OR ')})`);
    const cond = where.join(' AND ');
    const from = 'FROM callback_outbox c JOIN operations o ON o.id = c.operation_id';
    const count = await db.query<{ n: string | number }>(`SELECT count(*) AS n ${from} WHERE ${cond}`, p.values);
    const rows = await db.query<Row>(`SELECT c.*, o.name AS op_name, o.callback_owner AS op_callback_owner, o.callback_secret AS op_callback_secret ${from} WHERE ${cond} ORDER BY c.seq DESC LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}`, p.values);
    const ops = new Map(rows.map((r) => [r.id as string, r]));
    const list = await withAttempts(db, rows.map(fromRow));
    return {
      total: Number(count[0]?.n ?? 0),
      rows: list.map((x) => {
        const r = ops.get(x.delivery.id);
        // Who registered the operation's callback now: decides whether the caller sees a delivery's url.
        const operationCallback = { callbackOwner: (r?.op_callback_owner as string | null) ?? null, callbackSecret: (r?.op_callback_secret as string | null) ?? null };
        return { ...x, operationName: (r?.op_name as string | undefined) ?? '', operationCallback };
      }),
    };
  },

  async clientSecret(db: Sql, clientId: string): Promise<string | null> {
    const rows = await db.query<{ callback_secret: string }>('SELECT callback_secret FROM api_clients WHERE id = $1', [clientId]);
    return rows[0]?.callback_secret ?? null;
  },
};

export type ListState = 'pending' | 'failing' | 'dead' | 'delivered';

const LIST_STATE_SQL: Record<ListState, string> = {
  pending: "(c.state = 'PENDING' AND c.attempts = 0)",
  failing: "(c.state = 'PENDING' AND c.attempts > 0)",
  dead: "c.state = 'FAILED'",
  delivered: "c.state = 'DELIVERED'",
};

async function withAttempts(db: Sql, deliveries: OutboxRecord[]): Promise<{ delivery: OutboxRecord; attempts: AttemptRecord[] }[]> {
  if (!deliveries.length) return [];
  const attempts = await db.query<Row>('SELECT * FROM callback_attempts WHERE delivery_id = ANY($1) ORDER BY attempt', [deliveries.map((d) => d.id)]);
  return deliveries.map((d) => ({
    delivery: d,
    attempts: attempts
      .filter((a) => a.delivery_id === d.id)
      .map((a) => ({
        deliveryId: d.id,
        attempt: Number(a.attempt),
        at: new Date(a.at as Date),
        durationMs: Number(a.duration_ms),
        statusCode: a.status_code === null ? null : Number(a.status_code),
        error: (a.error as string | null) ?? null,
      })),
  }));
}
