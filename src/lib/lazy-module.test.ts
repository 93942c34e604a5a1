import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recoverStuckCode } from './code-recovery';
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

describe('lazyModule when the browser keeps a failed chunk', () => {
  const notLoaded = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/tz-AbC.js');

  it('calls onStuck when the code fails to load again after a failure, not on the first failure', async () => {
    const onStuck = vi.fn();
    const chunk = lazyModule(async () => Promise.reject(notLoaded()), { onStuck });
    await expect(chunk.load()).rejects.toThrow('dynamically imported module');
    expect(onStuck).not.toHaveBeenCalled();
    await expect(chunk.load()).rejects.toThrow('dynamically imported module');
    expect(onStuck).toHaveBeenCalledTimes(1);
  });

  it('does not call onStuck for a failure that is not a chunk that could not be fetched', async () => {
    const onStuck = vi.fn();
    const chunk = lazyModule(async () => Promise.reject(new Error('a bug in the chunk')), { onStuck });
    await expect(chunk.load()).rejects.toThrow();
    await expect(chunk.load()).rejects.toThrow();
    expect(onStuck).not.toHaveBeenCalled();
  });
});

describe('recoverStuckCode', () => {
  const index = (entry: string) => new Response(`<!doctype html><script type="module" crossorigin src="${entry}"></script>`, { status: 200, headers: { 'Content-Type': 'text/html' } });
  let script: HTMLScriptElement;
  beforeEach(() => {
    sessionStorage.clear();
    script = Object.assign(document.createElement('script'), { type: 'module' });
    script.setAttribute('src', '/assets/index-A.js');
    document.head.append(script);
  });
  afterEach(() => script.remove());

  it('reloads once the service answers, once for this entry and path, and not while it cannot be reached', async () => {
    const reload = vi.fn();
    const down = (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    const up = (async () => index('/assets/index-A.js')) as unknown as typeof fetch;
    expect(await recoverStuckCode(reload, down)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(await recoverStuckCode(reload, up)).toBe(true);
    expect(await recoverStuckCode(reload, up)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads for a new deploy as the error page does', async () => {
    const reload = vi.fn();
    expect(await recoverStuckCode(reload, (async () => index('/assets/index-B.js')) as unknown as typeof fetch)).toBe(true);
    expect(sessionStorage.getItem('skyplan:reloaded-for-entry')).toBe('/assets/index-B.js');
  });
});
