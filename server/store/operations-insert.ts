/**
 * Creates that arrive together are written together: each create's row waits for the end of the event
 * loop's turn (setImmediate), and the rows gathered by then go in one INSERT. On the embedded store every
 * statement is a run of PostgreSQL's protocol in WebAssembly (parse, describe, bind, execute, sync) plus
 * a commit; under load that fixed cost per statement was most of a create's (docs/perf.md). Alone, a create
 * waits one turn of the loop and nothing else.
 *
 * A multi-row INSERT is all or none: when it fails, each row is written again alone, so each create gets
 * its own answer (one bad row must not fail the others). Only rows for the top-level store (never inside a
 * transaction: its statements belong to it alone).
 */
import type { Sql } from './db';
import { operationsStore, type OperationRecord } from './operations';

/** Rows per statement: 29 parameters each, far below PostgreSQL's 65,535, and a bounded statement. */
export const MAX_ROWS = 64;

interface Pending {
  rec: OperationRecord;
  resolve: () => void;
  reject: (e: unknown) => void;
}

const waiting = new WeakMap<Sql, Pending[]>();

async function write(db: Sql, rows: Pending[]): Promise<void> {
  if (rows.length === 1) {
    const [one] = rows;
    await operationsStore.insert(db, one!.rec).then(one!.resolve, one!.reject);
    return;
  }
  try {
    await operationsStore.insertMany(db, rows.map((r) => r.rec));
  } catch {
    for (const r of rows) await operationsStore.insert(db, r.rec).then(r.resolve, r.reject);
    return;
  }
  for (const r of rows) r.resolve();
}

function flush(db: Sql): void {
  const rows = waiting.get(db) ?? [];
  waiting.delete(db);
  for (let i = 0; i < rows.length; i += MAX_ROWS) void write(db, rows.slice(i, i + MAX_ROWS));
}

/** Inserts the operation, in one statement with the others that arrive in the same turn of the event loop. */
export function insertOperation(db: Sql, rec: OperationRecord): Promise<void> {
  return new Promise((resolve, reject) => {
    let rows = waiting.get(db);
    if (!rows) {
      rows = [];
      waiting.set(db, rows);
      setImmediate(() => flush(db));
    }
    rows.push({ rec, resolve, reject });
  });
}
