import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test/helpers/service';
import { migrate, migrations, upToDate } from './migrations';
import { openPglite } from './pglite';
import { identity } from './identity';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe(`the store (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('runs on the engine the environment asks for', () => {
    expect(svc.deps.db.engine).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('applied every migration once; migrating again applies nothing', async () => {
    const rows = await svc.deps.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(migrations().map((m) => m.version));
    expect(await migrate(svc.deps.db)).toEqual([]);
  });

  it('a warm start sees the schema is up to date in one query; a fresh store or a missing version is not', async () => {
    const sent: string[] = [];
    const db = { ...svc.deps.db, query: <T>(text: string, params?: readonly unknown[]) => (sent.push(text), svc.deps.db.query<T>(text, params)) };
    expect(await migrate(db)).toEqual([]);
    expect(sent).toEqual(['SELECT version FROM schema_migrations']);
    const fresh = await openPglite(':memory:');
    try {
      expect(await upToDate(fresh)).toBe(false);
      await migrate(fresh);
      expect(await upToDate(fresh)).toBe(true);
      const last = migrations().at(-1)!.version;
      await fresh.query('DELETE FROM schema_migrations WHERE version = $1', [last]);
      expect(await upToDate(fresh)).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      svc.deps.db.transaction(async (tx) => {
        await tx.query("INSERT INTO settings (key, value) VALUES ('rollback-probe', 'x')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await svc.deps.db.query("SELECT * FROM settings WHERE key = 'rollback-probe'")).toEqual([]);
  });

  it('hashes passwords (never stores them) and verifies them', async () => {
    const u = await identity.userByEmail(svc.deps.db, 'pilot@cascade.example');
    expect(u?.password_hash).toMatch(/^scrypt\$/);
    expect(u?.password_hash).not.toContain('demo-pilot');
  });

  it('keeps one token secret for every instance on the same store', async () => {
    const a = await identity.settingOrCreate(svc.deps.db, 'token_secret', () => 'first');
    const b = await identity.settingOrCreate(svc.deps.db, 'token_secret', () => 'second');
    expect(a).toBe(b);
    expect(a).not.toBe('second');
  });
});
