/**
 * The change listener on a real PostgreSQL: a NOTIFY in a committed transaction reaches it, one in a
 * rolled-back transaction does not, and when its connection is killed it reconnects with backoff and
 * reports every topic as changed (what was announced meanwhile was lost), so the caller re-reads.
 * Needs PostgreSQL (TEST_DATABASE_URL, set by npm test); reported as skipped without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../deps';
import type { Db } from './db';
import { listenForChanges, notifyChange, type ChangeTopic } from './notify';
import { openPostgres } from './postgres';

const url = process.env.TEST_DATABASE_URL;
const APP = `notify-test-${process.pid}-${Date.now()}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await sleep(20);
  }
}

describe.skipIf(!url)('change announcements over LISTEN/NOTIFY (needs PostgreSQL: TEST_DATABASE_URL, set by npm test)', () => {
  let db: Db;
  const seen: ChangeTopic[] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    db = await openPostgres(url!);
    stop = listenForChanges({ url: url!, log: silentLogger, onChange: (t) => seen.push(t), minBackoffMs: 50, maxBackoffMs: 200, applicationName: APP });
    // On connect it reports every topic once.
    await until(() => seen.includes('dataset') && seen.includes('sandbox_tfr'));
  });
  afterAll(async () => {
    await stop();
    await db.close();
  });

  it('delivers a committed announcement and none from a rolled-back transaction', async () => {
    seen.length = 0;
    await db.transaction(async (tx) => {
      await notifyChange(tx, 'sandbox_tfr');
      throw new Error('roll back');
    }).catch(() => undefined);
    await notifyChange(db, 'dataset');
    await until(() => seen.includes('dataset'));
    await sleep(100);
    expect(seen).toEqual(['dataset']);
  });

  it('reconnects after its connection is killed and then reports every topic, as a lost announcement may have been', async () => {
    seen.length = 0;
    const killed = await db.query<{ n: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [APP],
    );
    expect(killed[0]!.n).toBeGreaterThanOrEqual(1);
    await until(() => seen.includes('dataset') && seen.includes('sandbox_tfr'));
    // And it listens again.
    seen.length = 0;
    await notifyChange(db, 'sandbox_tfr');
    await until(() => seen.includes('sandbox_tfr'));
  });
});
