/**
 * The first page's code, asked for before React renders. On /plan (and /, which leads there) the map is
 * the page's first content: its code, its style and MapLibre's worker are asked for at once, while the
 * entry still evaluates and React renders the shell, not once the router has rendered the lazy page
 * (docs/portal-delivery.md, "The map first"). The router's lazy page imports the same module, which the
 * browser loads once: it finds it loaded or in flight.
 */
import { prefetchPlanMap } from '../map/map-prefetch';

export const loadPlanPage = () => import('./routes/plan.route');

export function isPlanPath(pathname: string): boolean {
  return pathname === '/' || pathname === '/plan' || pathname === '/plan/';
}

export function preloadFirstPage(pathname: string): void {
  if (!isPlanPath(pathname)) return;
  // A failed load is not news here: the lazy page's own import fails the same way and shows it.
  loadPlanPage().catch(() => undefined);
  prefetchPlanMap();
}
