import { describe, expect, it } from 'vitest';
import { closeRing, isRingClosed } from './ring';

describe('rings', () => {
  const open: [number, number][] = [[0, 0], [1, 0], [1, 1]];

  it('tells an open ring from a closed one', () => {
    expect(isRingClosed(open)).toBe(false);
    expect(isRingClosed([...open, [0, 0]])).toBe(true);
  });

  it('closes an open ring and leaves a closed one alone', () => {
    expect(closeRing(open)).toEqual([[0, 0], [1, 0], [1, 1], [0, 0]]);
    const closed = closeRing(open);
    expect(closeRing(closed)).toBe(closed);
  });
});
