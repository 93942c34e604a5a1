/**
 * Pages of GET /v1/operations kept as the text sent, on the embedded store only (docs/perf.md): a
 * page is served again while the store's write counter (Db.writes) has not moved, i.e. no statement
 * that may write ran since it was read, and never for a status filter (those depend on the clock).
 * Keyed by everything the answer depends on: the viewer (visibility, callbackUrl) and the query.
 */
import { lruPerOwner } from '../lru-per-owner';
import type { OperationListQuery } from '../../contract/operations';
import type { Db } from '../../store/db';
import type { Viewer } from '../../store/operations';

/** Bounds: pages of 100 operations are ~60 KB; 16 MB holds a few hundred. */
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 1000;

interface Entry {
  writes: number;
  body: string;
}

const cacheOf = lruPerOwner<Db, Entry>({ max: MAX_ENTRIES, maxSize: MAX_BYTES, sizeCalculation: (e) => Math.max(1, e.body.length * 2) });

/** The page's text: from the cache when nothing was written since it was read, else built by `read`. */
export async function cachedPage(db: Db, viewer: Viewer, q: OperationListQuery, read: () => Promise<string>): Promise<string> {
  const writes = db.writes;
  if (!writes || q.status) return read();
  const cache = cacheOf(db);
  const key = JSON.stringify([viewer.kind, viewer.id, viewer.orgId, viewer.operator, q]);
  const before = writes();
  const hit = cache.get(key);
  if (hit && hit.writes === before) return hit.body;
  const body = await read();
  // Kept only if no write ran while it was read (a write moves the counter before and after it).
  if (writes() === before) cache.set(key, { writes: before, body });
  return body;
}
