/**
 * A chunk the portal loads only when it is needed (docs/portal-delivery.md: /plan shows its map without
 * it), as a store for useSyncExternalStore: `current()` is null until the chunk has loaded, `subscribe`
 * tells React once it has. The chunk is fetched once; a failed load (a dropped connection) is forgotten,
 * so the next `load()` tries again instead of failing for the rest of the session.
 *
 * Chromium keeps a failed module for the document's life: every later import of it fails at once, even
 * once the service answers again. So a chunk that fails again after a failure (its code not loaded) calls
 * `onStuck`, by default recoverStuckCode: the page reloads once the service answers (code-recovery.ts).
 */
import { isCodeNotLoaded, recoverStuckCode } from './code-recovery';

export interface LazyModule<T> {
  /** Resolves once loaded (to nothing: read the module with current()). */
  load(): Promise<void>;
  current(): T | null;
  subscribe(listener: () => void): () => void;
}

interface Options {
  /** Called when the chunk's code failed to load again after a failure (tests pass their own). */
  onStuck?: () => void;
}

export function lazyModule<T>(importIt: () => Promise<T>, options: Options = {}): LazyModule<T> {
  const onStuck = options.onStuck ?? (() => void recoverStuckCode().catch(() => undefined));
  let value: T | null = null;
  let loading: Promise<void> | null = null;
  let failures = 0;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importIt().then(
        (v) => {
          value = v;
          for (const l of listeners) l();
        },
        (e: unknown) => {
          loading = null;
          if (isCodeNotLoaded(e) && ++failures >= 2) onStuck();
          throw e;
        },
      );
      return loading;
    },
    current: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
