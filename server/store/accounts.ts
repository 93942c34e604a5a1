/**
 * New accounts (sandbox sign-up and invites; docs/auth.md): unlike the seed's upserts, an existing email
 * or organization name is an answer (null), never a silent reuse.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '../contract/auth';
import type { Sql } from './db';

export const accounts = {
  /** A new person; null when the email is taken. The password arrives already hashed. */
  async createUser(db: Sql, u: { email: string; name: string; passwordHash: string; roles: Role[]; orgId: string | null }): Promise<string | null> {
    const rows = await db.query<{ id: string }>(
      'INSERT INTO users (id, email, name, password_hash, roles, org_id) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING RETURNING id',
      [randomUUID(), u.email.toLowerCase(), u.name, u.passwordHash, u.roles, u.orgId],
    );
    return rows[0]?.id ?? null;
  },

  /** A new organization; null when the name is taken, in any letter case (no look-alike of another's name). */
  async createOrganization(db: Sql, name: string): Promise<string | null> {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO organizations (id, name) SELECT $1::uuid, $2::text WHERE NOT EXISTS (SELECT 1 FROM organizations WHERE lower(name) = lower($2::text))
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      [randomUUID(), name],
    );
    return rows[0]?.id ?? null;
  },

  /** Puts a person without an organization into one; false when they already have one. */
  async joinOrganization(db: Sql, userId: string, orgId: string, roles: Role[]): Promise<boolean> {
    const rows = await db.query<{ id: string }>('UPDATE users SET org_id = $2, roles = $3 WHERE id = $1 AND org_id IS NULL RETURNING id', [userId, orgId, roles]);
    return rows.length > 0;
  },
};
