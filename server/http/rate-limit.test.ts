/** The back-off's ceiling and the leased per-caller limit, on the limiter itself over an embedded store. */
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

/** The store with a count of the statements that touch the rate-limit table. */
function counted(): { db: Db; writes: () => number } {
  let n = 0;
  const spy: Db = {
    engine: db.engine,
    query: (text, params) => {
      if (/rate_limits/.test(text)) n++;
      return db.query(text, params);
    },
    exec: (text) => db.exec(text),
    transaction: (fn) => db.transaction(fn),
    close: async () => undefined,
  };
  return { db: spy, writes: () => n };
}

describe('the per-caller API limit, leased', () => {
  const cfg = (apiPerMinute: number) => ({ ...testConfig().rateLimits, apiPerMinute });

  it('goes to the store once per lease of a twentieth of the limit (20 writes for 200 requests), not once per request, and stays exact on one instance', async () => {
    const { db: spy, writes } = counted();
    const limits = new RateLimits(spy, cfg(200));
    const remaining: number[] = [];
    for (let i = 0; i < 200; i++) remaining.push(Number((await limits.apiRequest('client:lease-1'))!['RateLimit-Remaining']));
    expect(remaining).toEqual(Array.from({ length: 200 }, (_, i) => 199 - i));
    expect(writes()).toBe(20);
    expect(await retryAfter(limits.apiRequest('client:lease-1'))).toBeGreaterThan(0);
    // The last lease filled the store's window: refusals come from memory.
    expect(await retryAfter(limits.apiRequest('client:lease-1'))).toBeGreaterThan(0);
    expect(writes()).toBe(20);
  });

  it('concurrent requests share one claim', async () => {
    const { db: spy, writes } = counted();
    const limits = new RateLimits(spy, cfg(2000));
    await Promise.all(Array.from({ length: 50 }, () => limits.apiRequest('client:lease-2')));
    expect(writes()).toBe(1);
  });

  it('two instances on one store never admit more than the limit together, and refuse early by less than a lease', async () => {
    const a = new RateLimits(db, cfg(100));
    const b = new RateLimits(db, cfg(100));
    let admitted = 0;
    for (let i = 0; i < 150; i++) {
      const limits = i % 3 === 0 ? b : a;
      if ((await retryAfter(limits.apiRequest('client:lease-3'))) === null) admitted++;
    }
    expect(admitted).toBeLessThanOrEqual(100);
    expect(admitted).toBeGreaterThanOrEqual(100 - (100 / 20 - 1));
  });
});

describe('store-counted windows past their limit', () => {
  it('refuse from memory until the window ends: no store statement per refusal (a hammered token endpoint cost three)', async () => {
    const { db: spy, writes } = counted();
    const limits = new RateLimits(spy, { ...testConfig().rateLimits, tokenPerAddressPerMinute: 3 });
    for (let i = 0; i < 3; i++) await limits.beforeToken('10.9.0.1', `client-${i}`);
    expect(await retryAfter(limits.beforeToken('10.9.0.1', 'client-x'))).toBeGreaterThan(0);
    const before = writes();
    for (let i = 0; i < 50; i++) expect(await retryAfter(limits.beforeToken('10.9.0.1', 'client-x'))).toBeGreaterThan(0);
    // Only the failure checks (one read each of the address and the client) remain: 2 a refusal, not 3.
    expect(writes() - before).toBe(100);
    // Another address is not affected.
    expect(await retryAfter(limits.beforeToken('10.9.0.2', 'client-x'))).toBeNull();
  });
});

describe('failure blocks', () => {
  it('refuse a blocked address again without reading the store, until the block ends', async () => {
    const { db: spy, writes } = counted();
    const limits = new RateLimits(spy, { ...testConfig().rateLimits, failuresPerAddress: 2, blockSeconds: 1, blockMaxSeconds: 1 });
    for (let i = 0; i < 2; i++) {
      await limits.beforeToken('10.9.1.1', `client-${i}`);
      await limits.afterToken('10.9.1.1', `client-${i}`, false);
    }
    const before = writes();
    for (let i = 0; i < 50; i++) expect(await retryAfter(limits.beforeToken('10.9.1.1', `other-${i}`))).toBe(1);
    expect(await retryAfter(limits.beforeSignIn('10.9.1.1', 'x@y.example'))).toBe(1);
    // Each refusal read the store twice (the address's and the client's failures) before.
    expect(writes() - before).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await retryAfter(limits.beforeToken('10.9.1.1', 'client-late'))).toBeNull();
  });
});

