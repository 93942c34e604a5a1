/**
 * Platform operations (spec 2.4). Visibility is enforced in SQL (see visibleTo): a record the caller
 * may not see is never read, so "not yours" and "does not exist" are the same 404 (no existence leak).
 */
import type { Polygon } from 'geojson';
import type { AltitudeReferenceSchema, AltitudeUnitSchema, FlightTypeSchema } from '../contract/common';
import type { OperationListQuery } from '../contract/operations';
import type { z } from 'zod';
import { shortWayBBox } from '../domain/geometry/antimeridian';
import type { Sql } from './db';
import { registerMigrations } from './migrations';
import { publicJson, viewerJson } from './operations-json';

registerMigrations([
  {
    version: 100,
    name: 'operations',
    sql: `
      CREATE TABLE operations (
        id uuid PRIMARY KEY, name text NOT NULL, pilot_id text NOT NULL, boundary jsonb NOT NULL,
        bbox_west double precision NOT NULL, bbox_south double precision NOT NULL,
        bbox_east double precision NOT NULL, bbox_north double precision NOT NULL,
        min_altitude double precision NOT NULL, max_altitude double precision NOT NULL,
        start_time timestamptz NOT NULL, end_time timestamptz NOT NULL, aircraft_id text, timezone text NOT NULL,
        altitude_unit text NOT NULL, altitude_reference text NOT NULL, flight_type text NOT NULL,
        authorization_providers text[] NOT NULL, description text NOT NULL,
        created_by text NOT NULL, org_id uuid, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
        callback_url text, callback_client_id text, callback_secret text, origin text NOT NULL);
      CREATE INDEX operations_org ON operations(org_id);
      CREATE INDEX operations_pilot ON operations(pilot_id);
      CREATE INDEX operations_creator ON operations(created_by);
      CREATE INDEX operations_start ON operations(start_time);
    `,
  },
  {
    // Who registered the callback (docs/security.md ("Leaks")): only they see or change it. Backfilled from the
    // signing client, else the ephemeral operation's creator (claimed ones), else the creator.
    version: 105,
    name: 'operations_callback_owner',
    sql: `
      ALTER TABLE operations ADD COLUMN callback_owner text;
      UPDATE operations o SET callback_owner = COALESCE(o.callback_client_id,
        (SELECT e.created_by FROM ephemeral_operations e WHERE e.id = o.id), o.created_by)
      WHERE o.callback_url IS NOT NULL;
    `,
  },
]);

export interface OperationRecord {
  id: string;
  name: string;
  pilotId: string;
  boundary: Polygon;
  minAltitude: number;
  maxAltitude: number;
  startTime: Date;
  endTime: Date;
  aircraftId: string | null;
  timezone: string;
  altitudeUnit: z.infer<typeof AltitudeUnitSchema>;
  altitudeReference: z.infer<typeof AltitudeReferenceSchema>;
  flightType: z.infer<typeof FlightTypeSchema>;
  authorizationProviders: string[];
  desc: string;
  createdBy: string;
  orgId: string | null;
  createdAt: Date;
  updatedAt: Date;
  callbackUrl: string | null;
  /** Callbacks are signed with this API client's callback_secret… */
  callbackClientId: string | null;
  /** …or with this per-operation secret (operations whose callbackUrl a person set). */
  callbackSecret: string | null;
  /** The principal (user or client id) that registered callbackUrl: the only one who sees or changes it. */
  callbackOwner: string | null;
  /** 'api' (POST /v1/operations) or 'ephemeral' (claimed from 4.7 or 4.3). */
  origin: string;
}

/** Who is asking, as far as visibility goes (docs/operations-laanc.md "Visibility"). */
export interface Viewer {
  kind: 'user' | 'client';
  id: string;
  orgId: string | null;
  /** A person with the operator role sees the whole organization. */
  operator: boolean;
}

/** Collects positional parameters while a query is built. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/**
 * The visibility rule as SQL: a pilot sees the operations they fly or created; an operator also every
 * one of their organization; an API client those it created and those of its organization (an API
 * client acts for its organization, like an operator). Anyone else sees nothing.
 */
export function visibleTo(v: Viewer, p: Params, alias = 'o'): string {
  const own = `(${alias}.pilot_id = ${p.add(v.id)} OR ${alias}.created_by = ${p.add(v.id)})`;
  const orgWide = v.orgId && (v.kind === 'client' || v.operator);
  return orgWide ? `(${own} OR ${alias}.org_id = ${p.add(v.orgId)})` : own;
}

interface Row {
  id: string;
  name: string;
  pilot_id: string;
  boundary: Polygon;
  min_altitude: number;
  max_altitude: number;
  start_time: Date | string;
  end_time: Date | string;
  aircraft_id: string | null;
  timezone: string;
  altitude_unit: OperationRecord['altitudeUnit'];
  altitude_reference: OperationRecord['altitudeReference'];
  flight_type: OperationRecord['flightType'];
  authorization_providers: string[];
  description: string;
  created_by: string;
  org_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  callback_url: string | null;
  callback_client_id: string | null;
  callback_secret: string | null;
  callback_owner: string | null;
  origin: string;
}

function fromRow(r: Row): OperationRecord {
  return {
    id: r.id,
    name: r.name,
    pilotId: r.pilot_id,
    boundary: typeof r.boundary === 'string' ? (JSON.parse(r.boundary) as Polygon) : r.boundary,
    minAltitude: Number(r.min_altitude),
    maxAltitude: Number(r.max_altitude),
    startTime: new Date(r.start_time),
    endTime: new Date(r.end_time),
    aircraftId: r.aircraft_id,
    timezone: r.timezone,
    altitudeUnit: r.altitude_unit,
    altitudeReference: r.altitude_reference,
    flightType: r.flight_type,
    authorizationProviders: r.authorization_providers,
    desc: r.description,
    createdBy: r.created_by,
    orgId: r.org_id,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    callbackUrl: r.callback_url,
    callbackClientId: r.callback_client_id,
    callbackSecret: r.callback_secret,
    callbackOwner: r.callback_owner,
    origin: r.origin,
  };
}

/** Stored as RFC 7946 writes it: west > east for a boundary across 180° (docs/security.md "Antimeridian"). */
const bbox = shortWayBBox;

/**
 * The rows whose stored box meets the query's box in longitude: either may cross 180° (west > east),
 * the same rule as longitudeRangesOverlap (a test holds them to each other).
 */
function longitudeOverlap(w: string, e: string, crossing: boolean): string {
  const storedCrosses = 'o.bbox_west > o.bbox_east';
  if (crossing) return `(${storedCrosses} OR o.bbox_east >= ${w} OR o.bbox_west <= ${e})`;
  return `((NOT ${storedCrosses} AND o.bbox_east >= ${w} AND o.bbox_west <= ${e}) OR (${storedCrosses} AND (o.bbox_west <= ${e} OR o.bbox_east >= ${w})))`;
}

const COLUMNS = `id, name, pilot_id, boundary, bbox_west, bbox_south, bbox_east, bbox_north, min_altitude, max_altitude,
  start_time, end_time, aircraft_id, timezone, altitude_unit, altitude_reference, flight_type, authorization_providers,
  description, created_by, org_id, created_at, updated_at, callback_url, callback_client_id, callback_secret, callback_owner, origin, public_json`;

function values(o: OperationRecord): unknown[] {
  return [
    o.id, o.name, o.pilotId, JSON.stringify(o.boundary), ...bbox(o.boundary), o.minAltitude, o.maxAltitude,
    o.startTime, o.endTime, o.aircraftId, o.timezone, o.altitudeUnit, o.altitudeReference, o.flightType, o.authorizationProviders,
    o.desc, o.createdBy, o.orgId, o.createdAt, o.updatedAt, o.callbackUrl, o.callbackClientId, o.callbackSecret, o.callbackOwner, o.origin,
    publicJson(o),
  ];
}

/** Sort column and direction; ties are broken by id ascending in every order (keyset paging relies on it). */
const SORT: Record<OperationListQuery['sort'], { col: string; desc: boolean }> = {
  startTime: { col: 'o.start_time', desc: false },
  '-startTime': { col: 'o.start_time', desc: true },
  createdDate: { col: 'o.created_at', desc: false },
  '-createdDate': { col: 'o.created_at', desc: true },
  name: { col: 'o.name', desc: false },
  '-name': { col: 'o.name', desc: true },
};

const orderBy = (q: OperationListQuery) => `${SORT[q.sort].col} ${SORT[q.sort].desc ? 'DESC' : 'ASC'}, o.id ASC`;

/** The visibility rule and the query's filters, as one condition. */
function filters(viewer: Viewer, q: OperationListQuery, now: Date, p: Params): string {
  const where = [visibleTo(viewer, p)];
  if (q.status === 'UPCOMING') where.push(`o.start_time > ${p.add(now)}`);
  if (q.status === 'ACTIVE') where.push(`o.start_time <= ${p.add(now)} AND o.end_time > ${p.add(now)}`);
  if (q.status === 'ENDED') where.push(`o.end_time <= ${p.add(now)}`);
  if (q.from) where.push(`o.end_time > ${p.add(q.from)}`);
  if (q.to) where.push(`o.start_time < ${p.add(q.to)}`);
  if (q.bbox) {
    const [w, s, e, n] = q.bbox;
    where.push(`${longitudeOverlap(p.add(w), p.add(e), w > e)} AND o.bbox_north >= ${p.add(s)} AND o.bbox_south <= ${p.add(n)}`);
  }
  if (q.q) {
    // strpos, not LIKE: the text is taken literally (no % or _ wildcards to escape).
    const text = p.add(q.q.toLowerCase());
    where.push(`(strpos(lower(o.name), ${text}) > 0 OR strpos(lower(o.description), ${text}) > 0)`);
  }
  if (q.flightType) where.push(`o.flight_type = ${p.add(q.flightType)}`);
  if (q.pilotId) where.push(`o.pilot_id = ${p.add(q.pilotId)}`);
  if (q.authorization) {
    const statuses = q.authorization.filter((s) => s !== 'NONE');
    const any: string[] = [];
    if (statuses.length) any.push(`EXISTS (SELECT 1 FROM laanc_authorizations a WHERE a.operation_id = o.id AND a.status = ANY(${p.add(statuses)}))`);
    if (q.authorization.includes('NONE')) any.push('NOT EXISTS (SELECT 1 FROM laanc_authorizations a WHERE a.operation_id = o.id)');
    where.push(`(${any.join(' OR ')})`);
  }
  return where.join(' AND ');
}

/** Rows read per query when a whole list is streamed: memory holds one page, whatever the total. */
export const STREAM_PAGE_ROWS = 200;

export const operationsStore = {
  async insert(db: Sql, o: OperationRecord): Promise<void> {
    await operationsStore.insertMany(db, [o]);
  },

  /** Several rows in one statement (server/store/operations-insert.ts folds concurrent creates); all or none. */
  async insertMany(db: Sql, ops: readonly OperationRecord[]): Promise<void> {
    const p = new Params();
    const rows = ops.map((o) => `(${values(o).map((v) => p.add(v)).join(', ')})`);
    await db.query(`INSERT INTO operations (${COLUMNS}) VALUES ${rows.join(', ')}`, p.values);
  },

  /** Replaces every field but id, created_by, created_at and origin. */
  async update(db: Sql, o: OperationRecord): Promise<void> {
    const v = values(o);
    const cols = COLUMNS.split(',').map((c) => c.trim());
    const keep = new Set(['id', 'created_by', 'created_at', 'origin']);
    // Only parameters the statement uses: PostgreSQL refuses parameters whose type it cannot infer.
    const p = new Params();
    const idRef = p.add(o.id);
    const sets = cols.flatMap((c, i) => (keep.has(c) ? [] : [`${c} = ${p.add(v[i])}`]));
    await db.query(`UPDATE operations SET ${sets.join(', ')} WHERE id = ${idRef}`, p.values);
  },

  /** Unfiltered: only for the service's own work (callbacks, workers), never for answering a caller. */
  async byId(db: Sql, id: string): Promise<OperationRecord | null> {
    const rows = await db.query<Row>('SELECT * FROM operations WHERE id = $1', [id]);
    return rows[0] ? fromRow(rows[0]) : null;
  },

  async visibleById(db: Sql, id: string, viewer: Viewer, forUpdate = false): Promise<OperationRecord | null> {
    const p = new Params();
    const idRef = p.add(id);
    const rows = await db.query<Row>(`SELECT * FROM operations o WHERE o.id = ${idRef} AND ${visibleTo(viewer, p)}${forUpdate ? ' FOR UPDATE' : ''}`, p.values);
    return rows[0] ? fromRow(rows[0]) : null;
  },

  async count(db: Sql, viewer: Viewer, q: OperationListQuery, now: Date): Promise<number> {
    const p = new Params();
    const rows = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM operations o WHERE ${filters(viewer, q, now, p)}`, p.values);
    return Number(rows[0]?.n ?? 0);
  },

  /**
   * One page (q.limit rows from q.offset) as `viewer` sees it, already JSON: `json` is the page's
   * operations joined with commas (no brackets), `ids` their ids in order, `total` the size of the
   * filtered set. One statement that reads the stored public text of each row (operations-json.ts): the
   * embedded store decodes every cell of a result in JavaScript, and building JSON per row in SQL
   * (json_agg of whole rows) cost more than the scan itself (docs/perf.md).
   */
  async page(db: Sql, viewer: Viewer, q: OperationListQuery & { limit: number }, now: Date): Promise<{ json: string; ids: string[]; total: number }> {
    const p = new Params();
    const cond = filters(viewer, q, now, p);
    const [r] = await db.query<{ total: string | number; json: string | null; ids: string | null }>(
      // A plain SELECT (no CTE): the embedded store's write counter (Db.writes) does not move for it.
      `SELECT (SELECT count(*) FROM operations o WHERE ${cond}) AS total, page.json, page.ids
       FROM (SELECT string_agg(o.json, ',' ORDER BY ${orderBy(q)}) AS json, string_agg(o.id::text, ',' ORDER BY ${orderBy(q)}) AS ids
         FROM (SELECT o.id, o.start_time, o.created_at, o.name, ${viewerJson(p.add(viewer.id))} AS json
           FROM operations o WHERE ${cond} ORDER BY ${orderBy(q)} LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)}) o) page`,
      p.values,
    );
    return { json: r?.json ?? '', ids: r?.ids ? r.ids.split(',') : [], total: Number(r?.total ?? 0) };
  },

  /**
   * Every visible row from q.offset on, as pages of `pageRows`: keyset paging on (sort key, id), one
   * short query per page and no transaction held open, so a slow reader blocks nobody and memory holds
   * one page. Rows written while it runs may or may not be included, as with any paging.
   */
  async *stream(db: Sql, viewer: Viewer, q: OperationListQuery, now: Date, pageRows = STREAM_PAGE_ROWS): AsyncGenerator<OperationRecord[]> {
    const { col, desc } = SORT[q.sort];
    let after: { key: string; id: string } | null = null;
    for (;;) {
      const p = new Params();
      const where = [filters(viewer, q, now, p)];
      if (after) {
        // The sort key travels as text and is cast back, so timestamps keep their full precision.
        const cast = col === 'o.name' ? '' : '::timestamptz';
        const k = `${p.add(after.key)}${cast}`;
        where.push(`(${col} ${desc ? '<' : '>'} ${k} OR (${col} = ${k} AND o.id > ${p.add(after.id)}::uuid))`);
      }
      const skip: string = after ? '' : ` OFFSET ${p.add(q.offset)}`;
      const rows: Array<Row & { sort_key: string }> = await db.query<Row & { sort_key: string }>(
        `SELECT o.*, ${col}::text AS sort_key FROM operations o WHERE ${where.join(' AND ')} ORDER BY ${orderBy(q)} LIMIT ${p.add(pageRows)}${skip}`,
        p.values,
      );
      if (rows.length === 0) return;
      yield rows.map(fromRow);
      if (rows.length < pageRows) return;
      const last: Row & { sort_key: string } = rows[rows.length - 1]!;
      after = { key: last.sort_key, id: last.id };
    }
  },

  async delete(db: Sql, id: string): Promise<void> {
    await db.query('DELETE FROM operations WHERE id = $1', [id]);
  },
};
