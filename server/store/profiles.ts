/**
 * Pilot profiles (ours): phone, remote pilot certificate and aircraft registrations of a person. The
 * name stays in users.name, the one place every list reads it from.
 */
import type { PilotProfile } from '../contract/profile';
import type { Sql } from './db';
import { registerMigrations } from './migrations';

registerMigrations([
  {
    version: 120,
    name: 'pilot_profiles',
    sql: `
      CREATE TABLE pilot_profiles (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        phone_number text, part107_certificate text, registrations text[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now());
    `,
  },
]);

interface Row {
  name: string;
  phone_number: string | null;
  part107_certificate: string | null;
  registrations: string[] | null;
}

const toProfile = (r: Row): PilotProfile => ({
  name: r.name,
  phoneNumber: r.phone_number,
  part107Certificate: r.part107_certificate,
  registrations: r.registrations ?? [],
});

export const profileStore = {
  /** The profile of a person (empty fields when never saved), or null when there is no such person. */
  async get(db: Sql, userId: string): Promise<PilotProfile | null> {
    const rows = await db.query<Row>(
      `SELECT u.name, p.phone_number, p.part107_certificate, p.registrations
       FROM users u LEFT JOIN pilot_profiles p ON p.user_id = u.id WHERE u.id = $1`,
      [userId],
    );
    return rows[0] ? toProfile(rows[0]) : null;
  },

  /** Profiles of several people by id (people without one are left out), for lists that show pilots. */
  async many(db: Sql, userIds: readonly string[]): Promise<Map<string, PilotProfile>> {
    if (!userIds.length) return new Map();
    const rows = await db.query<Row & { id: string }>(
      `SELECT u.id, u.name, p.phone_number, p.part107_certificate, p.registrations
       FROM users u LEFT JOIN pilot_profiles p ON p.user_id = u.id WHERE u.id::text = ANY($1)`,
      [[...userIds]],
    );
    return new Map(rows.map((r) => [r.id, toProfile(r)]));
  },

  async save(db: Sql, userId: string, p: PilotProfile, now: Date): Promise<void> {
    await db.query('UPDATE users SET name = $2 WHERE id = $1', [userId, p.name]);
    await db.query(
      `INSERT INTO pilot_profiles (user_id, phone_number, part107_certificate, registrations, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET phone_number = $2, part107_certificate = $3, registrations = $4, updated_at = $5`,
      [userId, p.phoneNumber, p.part107Certificate, [...new Set(p.registrations)], now],
    );
  },
};
