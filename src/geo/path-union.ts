import type { Position } from './types';

type Union = (rings: Position[][]) => Position[] | null;

let union: Union | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads the polygon union that widens a path into its area (union-rings.ts) as a chunk of its own, so
 * the plan page shows its map without it and fetches it only once there is a path. A failed load can be
 * tried again.
 */
export function loadPathUnion(): Promise<void> {
  loading ??= import('./union-rings').then(
    (m) => {
      union = m.unionRings;
      for (const l of listeners) l();
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

export const pathUnionLoaded = (): boolean => union !== null;

/** Calls `listener` once the union has loaded; returns the unsubscribe (a useSyncExternalStore store). */
export function onPathUnionLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The union's outline (null: not one polygon), or 'loading' until loadPathUnion() has finished. */
export function unionOutline(rings: Position[][]): Position[] | null | 'loading' {
  return union ? union(rings) : 'loading';
}
