/**
 * Ephemeral (unclaimed) operations: spec 2.6/4.7 and the legacy 4.3, which creates the same thing.
 * A claim is one conditional UPDATE (claimed_at IS NULL, not expired), so two claims race to one winner.
 */
import type { Polygon } from 'geojson';
import type { FlightTypeSchema } from '../contract/common';
import type { z } from 'zod';
import type { Sql } from './db';
import { registerMigrations } from './migrations';

registerMigrations([
  {
    version: 101,
    name: 'ephemeral_operations',
    sql: `
      CREATE TABLE ephemeral_operations (
        id uuid PRIMARY KEY, name text NOT NULL, boundary jsonb NOT NULL, flight_type text NOT NULL,
        max_altitude double precision NOT NULL, fixed_altitude boolean NOT NULL,
        callback_url text, callback_client_id text, callback_secret text,
        timezone text NOT NULL, start_time timestamptz NOT NULL, duration_minutes integer NOT NULL,
        created_by text NOT NULL, created_by_kind text NOT NULL, org_id uuid, origin text NOT NULL,
        created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL,
        claimed_by text, claimed_at timestamptz);
      CREATE INDEX ephemeral_expires ON ephemeral_operations(expires_at);
    `,
  },
]);

export interface EphemeralRecord {
  id: string;
  name: string;
  boundary: Polygon;
  flightType: z.infer<typeof FlightTypeSchema>;
  maxAltitude: number;
  fixedAltitude: boolean;
  callbackUrl: string | null;
  callbackClientId: string | null;
  callbackSecret: string | null;
  timezone: string;
  startTime: Date;
  durationMinutes: number;
  createdBy: string;
  createdByKind: 'user' | 'client';
  orgId: string | null;
  /** 'v1' (POST /v1/operations/ephemeral) or 'v2-legacy' (POST /v2/operation). */
  origin: string;
  createdAt: Date;
  expiresAt: Date;
  claimedBy: string | null;
  claimedAt: Date | null;
}

interface Row {
  id: string;
  name: string;
  boundary: Polygon | string;
  flight_type: EphemeralRecord['flightType'];
  max_altitude: number;
  fixed_altitude: boolean;
  callback_url: string | null;
  callback_client_id: string | null;
  callback_secret: string | null;
  timezone: string;
  start_time: Date;
  duration_minutes: number;
  created_by: string;
  created_by_kind: 'user' | 'client';
  org_id: string | null;
  origin: string;
  created_at: Date;
  expires_at: Date;
  claimed_by: string | null;
  claimed_at: Date | null;
}

function fromRow(r: Row): EphemeralRecord {
  return {
    id: r.id,
    name: r.name,
    boundary: typeof r.boundary === 'string' ? (JSON.parse(r.boundary) as Polygon) : r.boundary,
    flightType: r.flight_type,
    maxAltitude: Number(r.max_altitude),
    fixedAltitude: r.fixed_altitude,
    callbackUrl: r.callback_url,
    callbackClientId: r.callback_client_id,
    callbackSecret: r.callback_secret,
    timezone: r.timezone,
    startTime: new Date(r.start_time),
    durationMinutes: Number(r.duration_minutes),
    createdBy: r.created_by,
    createdByKind: r.created_by_kind,
    orgId: r.org_id,
    origin: r.origin,
    createdAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    claimedBy: r.claimed_by,
    claimedAt: r.claimed_at ? new Date(r.claimed_at) : null,
  };
}

export const ephemeralStore = {
  async insert(db: Sql, e: EphemeralRecord): Promise<void> {
    await db.query(
      `INSERT INTO ephemeral_operations (id, name, boundary, flight_type, max_altitude, fixed_altitude, callback_url, callback_client_id,
         callback_secret, timezone, start_time, duration_minutes, created_by, created_by_kind, org_id, origin, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        e.id, e.name, JSON.stringify(e.boundary), e.flightType, e.maxAltitude, e.fixedAltitude, e.callbackUrl, e.callbackClientId,
        e.callbackSecret, e.timezone, e.startTime, e.durationMinutes, e.createdBy, e.createdByKind, e.orgId, e.origin, e.createdAt, e.expiresAt,
      ],
    );
  },

  async byId(db: Sql, id: string): Promise<EphemeralRecord | null> {
    const rows = await db.query<Row>('SELECT * FROM ephemeral_operations WHERE id = $1', [id]);
    return rows[0] ? fromRow(rows[0]) : null;
  },

  /** Deletes it only while unclaimed; returns whether it did. */
  async deleteUnclaimed(db: Sql, id: string): Promise<boolean> {
    const rows = await db.query<{ id: string }>('DELETE FROM ephemeral_operations WHERE id = $1 AND claimed_at IS NULL RETURNING id', [id]);
    return rows.length > 0;
  },

  /** Marks it claimed if still unclaimed and unexpired; null when another claim won or it expired. */
  async claim(db: Sql, id: string, by: string, now: Date): Promise<EphemeralRecord | null> {
    const rows = await db.query<Row>(
      'UPDATE ephemeral_operations SET claimed_by = $2, claimed_at = $3 WHERE id = $1 AND claimed_at IS NULL AND expires_at > $3 RETURNING *',
      [id, by, now],
    );
    return rows[0] ? fromRow(rows[0]) : null;
  },

  /** Removes unclaimed rows that expired before `before` (they answer 410 until then). */
  async purgeExpired(db: Sql, before: Date): Promise<number> {
    const rows = await db.query<{ id: string }>('DELETE FROM ephemeral_operations WHERE claimed_at IS NULL AND expires_at < $1 RETURNING id', [before]);
    return rows.length;
  },
};
