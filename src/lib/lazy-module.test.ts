import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('imports once however often it is asked, and tells its listeners once it has', async () => {
    let imports = 0;
    const chunk = lazyModule(async () => ({ n: ++imports }));
    let told = 0;
    const off = chunk.subscribe(() => told++);
    expect(chunk.current()).toBeNull();
    await Promise.all([chunk.load(), chunk.load()]);
    await chunk.load();
    expect(imports).toBe(1);
    expect(chunk.current()).toEqual({ n: 1 });
    expect(told).toBe(1);
    off();
  });

  it('forgets a failed load, so the next load tries again', async () => {
    let attempts = 0;
    const chunk = lazyModule(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('connection dropped');
      return 'loaded';
    });
    await expect(chunk.load()).rejects.toThrow('connection dropped');
    expect(chunk.current()).toBeNull();
    await chunk.load();
    expect(attempts).toBe(2);
    expect(chunk.current()).toBe('loaded');
  });

  it('tells no listener that has unsubscribed', async () => {
    const chunk = lazyModule(async () => 1);
    let told = 0;
    chunk.subscribe(() => told++)();
    await chunk.load();
    expect(told).toBe(0);
  });
});
