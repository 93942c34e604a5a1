import { describe, expect, it } from 'vitest';
import { areaHistoryReducer, EMPTY_HISTORY, HISTORY_LIMIT, redoTarget, undoTarget, type AreaHistory, type AreaSnapshot } from './area-history';

const snap = (x: number | null, widthM = 60, radiusM = 300): AreaSnapshot => ({ area: x === null ? null : { kind: 'point', center: [x, 47] }, widthM, radiusM });
const change = (h: AreaHistory, from: AreaSnapshot, to: AreaSnapshot) => areaHistoryReducer(h, { type: 'change', from, to });

describe('areaHistoryReducer', () => {
  it('undoes and redoes changes in order', () => {
    let h = change(EMPTY_HISTORY, snap(null), snap(1));
    h = change(h, snap(1), snap(2));
    expect(undoTarget(h)).toEqual(snap(1));
    expect(redoTarget(h)).toBeNull();
    h = areaHistoryReducer(h, { type: 'undo', current: snap(2) });
    expect(undoTarget(h)).toEqual(snap(null));
    expect(redoTarget(h)).toEqual(snap(2));
    h = areaHistoryReducer(h, { type: 'undo', current: snap(1) });
    expect(undoTarget(h)).toBeNull();
    expect(redoTarget(h)).toEqual(snap(1));
    h = areaHistoryReducer(h, { type: 'redo', current: snap(null) });
    expect(undoTarget(h)).toEqual(snap(null));
    expect(redoTarget(h)).toEqual(snap(2));
  });

  it('forgets the redo steps when the area changes after an undo', () => {
    let h = change(EMPTY_HISTORY, snap(null), snap(1));
    h = areaHistoryReducer(h, { type: 'undo', current: snap(1) });
    h = change(h, snap(null), snap(3));
    expect(redoTarget(h)).toBeNull();
    expect(h.past).toEqual([snap(null)]);
  });

  it('ignores a change that changes nothing, and undo or redo with nothing to do', () => {
    const h = change(EMPTY_HISTORY, snap(1), snap(1));
    expect(h).toBe(EMPTY_HISTORY);
    expect(areaHistoryReducer(h, { type: 'undo', current: snap(1) })).toBe(h);
    expect(areaHistoryReducer(h, { type: 'redo', current: snap(1) })).toBe(h);
  });

  it('counts a new path width or radius from a paste as part of the step', () => {
    const h = change(EMPTY_HISTORY, snap(1, 60), snap(1, 90));
    expect(undoTarget(h)).toEqual(snap(1, 60));
  });

  it('keeps at most HISTORY_LIMIT steps, dropping the oldest', () => {
    let h = EMPTY_HISTORY;
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h = change(h, snap(i), snap(i + 1));
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toEqual(snap(5));
  });
});
