/**
 * The answer cache's key and range (answer-cache.ts): an answer is given again only for the same dataset
 * object, the same value of every input it depends on, and a start inside the range its window noted.
 * The DEM's ground is among them: a stale answer over ground since raised would leave out an MSL floor.
 */
import { describe, expect, it } from 'vitest';
import { fixtureDataset, NOW } from '../../domain/briefing/fixtures';
import { ObservedWindow } from '../../domain/briefing';
import { keepAnswer, keptAnswer, type AnswerKey } from './answer-cache';

const HOUR = 3_600_000;
const t = NOW.getTime();
const key: AnswerKey = { kind: 'location', geometry: '47.5,-122.3', includeGeometry: false, maxAltitudeFt: 200, ground: '{"maxFt":66,"source":"dem:a","complete":true}', windowMs: HOUR };

/** A window that noted it holds for starts in [t, t + 30 min). */
function noted(): ObservedWindow {
  const w = new ObservedWindow(new Date(t), new Date(t + HOUR));
  w.bound(t, t + HOUR / 2);
  return w;
}

describe('the briefing answer cache', () => {
  it('gives the kept bytes again for the same inputs and a start inside the range, and for nothing else', () => {
    const ds = fixtureDataset();
    keepAnswer(ds, key, noted(), '{"status":"NOTICE_STATUS_CAUTION"}');
    expect(keptAnswer(ds, key, t)?.toString()).toBe('{"status":"NOTICE_STATUS_CAUTION"}');
    expect(keptAnswer(ds, key, t + HOUR / 2 - 1)).toBeDefined();
    expect(keptAnswer(ds, key, t + HOUR / 2)).toBeUndefined();
    expect(keptAnswer(ds, key, t - 1)).toBeUndefined();
    const other: Array<Partial<AnswerKey>> = [
      { kind: 'area' },
      { geometry: '47.5,-122.30001' },
      { includeGeometry: true },
      { maxAltitudeFt: 201 },
      { maxAltitudeFt: undefined },
      { ground: '{"maxFt":985,"source":"dem:a","complete":true}' },
      { ground: 'none' },
      { windowMs: HOUR + 1 },
    ];
    for (const o of other) expect(keptAnswer(ds, { ...key, ...o }, t), JSON.stringify(o)).toBeUndefined();
    expect(keptAnswer(fixtureDataset(), key, t), 'another dataset object').toBeUndefined();
  });

  it('keeps no answer whose window was read, or whose range is empty', () => {
    const ds = fixtureDataset();
    const read = noted();
    void read.start;
    keepAnswer(ds, key, read, '{}');
    expect(keptAnswer(ds, key, t)).toBeUndefined();
    const empty = new ObservedWindow(new Date(t), new Date(t + HOUR));
    empty.bound(t, t);
    keepAnswer(ds, key, empty, '{}');
    expect(keptAnswer(ds, key, t)).toBeUndefined();
  });
});
