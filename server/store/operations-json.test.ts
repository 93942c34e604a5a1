/**
 * Migration 106 builds the stored public JSON of rows written before it in SQL; it must equal what
 * publicJson builds from the same row (and in the same key order), awkward values included: an empty
 * or absent aircraftId (left out), doubles that do not print short, 1e-7 in the boundary, quotes,
 * control characters and non-ASCII text, milliseconds. On whichever engine the environment asks for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchemaUrl } from '../../test/helpers/schema';
import './all-migrations';
import type { Db } from './db';
import { migrations } from './migrations';
import { operationsStore } from './operations';
import { publicJson, publicOperation } from './operations-json';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

let db: Db;
beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  db = url ? await openPostgres(await freshSchemaUrl(url, 'opjson')) : await openPglite(':memory:');
});
afterAll(() => db.close());

const OP = `INSERT INTO operations (id, name, pilot_id, boundary, bbox_west, bbox_south, bbox_east, bbox_north, min_altitude, max_altitude,
  start_time, end_time, aircraft_id, timezone, altitude_unit, altitude_reference, flight_type, authorization_providers, description, created_by,
  created_at, updated_at, origin)
  VALUES ($1, $2, 'pilot-a', $3, 0, 0, 1, 1, $4, $5, $6, $7, $8, 'America/New_York', 'ALTITUDE_UNIT_FEET', 'ALTITUDE_REFERENCE_AGL',
  'FLIGHT_TYPE_COMMERCIAL', $9, $10, 'client-1', $11, $11, 'api')`;

describe('migration 106: operations.public_json', () => {
  it('backfills each existing row with the JSON publicJson builds from it', async () => {
    for (const m of migrations().filter((x) => x.version < 106)) await db.exec(m.sql);
    const boundary = { type: 'Polygon', coordinates: [[[-122.31, 47.532000000000004], [1e-7, -0.5], [179.99999999999997, 89.1], [-122.31, 47.532000000000004]]] };
    const rows: unknown[][] = [
      ['00000000-0000-4000-8000-000000000001', 'Quote " back \\ tab\t nl\n ✈ é \u0001', boundary, 0.30000000000000004, 121.92,
        new Date(Date.UTC(2031, 0, 2, 3, 4, 5, 7)), new Date(Date.UTC(2031, 0, 2, 4, 4, 5, 999)), 'N1"x', ['faa', 'other'], 'd\u2028e', new Date(Date.UTC(2030, 11, 31, 23, 59, 59, 1))],
      ['00000000-0000-4000-8000-000000000002', 'plain', boundary, 0, 400, new Date(Date.UTC(2031, 5, 6)), new Date(Date.UTC(2031, 5, 7)), null, [], '', new Date(Date.UTC(2031, 5, 1))],
      ['00000000-0000-4000-8000-000000000003', 'empty aircraft', boundary, -5e-7, 1e21, new Date(Date.UTC(2031, 5, 6)), new Date(Date.UTC(2031, 5, 7)), '', [], 'x', new Date(Date.UTC(2031, 5, 1))],
    ];
    for (const r of rows) await db.query(OP, r.map((v, i) => (i === 2 ? JSON.stringify(v) : v)));
    await db.exec(migrations().find((x) => x.version === 106)!.sql);
    for (const r of rows) {
      const [stored] = await db.query<{ public_json: string }>('SELECT public_json FROM operations WHERE id = $1', [r[0]]);
      const rebuilt = publicOperation((await operationsStore.byId(db, r[0] as string))!);
      const parsed = JSON.parse(stored!.public_json) as Record<string, unknown>;
      expect(parsed).toEqual(rebuilt);
      expect(Object.keys(parsed)).toEqual(Object.keys(rebuilt));
    }
  });

  it('refuses a row without it (a page would silently leave it out)', async () => {
    await expect(db.query(OP, ['00000000-0000-4000-8000-000000000009', 'x', '{}', 0, 1, new Date(), new Date(), null, [], '', new Date()])).rejects.toThrow(/public_json/);
  });

  it('new rows store exactly publicJson', async () => {
    const rec = (await operationsStore.byId(db, '00000000-0000-4000-8000-000000000002'))!;
    const fresh = { ...rec, id: '00000000-0000-4000-8000-000000000010', aircraftId: 'N9' };
    await operationsStore.insert(db, fresh);
    const [stored] = await db.query<{ public_json: string }>('SELECT public_json FROM operations WHERE id = $1', [fresh.id]);
    expect(stored!.public_json).toBe(publicJson(fresh));
  });
});
