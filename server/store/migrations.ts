/**
 * Versioned migrations, applied in order inside one transaction each, under an advisory lock so that
 * several instances starting at once on one PostgreSQL do not race. Never edit a shipped migration: add one.
 */
import type { Db } from './db';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const registry: Migration[] = [];

/** Feature modules register their migrations (versions are global and unique). */
export function registerMigrations(list: Migration[]): void {
  for (const m of list) {
    if (registry.some((r) => r.version === m.version)) {
      if (registry.some((r) => r.version === m.version && r.name === m.name)) continue;
      throw new Error(`migration version ${m.version} registered twice`);
    }
    registry.push(m);
  }
}

export function migrations(): Migration[] {
  return [...registry].sort((a, b) => a.version - b.version);
}

const LOCK_ID = 741_852_963;

/**
 * Whether every registered migration is applied: one query, no lock (a warm start's common case). A store
 * without the table yet, or one version missing, is not.
 */
export async function upToDate(db: Db): Promise<boolean> {
  let rows: { version: number }[];
  try {
    rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  } catch {
    return false; // no schema_migrations yet: a first start
  }
  const done = new Set(rows.map((r) => r.version));
  return migrations().every((m) => done.has(m.version));
}

export async function migrate(db: Db): Promise<number[]> {
  if (await upToDate(db)) return [];
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
  const applied: number[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    for (const m of migrations()) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      applied.push(m.version);
    }
  });
  return applied;
}
