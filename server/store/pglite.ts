import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Sql } from './db';

/**
 * PostgreSQL's default shared_buffers (128 MB) lives in PGlite's WebAssembly memory and is touched at
 * start: 16 MB holds this service's hot tables many times over and takes 130 MB off the resident size
 * (docs/perf.md). PGlite's own start parameters come first; ours only add to them.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
const startParams = [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** Embedded PostgreSQL (PGlite). dataDir ':memory:' keeps it in memory (tests). */
export async function openPglite(dataDir: string): Promise<Db> {
  let pg: PGlite;
  if (dataDir === ':memory:') {
    pg = new PGlite({ startParams });
  } else {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pg = new PGlite(dir, { startParams });
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
