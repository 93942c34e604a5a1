import type { PlatformOperation } from '../../../server/contract/operations';
import { continuousBounds, shortWayBBox } from '../../geo/antimeridian';
import type { areasOverlap } from '../../geo/areas-overlap';
import { lazyModule } from '../../lib/lazy-module';
import type { PolygonGeometry } from '../../geo/types';
import type { NearbyOperationsQuery } from './api/list-nearby-operations';

export interface PlanWindow {
  startTime: string;
  endTime: string;
}

const down = (n: number) => Math.floor(Math.round(n * 1e9) / 1e3) / 1e6;
const up = (n: number) => Math.ceil(Math.round(n * 1e9) / 1e3) / 1e6;

/**
 * The plan's box rounded outwards to six decimals (about 0.1 m), so the URL and the query key are short
 * and stable. Across 180° it is the small box with west greater than east, as the service's bbox takes it.
 */
export function nearbyQuery(boundary: PolygonGeometry, window: PlanWindow): NearbyOperationsQuery {
  const [w, s, e, n] = shortWayBBox(continuousBounds([boundary])!);
  return { bbox: [down(w), down(s), up(e), up(n)], from: window.startTime, to: window.endTime };
}

/**
 * Turf's intersection test (with the sweep-line and robust predicates it brings, ~4 KB gzip), a chunk of
 * its own: /plan shows its map without it, and the conflicts panel loads it once it asks for the other
 * operations (there is an area and a window).
 */
export const overlapTest = lazyModule(() => import('../../geo/areas-overlap').then((m) => m.areasOverlap));

/**
 * The operations whose area overlaps the plan's and whose time overlaps its window (half-open:
 * one ending as the other starts is no conflict), soonest first.
 */
export function findConflicts(ops: readonly PlatformOperation[], boundary: PolygonGeometry, window: PlanWindow, overlaps: typeof areasOverlap): PlatformOperation[] {
  const start = Date.parse(window.startTime);
  const end = Date.parse(window.endTime);
  return ops
    .filter((op) => Date.parse(op.startTime) < end && Date.parse(op.endTime) > start && overlaps(boundary, op.boundary))
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}
