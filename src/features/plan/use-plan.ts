import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSettings } from '../../lib/settings';
import { decodePlan, encodePlan, type Plan } from './plan-params';

export type PlanUpdate = Partial<Plan> | ((plan: Plan) => Partial<Plan>);

/**
 * The plan, read from and written to the URL. Writes replace the history entry: dragging a corner
 * fifty times should not take fifty presses of Back to leave the page.
 */
export function usePlan(): [Plan, (update: PlanUpdate) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const { units } = useSettings();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the query string, not the object identity
  const plan = useMemo(() => decodePlan(params, units), [key, units]);
  const update = useCallback(
    (u: PlanUpdate) =>
      setParams(
        (prev) => {
          const current = decodePlan(prev, units);
          return encodePlan({ ...current, ...(typeof u === 'function' ? u(current) : u) });
        },
        { replace: true },
      ),
    [setParams, units],
  );
  return [plan, update];
}
