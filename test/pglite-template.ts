/**
 * Vitest global setup: one freshly initialised, empty embedded cluster per test run, as a tarball that
 * openPglite(':memory:') starts from (server/store/pglite.ts, PGLITE_MEMORY_TEMPLATE) instead of running
 * initdb again for each of the hundreds of in-memory stores the tests open. Made here, in the main
 * process, before any worker starts; removed when the run ends.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGLITE_START_PARAMS } from '../server/store/pglite';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'skyplan-pglite-template-'));
  const pg = new PGlite({ startParams: PGLITE_START_PARAMS });
  await pg.waitReady;
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const file = path.join(dir, 'cluster.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_MEMORY_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
