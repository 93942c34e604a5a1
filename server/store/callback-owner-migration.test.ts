/** Migration 105 backfills who registered each existing callback (docs/security.md ("Leaks")). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import './all-migrations';
import type { Db } from './db';
import { migrations } from './migrations';
import { openPglite } from './pglite';

let db: Db;
beforeAll(async () => {
  db = await openPglite(':memory:');
});
afterAll(() => db.close());

const OP = `INSERT INTO operations (id, name, pilot_id, boundary, bbox_west, bbox_south, bbox_east, bbox_north, min_altitude, max_altitude,
  start_time, end_time, timezone, altitude_unit, altitude_reference, flight_type, authorization_providers, description, created_by,
  created_at, updated_at, callback_url, callback_client_id, callback_secret, origin)
  VALUES ($1, 'x', $2, '{}', 0, 0, 1, 1, 0, 100, now(), now(), 'UTC', 'ALTITUDE_UNIT_FEET', 'ALTITUDE_REFERENCE_AGL', 'FLIGHT_TYPE_COMMERCIAL',
  '{}', '', $2, now(), now(), $3, $4, $5, $6)`;

describe('migration 105: operations.callback_owner', () => {
  it('backfills the signing client, else the ephemeral creator, else the creator; none without a callback', async () => {
    for (const m of migrations().filter((x) => x.version < 105)) await db.exec(m.sql);
    const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004'];
    await db.query(OP, [ids[0], 'pilot-a', 'http://h/1', 'client-1', null, 'api']);
    await db.query(OP, [ids[1], 'pilot-b', 'http://h/2', null, 'sec', 'api']);
    await db.query(OP, [ids[2], 'claimer-c', 'http://h/3', null, 'sec', 'ephemeral']);
    await db.query(OP, [ids[3], 'pilot-d', null, null, null, 'api']);
    await db.query(
      `INSERT INTO ephemeral_operations (id, name, boundary, flight_type, max_altitude, fixed_altitude, callback_url, callback_secret, timezone, start_time,
        duration_minutes, created_by, created_by_kind, origin, created_at, expires_at, claimed_by, claimed_at)
       VALUES ($1, 'x', '{}', 'FLIGHT_TYPE_COMMERCIAL', 100, false, 'http://h/3', 'sec', 'UTC', now(), 30, 'creator-c', 'user', 'v1', now(), now(), 'claimer-c', now())`,
      [ids[2]],
    );
    await db.exec(migrations().find((x) => x.version === 105)!.sql);
    const rows = await db.query<{ id: string; callback_owner: string | null }>('SELECT id, callback_owner FROM operations ORDER BY id');
    expect(rows.map((r) => r.callback_owner)).toEqual(['client-1', 'pilot-b', 'creator-c', null]);
  });
});
