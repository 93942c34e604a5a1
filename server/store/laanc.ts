/**
 * LAANC operations (one per platform operation) and their authorizations (spec 2.5). Status changes go
 * through setStatus: a conditional UPDATE … WHERE status = $expected, so of two concurrent transitions
 * on one authorization at most one applies (the other sees zero rows and is refused).
 */
import type { Polygon } from 'geojson';
import type { AirspaceClassCode, AuthorizationStatus, License, SubmissionType } from '../contract/laanc';
import type { Sql } from './db';
import { registerMigrations } from './migrations';
import { Params, visibleTo, type Viewer } from './operations';

registerMigrations([
  {
    version: 102,
    name: 'laanc',
    sql: `
      CREATE TABLE laanc_operations (
        operation_id uuid PRIMARY KEY REFERENCES operations(id) ON DELETE CASCADE,
        license text NOT NULL, fixed_altitude boolean NOT NULL, point_of_contact jsonb NOT NULL,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL);
      CREATE TABLE laanc_authorizations (
        id uuid PRIMARY KEY, operation_id uuid NOT NULL REFERENCES operations(id) ON DELETE CASCADE,
        reference_code text NOT NULL UNIQUE, hash_code text NOT NULL, submission_type text NOT NULL,
        geom jsonb NOT NULL, altitude double precision NOT NULL, start_time timestamptz NOT NULL, end_time timestamptz NOT NULL,
        status text NOT NULL, created_at timestamptz NOT NULL, created_by text NOT NULL,
        last_updated_at timestamptz NOT NULL, edited_by text NOT NULL, justification text NOT NULL,
        air_traffic_control text NOT NULL, airspace_class_codes text[] NOT NULL, facility_maps jsonb NOT NULL,
        status_reason text, dataset_version text NOT NULL);
      CREATE INDEX laanc_auth_operation ON laanc_authorizations(operation_id);
      CREATE INDEX laanc_auth_status ON laanc_authorizations(status, start_time);
    `,
  },
]);

export interface PointOfContact {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  emailAddress: string;
}

export interface LaancOperationRecord {
  operationId: string;
  license: License;
  fixedAltitude: boolean;
  pointOfContact: PointOfContact;
  createdAt: Date;
  updatedAt: Date;
}

export interface AuthorizationRecord {
  id: string;
  operationId: string;
  referenceCode: string;
  hashCode: string;
  submissionType: SubmissionType;
  geom: Polygon;
  altitude: number;
  startTime: Date;
  endTime: Date;
  status: AuthorizationStatus;
  createdAt: Date;
  createdBy: string;
  lastUpdatedAt: Date;
  editedBy: string;
  justification: string;
  airTrafficControl: string;
  airspaceClassCodes: AirspaceClassCode[];
  facilityMaps: { id: string; lastEditDate: string }[];
  statusReason: string | null;
  datasetVersion: string;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

type AuthRow = Record<string, unknown>;

function authFromRow(r: AuthRow): AuthorizationRecord {
  return {
    id: r.id as string,
    operationId: r.operation_id as string,
    referenceCode: r.reference_code as string,
    hashCode: r.hash_code as string,
    submissionType: r.submission_type as SubmissionType,
    geom: json<Polygon>(r.geom),
    altitude: Number(r.altitude),
    startTime: new Date(r.start_time as Date),
    endTime: new Date(r.end_time as Date),
    status: r.status as AuthorizationStatus,
    createdAt: new Date(r.created_at as Date),
    createdBy: r.created_by as string,
    lastUpdatedAt: new Date(r.last_updated_at as Date),
    editedBy: r.edited_by as string,
    justification: r.justification as string,
    airTrafficControl: r.air_traffic_control as string,
    airspaceClassCodes: r.airspace_class_codes as AirspaceClassCode[],
    facilityMaps: json(r.facility_maps),
    statusReason: (r.status_reason as string | null) ?? null,
    datasetVersion: r.dataset_version as string,
  };
}

function laancFromRow(r: AuthRow): LaancOperationRecord {
  return {
    operationId: r.operation_id as string,
    license: r.license as License,
    fixedAltitude: r.fixed_altitude as boolean,
    pointOfContact: json(r.point_of_contact),
    createdAt: new Date(r.created_at as Date),
    updatedAt: new Date(r.updated_at as Date),
  };
}

/** Authorizations that still cover (or may cover) a flight: they block edits and resubmission. */
export const ACTIVE_STATUSES: readonly AuthorizationStatus[] = ['STATUS_PENDING', 'STATUS_APPROVED'];

export const laancStore = {
  async insertOperation(db: Sql, l: LaancOperationRecord): Promise<void> {
    await db.query(
      'INSERT INTO laanc_operations (operation_id, license, fixed_altitude, point_of_contact, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [l.operationId, l.license, l.fixedAltitude, JSON.stringify(l.pointOfContact), l.createdAt, l.updatedAt],
    );
  },

  async updateOperation(db: Sql, l: LaancOperationRecord): Promise<void> {
    await db.query('UPDATE laanc_operations SET license = $2, fixed_altitude = $3, point_of_contact = $4, updated_at = $5 WHERE operation_id = $1', [
      l.operationId, l.license, l.fixedAltitude, JSON.stringify(l.pointOfContact), l.updatedAt,
    ]);
  },

  async operation(db: Sql, operationId: string): Promise<LaancOperationRecord | null> {
    const rows = await db.query<AuthRow>('SELECT * FROM laanc_operations WHERE operation_id = $1', [operationId]);
    return rows[0] ? laancFromRow(rows[0]) : null;
  },

  /** Deletes the LAANC operation and its (by then final) authorizations. */
  async deleteOperation(db: Sql, operationId: string): Promise<void> {
    await db.query('DELETE FROM laanc_authorizations WHERE operation_id = $1', [operationId]);
    await db.query('DELETE FROM laanc_operations WHERE operation_id = $1', [operationId]);
  },

  async insertAuthorization(db: Sql, a: AuthorizationRecord): Promise<void> {
    await db.query(
      `INSERT INTO laanc_authorizations (id, operation_id, reference_code, hash_code, submission_type, geom, altitude, start_time, end_time,
         status, created_at, created_by, last_updated_at, edited_by, justification, air_traffic_control, airspace_class_codes, facility_maps,
         status_reason, dataset_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
      [
        a.id, a.operationId, a.referenceCode, a.hashCode, a.submissionType, JSON.stringify(a.geom), a.altitude, a.startTime, a.endTime,
        a.status, a.createdAt, a.createdBy, a.lastUpdatedAt, a.editedBy, a.justification, a.airTrafficControl, a.airspaceClassCodes,
        JSON.stringify(a.facilityMaps), a.statusReason, a.datasetVersion,
      ],
    );
  },

  async authorizations(db: Sql, operationId: string): Promise<AuthorizationRecord[]> {
    const rows = await db.query<AuthRow>('SELECT * FROM laanc_authorizations WHERE operation_id = $1 ORDER BY created_at, id', [operationId]);
    return rows.map(authFromRow);
  },

  async authorization(db: Sql, id: string, forUpdate = false): Promise<AuthorizationRecord | null> {
    const rows = await db.query<AuthRow>(`SELECT * FROM laanc_authorizations WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ? authFromRow(rows[0]) : null;
  },

  /** The statuses of the authorizations of these operations (the caller has checked it may see them). */
  async statusesOf(db: Sql, operationIds: readonly string[]): Promise<Record<string, AuthorizationStatus[]>> {
    const out: Record<string, AuthorizationStatus[]> = {};
    if (!operationIds.length) return out;
    const rows = await db.query<{ operation_id: string; status: AuthorizationStatus }>(
      'SELECT operation_id, status FROM laanc_authorizations WHERE operation_id = ANY($1) ORDER BY start_time, id',
      [[...operationIds]],
    );
    for (const r of rows) (out[r.operation_id] ??= []).push(r.status);
    return out;
  },

  async countActive(db: Sql, operationId: string): Promise<number> {
    const rows = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM laanc_authorizations WHERE operation_id = $1 AND status = ANY($2)', [
      operationId, [...ACTIVE_STATUSES],
    ]);
    return Number(rows[0]?.n ?? 0);
  },

  /** The transition itself: applies only if the row is still in `from`. Null when it was not. */
  async setStatus(db: Sql, id: string, from: AuthorizationStatus, to: AuthorizationStatus, by: string, at: Date, reason: string | null): Promise<AuthorizationRecord | null> {
    const rows = await db.query<AuthRow>(
      `UPDATE laanc_authorizations SET status = $3, edited_by = $4, last_updated_at = $5, status_reason = COALESCE($6, status_reason)
       WHERE id = $1 AND status = $2 RETURNING *`,
      [id, from, to, by, at, reason],
    );
    return rows[0] ? authFromRow(rows[0]) : null;
  },

  /** Pending ones whose start has come (domain.md: auto-cancelled if not answered before the start). */
  async pendingStartedIds(db: Sql, now: Date, operationId?: string): Promise<string[]> {
    const rows = await db.query<{ id: string }>(
      `SELECT id FROM laanc_authorizations WHERE status = 'STATUS_PENDING' AND start_time <= $1${operationId ? ' AND operation_id = $2' : ''} ORDER BY start_time LIMIT 500`,
      operationId ? [now, operationId] : [now],
    );
    return rows.map((r) => r.id);
  },

  /** GET /v1/laanc/authorizations: a page of the authorizations a viewer may see, by start time, with the total. */
  async visibleList(db: Sql, viewer: Viewer, q: { statuses?: readonly AuthorizationStatus[] | undefined; operationId?: string | undefined; limit: number; offset: number }) {
    const p = new Params();
    const where = [visibleTo(viewer, p)];
    if (q.statuses) where.push(`a.status = ANY(${p.add([...q.statuses])})`);
    if (q.operationId) where.push(`a.operation_id = ${p.add(q.operationId)}`);
    const from = 'FROM laanc_authorizations a JOIN operations o ON o.id = a.operation_id';
    const cond = where.join(' AND ');
    const count = await db.query<{ n: string | number }>(`SELECT count(*) AS n ${from} WHERE ${cond}`, p.values);
    const rows = await db.query<AuthRow & { op_name: string; op_start: Date; op_end: Date; op_pilot: string; op_tz: string }>(
      `SELECT a.*, o.name AS op_name, o.start_time AS op_start, o.end_time AS op_end, o.pilot_id AS op_pilot, o.timezone AS op_tz ${from}
       WHERE ${cond} ORDER BY a.start_time, a.id LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}`,
      p.values,
    );
    return {
      total: Number(count[0]?.n ?? 0),
      rows: rows.map((r) => ({
        authorization: authFromRow(r),
        operationName: r.op_name,
        operationStart: new Date(r.op_start),
        operationEnd: new Date(r.op_end),
        operationTimezone: r.op_tz,
        pilotId: r.op_pilot,
      })),
    };
  },

  /** Authorizations in some statuses, of the operations a viewer may see (null viewer: all, for the sandbox FAA). */
  async byStatus(db: Sql, statuses: readonly AuthorizationStatus[], viewer: Viewer | null, page = { limit: 500, offset: 0 }) {
    const p = new Params();
    const where = [`a.status = ANY(${p.add([...statuses])})`];
    if (viewer) where.push(visibleTo(viewer, p));
    const rows = await db.query<AuthRow & { op_name: string; op_start: Date; op_end: Date; op_pilot: string; op_tz: string; pilot_name: string | null; pilot_cert: string | null; license: License | null }>(
      `SELECT a.*, o.name AS op_name, o.start_time AS op_start, o.end_time AS op_end, o.pilot_id AS op_pilot, o.timezone AS op_tz,
              COALESCE(u.name, c.name) AS pilot_name, pp.part107_certificate AS pilot_cert, l.license
       FROM laanc_authorizations a JOIN operations o ON o.id = a.operation_id LEFT JOIN laanc_operations l ON l.operation_id = a.operation_id
       LEFT JOIN users u ON u.id::text = o.pilot_id LEFT JOIN api_clients c ON c.id = o.pilot_id
       LEFT JOIN pilot_profiles pp ON pp.user_id = u.id
       WHERE ${where.join(' AND ')} ORDER BY a.start_time, a.id LIMIT ${p.add(page.limit)} OFFSET ${p.add(page.offset)}`,
      p.values,
    );
    return rows.map((r) => ({
      authorization: authFromRow(r),
      operationName: r.op_name,
      operationStart: new Date(r.op_start),
      operationEnd: new Date(r.op_end),
      operationTimezone: r.op_tz,
      pilotId: r.op_pilot,
      pilotName: r.pilot_name,
      pilotCertificate: r.pilot_cert,
      license: (r.license ?? 'LICENSE_UNSPECIFIED') as License,
    }));
  },
};
