import { useCallback, useEffect, useRef, useState } from 'react';
import { areaHistoryReducer, EMPTY_HISTORY, redoTarget, undoTarget, type AreaHistory, type AreaHistoryAction, type AreaSnapshot } from './area-history';
import type { Plan, PlanArea } from './plan-params';
import type { PlanUpdate } from './use-plan';

export interface AreaHistoryControls {
  /** Every change of the area goes through here, so it can be undone. */
  change(area: PlanArea | null, sizes?: { widthM?: number; radiusM?: number }): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
}

const snapshotOf = (p: Pick<Plan, 'area' | 'widthM' | 'radiusM'>): AreaSnapshot => ({ area: p.area, widthM: p.widthM, radiusM: p.radiusM });

/**
 * Undo and redo of the plan's area. The history stays with the page (not the URL): a link opens a
 * plan, not its editing session.
 */
export function useAreaHistory(plan: Plan, update: (u: PlanUpdate) => void): AreaHistoryControls {
  const [history, setHistory] = useState<AreaHistory>(EMPTY_HISTORY);
  // Refs, not state, for what the callbacks read: the map can report two changes before React renders.
  const historyRef = useRef(history);
  const current = useRef(snapshotOf(plan));
  useEffect(() => {
    current.current = snapshotOf(plan);
  }, [plan]);

  const apply = useCallback((action: AreaHistoryAction, next: AreaSnapshot) => {
    historyRef.current = areaHistoryReducer(historyRef.current, action);
    setHistory(historyRef.current);
    current.current = next;
    update(next);
  }, [update]);

  const change = useCallback<AreaHistoryControls['change']>(
    (area, sizes = {}) => {
      const from = current.current;
      apply({ type: 'change', from, to: { ...from, area, ...sizes } }, { ...from, area, ...sizes });
    },
    [apply],
  );
  const undo = useCallback(() => {
    const target = undoTarget(historyRef.current);
    if (target) apply({ type: 'undo', current: current.current }, target);
  }, [apply]);
  const redo = useCallback(() => {
    const target = redoTarget(historyRef.current);
    if (target) apply({ type: 'redo', current: current.current }, target);
  }, [apply]);

  return { change, undo, redo, canUndo: history.past.length > 0, canRedo: history.future.length > 0 };
}
