import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';
import { LAZY_RETRY, useLazyLoad, useLazyModule } from './use-lazy-module';

describe('useLazyModule', () => {
  it('loads nothing until wanted, then renders again once the chunk is there', async () => {
    let imports = 0;
    const chunk = lazyModule(async () => ++imports);
    const { result, rerender } = renderHook(({ wanted }) => useLazyModule(chunk, wanted), { initialProps: { wanted: false } });
    expect(result.current).toBe(false);
    expect(imports).toBe(0);
    rerender({ wanted: true });
    await waitFor(() => expect(result.current).toBe(true));
    expect(imports).toBe(1);
  });

  it('after a failed load, tries again the next time it is wanted', async () => {
    let attempts = 0;
    const chunk = lazyModule(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('connection dropped');
      return 'loaded';
    });
    const { result, rerender } = renderHook(({ wanted }) => useLazyModule(chunk, wanted), { initialProps: { wanted: true } });
    await waitFor(() => expect(attempts).toBe(1));
    expect(result.current).toBe(false);
    rerender({ wanted: false });
    await act(async () => rerender({ wanted: true }));
    await waitFor(() => expect(result.current).toBe(true));
    expect(attempts).toBe(2);
  });

  it('while wanted, tries again on its own after a failed load', async () => {
    const saved = { ...LAZY_RETRY };
    Object.assign(LAZY_RETRY, { firstDelayMs: 20, maxDelayMs: 40 });
    try {
      let attempts = 0;
      const chunk = lazyModule(async () => {
        attempts += 1;
        if (attempts <= 3) throw new Error('connection dropped');
        return 'loaded';
      });
      const { result } = renderHook(() => useLazyModule(chunk, true));
      await waitFor(() => expect(result.current).toBe(true), { timeout: 3000 });
      expect(attempts).toBe(4);
    } finally {
      Object.assign(LAZY_RETRY, saved);
    }
  });

  it('says why a load failed, and retry() tries again at once', async () => {
    const saved = { ...LAZY_RETRY };
    Object.assign(LAZY_RETRY, { firstDelayMs: 60_000, maxDelayMs: 60_000 });
    try {
      let attempts = 0;
      const chunk = lazyModule(async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('connection dropped');
        return 'loaded';
      });
      const { result } = renderHook(() => useLazyLoad(chunk, true));
      await waitFor(() => expect((result.current.error as Error | null)?.message).toBe('connection dropped'));
      expect(result.current.ready).toBe(false);
      act(() => result.current.retry());
      await waitFor(() => expect(result.current.ready).toBe(true));
      expect(result.current.error).toBeNull();
      expect(attempts).toBe(2);
    } finally {
      Object.assign(LAZY_RETRY, saved);
    }
  });
});
