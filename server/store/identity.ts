/**
 * Organizations, people, API clients, sessions and service settings.
 * Passwords and client secrets are stored as scrypt hashes; sessions by the SHA-256 of their id.
 */
import { createHash, randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Role } from '../contract/auth';
import type { Scope } from '../contract/scopes';
import type { Sql } from './db';
import { registerMigrations } from './migrations';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

registerMigrations([
  {
    version: 1,
    name: 'identity',
    sql: `
      CREATE TABLE organizations (id uuid PRIMARY KEY, name text NOT NULL UNIQUE, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE users (
        id uuid PRIMARY KEY, email text NOT NULL UNIQUE, name text NOT NULL, password_hash text NOT NULL,
        roles text[] NOT NULL, org_id uuid REFERENCES organizations(id), created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE api_clients (
        id text PRIMARY KEY, name text NOT NULL, secret_hash text NOT NULL, scopes text[] NOT NULL,
        org_id uuid REFERENCES organizations(id), callback_secret text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      CREATE TABLE sessions (
        id_hash text PRIMARY KEY, user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE, csrf_token text NOT NULL,
        expires_at timestamptz NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
      CREATE INDEX sessions_user ON sessions(user_id);
      CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);
    `,
  },
]);

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(secret, salt, 32);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * A hash of a secret nobody knows, checked when the account or client does not exist, so that a wrong
 * email costs the same scrypt as a wrong password (no timing hint of which accounts exist).
 */
let dummyHash: Promise<string> | null = null;
export function dummySecretHash(): Promise<string> {
  return (dummyHash ??= hashSecret(randomBytes(16).toString('base64url')));
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [algo, saltB64, keyB64] = stored.split('$');
  if (algo !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(secret, Buffer.from(saltB64, 'base64'), expected.length);
  return timingSafeEqual(expected, actual);
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  roles: Role[];
  org_id: string | null;
  org_name: string | null;
}

export interface ClientRow {
  id: string;
  name: string;
  secret_hash: string;
  scopes: Scope[];
  org_id: string | null;
  callback_secret: string;
}

const USER_SELECT = `SELECT u.id, u.email, u.name, u.password_hash, u.roles, u.org_id, o.name AS org_name
  FROM users u LEFT JOIN organizations o ON o.id = u.org_id`;

let clientGeneration = 0;

export const identity = {
  async ensureOrganization(db: Sql, name: string): Promise<string> {
    const found = await db.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [name]);
    if (found[0]) return found[0].id;
    const id = randomUUID();
    await db.query('INSERT INTO organizations (id, name) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [id, name]);
    return (await db.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [name]))[0]!.id;
  },

  async upsertUser(db: Sql, u: { email: string; name: string; password: string; roles: Role[]; orgId: string | null }): Promise<string> {
    const email = u.email.toLowerCase();
    const existing = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
    if (existing[0]) return existing[0].id;
    const id = randomUUID();
    await db.query(
      'INSERT INTO users (id, email, name, password_hash, roles, org_id) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING',
      [id, email, u.name, await hashSecret(u.password), u.roles, u.orgId],
    );
    return (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id;
  },

  async userByEmail(db: Sql, email: string): Promise<UserRow | null> {
    return (await db.query<UserRow>(`${USER_SELECT} WHERE u.email = $1`, [email.toLowerCase()]))[0] ?? null;
  },

  async userById(db: Sql, id: string): Promise<UserRow | null> {
    return (await db.query<UserRow>(`${USER_SELECT} WHERE u.id = $1`, [id]))[0] ?? null;
  },

  /** The people of an organization, by name. */
  async usersOfOrganization(db: Sql, orgId: string): Promise<UserRow[]> {
    return db.query<UserRow>(`${USER_SELECT} WHERE u.org_id = $1 ORDER BY u.name, u.id`, [orgId]);
  },

  async organizationName(db: Sql, orgId: string): Promise<string | null> {
    return (await db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]))[0]?.name ?? null;
  },

  async upsertClient(db: Sql, c: { id: string; name: string; secret: string; scopes: Scope[]; orgId: string | null }): Promise<void> {
    const existing = await db.query<ClientRow>('SELECT * FROM api_clients WHERE id = $1', [c.id]);
    if (existing[0] && (await verifySecret(c.secret, existing[0].secret_hash))) return;
    await db.query(
      `INSERT INTO api_clients (id, name, secret_hash, scopes, org_id, callback_secret) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, scopes = EXCLUDED.scopes, name = EXCLUDED.name`,
      [c.id, c.name, await hashSecret(c.secret), c.scopes, c.orgId, randomBytes(32).toString('base64url')],
    );
  },

  /** Whether an API client still exists (its tokens die with it). */
  /** Moves whenever a client is deleted (deleteClient): the embedded store's existence cache keys on it. */
  clientGeneration(): number {
    return clientGeneration;
  },

  async deleteClient(db: Sql, id: string): Promise<void> {
    await db.query('DELETE FROM api_clients WHERE id = $1', [id]);
    clientGeneration++;
  },

  async clientExists(db: Sql, id: string): Promise<boolean> {
    return (await db.query<{ one: number }>('SELECT 1 AS one FROM api_clients WHERE id = $1', [id])).length > 0;
  },

  async clientById(db: Sql, id: string): Promise<ClientRow | null> {
    return (await db.query<ClientRow>('SELECT * FROM api_clients WHERE id = $1', [id]))[0] ?? null;
  },

  async createSession(db: Sql, userId: string, ttlSeconds: number): Promise<{ id: string; csrfToken: string; expires: Date }> {
    const id = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const expires = new Date(Date.now() + ttlSeconds * 1000);
    await db.query('INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4)', [sha256(id), userId, csrfToken, expires]);
    return { id, csrfToken, expires };
  },

  async sessionById(db: Sql, id: string): Promise<{ user_id: string; csrf_token: string; expires_at: Date } | null> {
    const rows = await db.query<{ user_id: string; csrf_token: string; expires_at: Date }>(
      'SELECT user_id, csrf_token, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > now()',
      [sha256(id)],
    );
    return rows[0] ?? null;
  },

  /** A live session by the hash a person's bearer token names (its sid). */
  async sessionByHash(db: Sql, idHash: string): Promise<{ user_id: string } | null> {
    const rows = await db.query<{ user_id: string }>('SELECT user_id FROM sessions WHERE id_hash = $1 AND expires_at > now()', [idHash]);
    return rows[0] ?? null;
  },

  async deleteSession(db: Sql, id: string): Promise<void> {
    await db.query('DELETE FROM sessions WHERE id_hash = $1', [sha256(id)]);
  },

  /** A setting shared by every instance (e.g. the token-signing secret), created once. */
  async settingOrCreate(db: Sql, key: string, create: () => string): Promise<string> {
    await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, create()]);
    return (await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))[0]!.value;
  },
};

export function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
