/**
 * DEMs through the store (docs/elevation.md "DEMs with PostgreSQL"). With DATABASE_URL, `data:import` of a
 * GeoTIFF stores its bytes in PostgreSQL (server/store/dems.ts) instead of DATA_DIR/dem/, and every
 * instance keeps a copy in DATA_DIR/dem/store-cache/<sha-256>.tif, downloaded once and checked against the
 * hash, which its DemSource samples. So every instance answers the same elevations, and a new instance
 * with an empty DATA_DIR gets the DEMs at start. The embedded store keeps the files of DATA_DIR/dem/.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSha256Hex, sha256Hex, verifySha256 } from '../store/chunked-blobs';
import type { Db, Sql } from '../store/db';
import { demStore } from '../store/dems';
import { DEM_DIR, type DemEntry } from './import/dem-index';

export const DEM_CACHE = 'store-cache';

async function fileSha256(p: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(p)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** Stores checked DEMs (entries from inspectDem, bytes as read) in the database, and announces them. */
export async function publishDems(db: Db, dems: Array<{ entry: DemEntry; bytes: Uint8Array }>): Promise<Array<{ entry: DemEntry; sha256: string }>> {
  const items = dems.map((d) => ({ entry: d.entry, sha256: sha256Hex(d.bytes), data: d.bytes }));
  await demStore.put(db, items);
  return items.map(({ entry, sha256: h }) => ({ entry, sha256: h }));
}

/** Cached files already checked against their hash by this process (a multi-GB DEM is not hashed per sync). */
const verified = new Set<string>();

/**
 * Makes DATA_DIR's cache hold every DEM of the store (downloading the missing ones, checked against their
 * hash) and returns their entries pointing at the cached copies.
 */
export async function syncDemsFromStore(db: Sql, dataDir: string): Promise<DemEntry[]> {
  const stored = await demStore.list(db);
  const dir = path.join(dataDir, DEM_DIR, DEM_CACHE);
  const entries: DemEntry[] = [];
  for (const d of stored) {
    if (!isSha256Hex(d.sha256)) throw new Error(`stored DEM ${d.name} has no sha-256`);
    const file = `${d.sha256}.tif`;
    const target = path.join(dir, file);
    if (existsSync(target) && !verified.has(target)) {
      if ((await fileSha256(target)) === d.sha256) verified.add(target);
      else await rm(target, { force: true }); // damaged: download again
    }
    if (!existsSync(target)) {
      const bytes = await demStore.content(db, d.name);
      // Re-imported under the same name between the list and this read: the next sync gets the new one.
      verifySha256(bytes, d.sha256, `stored DEM ${d.name}`);
      await mkdir(dir, { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, target);
      verified.add(target);
    }
    entries.push({ ...d.entry, file: path.join(DEM_CACHE, file) });
  }
  return entries;
}

/** Removes cached DEMs the entries no longer use (called once the sampler has switched to them). */
export async function pruneDemCache(dataDir: string, entries: DemEntry[]): Promise<void> {
  const dir = path.join(dataDir, DEM_DIR, DEM_CACHE);
  const keep = new Set(entries.map((e) => path.basename(e.file)));
  for (const n of await readdir(dir).catch(() => [] as string[])) {
    if (n.endsWith('.tif') && !keep.has(n)) await rm(path.join(dir, n), { force: true });
  }
}
