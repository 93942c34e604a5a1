/** A batch's conformance checks run in turns that let the event loop through (issue 29). */
import { describe, expect, it } from 'vitest';
import { CONFORMANCE_TURN, inTurns } from './service';

describe('inTurns', () => {
  it('yields between turns of 100, keeping the order of the results', async () => {
    let yields = 0;
    const seen: number[] = [];
    const out = await inTurns(
      Array.from({ length: 1000 }, (_, i) => i),
      (i) => {
        seen.push(yields);
        return i * 2;
      },
      CONFORMANCE_TURN,
      async () => {
        yields++;
      },
    );
    expect(CONFORMANCE_TURN).toBe(100);
    expect(yields).toBe(9);
    expect(out).toEqual(Array.from({ length: 1000 }, (_, i) => i * 2));
    // The 101st check runs after the first yield, the 901st after the ninth.
    expect([seen[99], seen[100], seen[900]]).toEqual([0, 1, 9]);
  });

  it('lets a timer due meanwhile run before the batch ends (the event loop is let through)', async () => {
    let timerRanAt = -1;
    let done = 0;
    setImmediate(() => (timerRanAt = done));
    await inTurns(Array.from({ length: 300 }, (_, i) => i), () => done++);
    expect(timerRanAt).toBeGreaterThan(0);
    expect(timerRanAt).toBeLessThan(300);
  });
});
