/**
 * Invites by link (docs/auth.md "Invites"): an operator's single-use, expiring invitation into their
 * organization. The link's secret is kept only as its SHA-256 (like sessions): a copy of the store does
 * not let anyone join.
 */
import { randomUUID } from 'node:crypto';
import type { InviteRole } from '../contract/organization';
import type { Sql } from './db';
import { registerMigrations } from './migrations';

registerMigrations([
  {
    version: 130,
    name: 'invites',
    sql: `
      CREATE TABLE invites (
        id uuid PRIMARY KEY, token_hash text NOT NULL UNIQUE,
        org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        role text NOT NULL, created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL,
        used_at timestamptz, used_by uuid REFERENCES users(id) ON DELETE SET NULL, revoked_at timestamptz);
      CREATE INDEX invites_org ON invites(org_id, expires_at);
    `,
  },
]);

export interface InviteRow {
  id: string;
  org_id: string;
  org_name: string;
  role: InviteRole;
  created_by_name: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

const SELECT = `SELECT i.id, i.org_id, o.name AS org_name, i.role, u.name AS created_by_name, i.created_at, i.expires_at, i.used_at, i.revoked_at
  FROM invites i JOIN organizations o ON o.id = i.org_id JOIN users u ON u.id = i.created_by`;

/** Why a link no longer works (null: it does). */
export function inviteState(row: InviteRow, now: Date): 'used' | 'revoked' | 'expired' | null {
  if (row.used_at) return 'used';
  if (row.revoked_at) return 'revoked';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return null;
}

export const invites = {
  async create(db: Sql, i: { tokenHash: string; orgId: string; role: InviteRole; createdBy: string; now: Date; expiresAt: Date }): Promise<InviteRow> {
    const id = randomUUID();
    await db.query('INSERT INTO invites (id, token_hash, org_id, role, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      id,
      i.tokenHash,
      i.orgId,
      i.role,
      i.createdBy,
      i.now,
      i.expiresAt,
    ]);
    return (await db.query<InviteRow>(`${SELECT} WHERE i.id = $1`, [id]))[0]!;
  },

  /** The organization's invites still usable at `now`, newest first. */
  async pending(db: Sql, orgId: string, now: Date): Promise<InviteRow[]> {
    return db.query<InviteRow>(
      `${SELECT} WHERE i.org_id = $1 AND i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2 ORDER BY i.created_at DESC, i.id`,
      [orgId, now],
    );
  },

  async byTokenHash(db: Sql, tokenHash: string): Promise<InviteRow | null> {
    return (await db.query<InviteRow>(`${SELECT} WHERE i.token_hash = $1`, [tokenHash]))[0] ?? null;
  },

  /** Revokes a pending invite of the organization; false when there is none by that id (or it is spent). */
  async revoke(db: Sql, orgId: string, id: string, now: Date): Promise<boolean> {
    const rows = await db.query<{ id: string }>(
      'UPDATE invites SET revoked_at = $3 WHERE id = $1 AND org_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3 RETURNING id',
      [id, orgId, now],
    );
    return rows.length > 0;
  },

  /**
   * Marks the invite used by `userId`, only if it is still pending at `now`: one atomic update, so two
   * people opening one link at once cannot both get in. False when it was spent in between.
   */
  async consume(db: Sql, id: string, userId: string, now: Date): Promise<boolean> {
    const rows = await db.query<{ id: string }>(
      'UPDATE invites SET used_at = $3, used_by = $2 WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3 RETURNING id',
      [id, userId, now],
    );
    return rows.length > 0;
  },
};
