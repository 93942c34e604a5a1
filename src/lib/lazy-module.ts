/**
 * A chunk the portal loads only when it is needed (docs/portal-delivery.md: /plan shows its map without
 * it), as a store for useSyncExternalStore: `current()` is null until the chunk has loaded, `subscribe`
 * tells React once it has. The chunk is fetched once; a failed load (a dropped connection) is forgotten,
 * so the next `load()` tries again instead of failing for the rest of the session.
 */
export interface LazyModule<T> {
  /** Resolves once loaded (to nothing: read the module with current()). */
  load(): Promise<void>;
  current(): T | null;
  subscribe(listener: () => void): () => void;
}

export function lazyModule<T>(importIt: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let loading: Promise<void> | null = null;
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
