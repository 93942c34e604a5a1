/** The back-off's ceiling, on the limiter itself over an embedded store. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import type { Db } from '../store/db';
import { migrate } from '../store/migrations';
import { openPglite } from '../store/pglite';
import '../store/all-migrations';
import { ApiError } from './errors';
import { RateLimits } from './rate-limit';

let db: Db;
beforeAll(async () => {
  db = await openPglite(':memory:');
  await migrate(db);
});
afterAll(() => db.close());

async function retryAfter(p: Promise<unknown>): Promise<number | null> {
  try {
    await p;
    return null;
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 429) throw e;
    return Number(e.headers?.['Retry-After']);
  }
}

describe('RateLimits', () => {
  it('never blocks longer than blockMaxSeconds, however many blocks came before', async () => {
    const limits = new RateLimits(db, { ...testConfig().rateLimits, failuresPerAccount: 1, blockSeconds: 1, blockMaxSeconds: 1 });
    await limits.afterSignIn('10.0.0.1', 'a@b.example', false);
    expect(await retryAfter(limits.beforeSignIn('10.0.0.1', 'a@b.example'))).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await retryAfter(limits.beforeSignIn('10.0.0.1', 'a@b.example'))).toBeNull();
    await limits.afterSignIn('10.0.0.1', 'a@b.example', false);
    // Uncapped this second block would last 2 s.
    expect(await retryAfter(limits.beforeSignIn('10.0.0.1', 'a@b.example'))).toBe(1);
  });

  it('keeps emails out of the store: keys hold a hash', async () => {
    const rows = await db.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.key.includes('a@b.example'))).toBe(false);
  });
});
