import { useCallback, useContext, useMemo } from 'react';
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router-dom';
import { useSettings } from '../../lib/settings';
import { decodePlan, encodePlan, type Plan } from './plan-params';

export type PlanUpdate = Partial<Plan> | ((plan: Plan) => Partial<Plan>);

/**
 * The plan, read from and written to the URL. Writes replace the history entry: dragging a corner
 * fifty times should not take fifty presses of Back to leave the page.
 */
export function usePlan(): [Plan, (update: PlanUpdate) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // The router's history: its location moves at once on a navigation, before the next page renders.
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const key = params.toString();
  const { units } = useSettings();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the query string, not the object identity
  const plan = useMemo(() => decodePlan(params, units), [key, units]);
  const update = useCallback(
    (u: PlanUpdate) => {
      // The plan page stays on screen while the next page's code loads (router.tsx), and the address
      // has already moved on: a plan write then would take the pilot back to the plan (a click on
      // Members right after landing was undone by a late write). Writes belong to the plan's address only.
      const latest = (navigator as { location?: { pathname: string } }).location?.pathname;
      if (latest !== undefined && latest !== pathname) return;
      setParams(
        (prev) => {
          const current = decodePlan(prev, units);
          return encodePlan({ ...current, ...(typeof u === 'function' ? u(current) : u) });
        },
        { replace: true },
      );
    },
    [setParams, units, pathname, navigator],
  );
  return [plan, update];
}
