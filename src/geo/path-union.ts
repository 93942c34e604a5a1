import { lazyModule } from '../lib/lazy-module';
import type { Position } from './types';

/**
 * The polygon union that widens a path into its area (union-rings.ts), a chunk of its own: the plan page
 * shows its map without it and loads it only once there is a path.
 */
export const pathUnion = lazyModule(() => import('./union-rings').then((m) => m.unionRings));

/** The union's outline (null: not one polygon), or 'loading' until pathUnion has loaded. */
export function unionOutline(rings: Position[][]): Position[] | null | 'loading' {
  const union = pathUnion.current();
  return union ? union(rings) : 'loading';
}
