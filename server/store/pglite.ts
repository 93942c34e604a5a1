import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Sql } from './db';

/**
 * PostgreSQL's default shared_buffers (128 MB) lives in PGlite's WebAssembly memory and is touched at
 * start: 16 MB holds this service's hot tables many times over and takes 130 MB off the resident size
 * (docs/perf.md). PGlite's own start parameters come first; ours only add to them.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
export const PGLITE_START_PARAMS = [...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/**
 * Tests open a fresh in-memory store hundreds of times, and each new PGlite runs initdb first (about 2 s
 * on the 2-core box). PGLITE_MEMORY_TEMPLATE names a tarball (dumpDataDir) of a cluster just made by
 * initdb and started once, nothing else in it, written once per test run (test/pglite-template.ts): an
 * in-memory store then starts from a copy of that cluster instead of making the same one again. Only
 * ':memory:' reads it; a store on disk never does.
 */
let memoryTemplate: { path: string; blob: Blob } | undefined;
function memoryTemplateBlob(): Blob | undefined {
  const file = process.env.PGLITE_MEMORY_TEMPLATE;
  if (!file) return undefined;
  if (memoryTemplate?.path !== file) memoryTemplate = { path: file, blob: new Blob([readFileSync(file)]) };
  return memoryTemplate.blob;
}

/** A plain SELECT (no FOR UPDATE/SHARE, no data-modifying CTE): the schema defines no functions that write. */
const READ_ONLY = /^\s*SELECT\b(?![\s\S]*\bFOR\s+(UPDATE|SHARE|NO\s+KEY|KEY)\b)/i;

/** Embedded PostgreSQL (PGlite). dataDir ':memory:' keeps it in memory (tests). */
export async function openPglite(dataDir: string): Promise<Db> {
  let pg: PGlite;
  if (dataDir === ':memory:') {
    const loadDataDir = memoryTemplateBlob();
    pg = new PGlite(loadDataDir ? { startParams: PGLITE_START_PARAMS, loadDataDir } : { startParams: PGLITE_START_PARAMS });
  } else {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pg = new PGlite(dir, { startParams: PGLITE_START_PARAMS });
  }
  await pg.waitReady;
  // Moved before a write is queued and after it is done, so a reader that saw the same count before and
  // after its own query cannot have missed a write in between (PGlite runs one statement at a time).
  let writes = 0;
  const wrap = (q: PGlite | Transaction): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      const reads = READ_ONLY.test(text);
      if (!reads) writes++;
      try {
        return (await q.query<T>(text, params as unknown[])).rows;
      } finally {
        if (!reads) writes++;
      }
    },
    async exec(text: string) {
      writes++;
      try {
        await q.exec(text);
      } finally {
        writes++;
      }
    },
  });
  return {
    engine: 'pglite',
    ...wrap(pg),
    writes: () => writes,
    async transaction(fn) {
      writes++;
      try {
        return await pg.transaction((tx) => fn(wrap(tx)));
      } finally {
        writes++;
      }
    },
    close: () => pg.close(),
  };
}
