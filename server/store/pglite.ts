import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Sql } from './db';

/** Embedded PostgreSQL (PGlite). dataDir ':memory:' keeps it in memory (tests). */
export async function openPglite(dataDir: string): Promise<Db> {
  let pg: PGlite;
  if (dataDir === ':memory:') {
    pg = new PGlite();
  } else {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pg = new PGlite(dir);
  }
  await pg.waitReady;
  const wrap = (q: PGlite | Transaction): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      const r = await q.query<T>(text, params as unknown[]);
      return r.rows;
    },
    async exec(text: string) {
      await q.exec(text);
    },
  });
  return {
    engine: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
