/**
 * Undo and redo of the flight area. The area lives in the URL; this history keeps only what was
 * before and after it, as snapshots with the path width and point radius a paste may set too.
 * Pure: the hook in use-area-history.ts applies the snapshots to the plan.
 */
import type { PlanArea } from './plan-params';

export interface AreaSnapshot {
  area: PlanArea | null;
  widthM: number;
  radiusM: number;
}

export interface AreaHistory {
  /** Oldest first; the last is what Undo brings back. */
  past: readonly AreaSnapshot[];
  /** Nearest first; the first is what Redo brings back. */
  future: readonly AreaSnapshot[];
}

export type AreaHistoryAction =
  | { type: 'change'; from: AreaSnapshot; to: AreaSnapshot }
  | { type: 'undo'; current: AreaSnapshot }
  | { type: 'redo'; current: AreaSnapshot };

export const EMPTY_HISTORY: AreaHistory = { past: [], future: [] };

/** Steps kept: enough for a long editing session, bounded so the page does not grow without end. */
export const HISTORY_LIMIT = 100;

export function sameSnapshot(a: AreaSnapshot, b: AreaSnapshot): boolean {
  return a.widthM === b.widthM && a.radiusM === b.radiusM && JSON.stringify(a.area) === JSON.stringify(b.area);
}

export function areaHistoryReducer(h: AreaHistory, action: AreaHistoryAction): AreaHistory {
  switch (action.type) {
    case 'change':
      // A change to the same area (an edit that moved nothing) is not a step.
      if (sameSnapshot(action.from, action.to)) return h;
      return { past: [...h.past, action.from].slice(-HISTORY_LIMIT), future: [] };
    case 'undo': {
      const target = h.past.at(-1);
      if (!target) return h;
      return { past: h.past.slice(0, -1), future: [action.current, ...h.future] };
    }
    case 'redo': {
      const target = h.future[0];
      if (!target) return h;
      return { past: [...h.past, action.current], future: h.future.slice(1) };
    }
  }
}

/** What Undo would bring back, or null. */
export const undoTarget = (h: AreaHistory): AreaSnapshot | null => h.past.at(-1) ?? null;
/** What Redo would bring back, or null. */
export const redoTarget = (h: AreaHistory): AreaSnapshot | null => h.future[0] ?? null;
