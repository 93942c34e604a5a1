/**
 * The status history of LAANC authorizations (ours; docs/operations-laanc.md "Authorization history"):
 * one row per status change — submit (APPROVED or PENDING) and every state-machine transition (pilot
 * actions, FAA decisions, auto-cancel, invalidation by a data change). Rows are written by the domain
 * in the same transaction as the change itself, so the history and the status never disagree.
 * Authorizations that existed before the table get a backfilled submit row and, when their status
 * moved since, one row for the current status (intermediate steps were not recorded then).
 */
import type { AuthorizationEventAction, AuthorizationStatus } from '../contract/laanc';
import type { Sql } from './db';
import { registerMigrations } from './migrations';
import { Params, visibleTo, type Viewer } from './operations';

registerMigrations([
  {
    version: 110,
    name: 'laanc_authorization_events',
    sql: `
      CREATE TABLE laanc_authorization_events (
        seq bigserial PRIMARY KEY,
        authorization_id uuid NOT NULL REFERENCES laanc_authorizations(id) ON DELETE CASCADE,
        status text NOT NULL, action text NOT NULL, at timestamptz NOT NULL, by_id text NOT NULL, reason text);
      CREATE INDEX laanc_auth_events_auth ON laanc_authorization_events(authorization_id, seq);
      INSERT INTO laanc_authorization_events (authorization_id, status, action, at, by_id, reason)
        SELECT id, CASE WHEN submission_type = 'SUBMISSION_TYPE_FURTHER_COORDINATION' THEN 'STATUS_PENDING' ELSE 'STATUS_APPROVED' END,
               'submit', created_at, created_by, NULLIF(justification, '')
        FROM laanc_authorizations ORDER BY created_at, id;
      INSERT INTO laanc_authorization_events (authorization_id, status, action, at, by_id, reason)
        SELECT id, status,
               CASE status WHEN 'STATUS_APPROVED' THEN 'approve' WHEN 'STATUS_DENIED' THEN 'deny' WHEN 'STATUS_AUTO_CANCELLED' THEN 'auto_cancel'
                 WHEN 'STATUS_CANCELLED' THEN 'cancel' WHEN 'STATUS_CLOSED' THEN 'close' WHEN 'STATUS_RESCINDED' THEN 'rescind'
                 WHEN 'STATUS_INVALID' THEN 'invalidate' WHEN 'STATUS_RESCINDED_ACKNOWLEDGED' THEN 'acknowledge_rescinded'
                 ELSE 'cancel_invalid' END,
               last_updated_at, edited_by, status_reason
        FROM laanc_authorizations
        WHERE status <> CASE WHEN submission_type = 'SUBMISSION_TYPE_FURTHER_COORDINATION' THEN 'STATUS_PENDING' ELSE 'STATUS_APPROVED' END
        ORDER BY last_updated_at, id;
    `,
  },
]);

export interface AuthorizationEventRecord {
  authorizationId: string;
  status: AuthorizationStatus;
  action: AuthorizationEventAction;
  at: Date;
  by: string;
  reason: string | null;
}

type Row = { authorization_id: string; status: string; action: string; at: Date | string; by_id: string; reason: string | null };

const eventOf = (r: Row): AuthorizationEventRecord => ({
  authorizationId: r.authorization_id,
  status: r.status as AuthorizationStatus,
  action: r.action as AuthorizationEventAction,
  at: new Date(r.at),
  by: r.by_id,
  reason: r.reason ?? null,
});

export const laancHistoryStore = {
  /** Call inside the transaction that makes the change. */
  async record(db: Sql, e: AuthorizationEventRecord): Promise<void> {
    await db.query('INSERT INTO laanc_authorization_events (authorization_id, status, action, at, by_id, reason) VALUES ($1, $2, $3, $4, $5, $6)', [
      e.authorizationId, e.status, e.action, e.at, e.by, e.reason,
    ]);
  },

  /** The newest events of the authorizations a viewer may see (the visibility of operations), after `since`. */
  async visibleRecent(db: Sql, viewer: Viewer, q: { since?: Date | undefined; limit: number }) {
    const p = new Params();
    const where = [visibleTo(viewer, p)];
    if (q.since) where.push(`e.at > ${p.add(q.since)}`);
    const rows = await db.query<Row & { reference_code: string; operation_id: string; op_name: string; op_tz: string }>(
      `SELECT e.*, a.reference_code, a.operation_id, o.name AS op_name, o.timezone AS op_tz
       FROM laanc_authorization_events e JOIN laanc_authorizations a ON a.id = e.authorization_id JOIN operations o ON o.id = a.operation_id
       WHERE ${where.join(' AND ')} ORDER BY e.at DESC, e.seq DESC LIMIT ${p.add(q.limit)}`,
      p.values,
    );
    return rows.map((r) => ({
      ...eventOf(r),
      referenceCode: r.reference_code,
      operationId: r.operation_id,
      operationName: r.op_name,
      operationTimezone: r.op_tz,
    }));
  },

  /** The events of these authorizations, oldest first, by authorization id (an empty list for none). */
  async of(db: Sql, authorizationIds: readonly string[]): Promise<Map<string, AuthorizationEventRecord[]>> {
    const out = new Map<string, AuthorizationEventRecord[]>(authorizationIds.map((id) => [id, []]));
    if (authorizationIds.length === 0) return out;
    const rows = await db.query<Row>('SELECT * FROM laanc_authorization_events WHERE authorization_id = ANY($1) ORDER BY seq', [[...new Set(authorizationIds)]]);
    for (const r of rows) {
      out.get(r.authorization_id)?.push(eventOf(r));
    }
    return out;
  },
};
