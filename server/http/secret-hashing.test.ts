import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { SECRET_HASH_CONCURRENCY, SecretHashGate } from './secret-hashing';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('SecretHashGate', () => {
  it('leaves half of libuv\'s default pool free', () => {
    expect(SECRET_HASH_CONCURRENCY).toBe(process.env.UV_THREADPOOL_SIZE ? Math.max(1, Math.floor(Number(process.env.UV_THREADPOOL_SIZE) / 2)) : 2);
  });

  it('runs at most `concurrency` hashes at once, the rest in arrival order, and 503s past the queue', async () => {
    const gate = new SecretHashGate(2, 3);
    let peak = 0;
    let now = 0;
    const order: number[] = [];
    const holds = Array.from({ length: 5 }, deferred);
    const runs = holds.map((h, i) =>
      gate.run(async () => {
        now += 1;
        peak = Math.max(peak, now);
        order.push(i);
        await h.promise;
        now -= 1;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(gate.active).toBe(2);
    expect(gate.queued).toBe(3);
    const refused = await gate.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect((refused as ApiError).headers).toEqual({ 'Retry-After': '1' });
    for (const h of holds) h.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(gate.active).toBe(0);
  });

  it('frees the slot of a hash that throws', async () => {
    const gate = new SecretHashGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.active).toBe(0);
    expect(await gate.run(async () => 7)).toBe(7);
  });
});
