/**
 * The map first (docs/portal-delivery.md): the plan page's first commit holds the map; the panel's
 * content waits for the map's first idle (its style and first view drawn), at most PANEL_WAIT_MS (tiles
 * that never come, a map that cannot draw), then renders in a transition, which yields to the map
 * between components. Returns whether the panel is shown and the function the map calls at its idle.
 */
import { startTransition, useCallback, useEffect, useState } from 'react';

/** A pilot does not wait longer than this for the plan's form while slow tiles keep the map from its idle. */
export const PANEL_WAIT_MS = 3000;

export function usePanelAfterMap(): [shown: boolean, show: () => void] {
  const [shown, setShown] = useState(false);
  const show = useCallback(() => startTransition(() => setShown(true)), []);
  useEffect(() => {
    const t = setTimeout(show, PANEL_WAIT_MS);
    return () => clearTimeout(t);
  }, [show]);
  useEffect(() => {
    // For `npm run bench -- page` and the browser's profiler: when the panel's content is in the page.
    if (shown) performance.mark('plan-panel');
  }, [shown]);
  return [shown, show];
}
