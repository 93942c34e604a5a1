import type { ComponentType, ReactNode } from 'react';
import { lazyModule, type LazyModule } from './lazy-module';
import { useLazyModule } from './use-lazy-module';

/**
 * A component that shows nothing until there is something for it (`wanted`), whose code is therefore a
 * chunk loaded only then (docs/portal-delivery.md: /plan shows its map and panel without it). It renders
 * `fallback` (or nothing) while the chunk loads; a load that failed is tried again while `wanted`
 * (useLazyModule).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): { code: LazyModule<ComponentType<P>>; Component: ComponentType<P & { wanted: boolean }> } {
  const code = lazyModule(load);
  function Component({ wanted, ...props }: P & { wanted: boolean }) {
    const ready = useLazyModule(code, wanted);
    const Loaded = ready ? code.current() : null;
    if (!wanted) return null;
    return Loaded ? <Loaded {...(props as P)} /> : fallback;
  }
  return { code, Component };
}
