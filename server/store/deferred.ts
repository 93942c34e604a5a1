/**
 * The store while it is still opening (docs/deploy.md "Start"): the service answers what needs only the
 * dataset as soon as the dataset is in, so the app is built before the store is open, migrated and
 * seeded. Every call on this Db waits for the store instead of failing: a request that needs the store
 * answers late, never 503. storeStarting() tells the status route not to wait.
 */
import type { Db } from './db';

const starting = new WeakSet<Db>();

/** A Db whose calls wait for `opened` (the store once migrated and seeded) and then go to it. */
export function deferredDb(engine: Db['engine'], opened: Promise<Db>): Db {
  const db: Db = {
    engine,
    query: async (text, params) => (await opened).query(text, params),
    exec: async (text) => (await opened).exec(text),
    transaction: async (fn) => (await opened).transaction(fn),
    close: async () => (await opened).close(),
  };
  starting.add(db);
  // A store that fails to open ends the start (server/index.ts exits); until then calls keep waiting.
  opened.then(() => starting.delete(db), () => undefined);
  return db;
}

/** True while `db` is a store that has not finished opening (a call on it would wait). */
export function storeStarting(db: Db): boolean {
  return starting.has(db);
}
