import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';
import { useLazyModule } from './use-lazy-module';

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
});
