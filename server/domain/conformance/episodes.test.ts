/** Storage follows flight time: refused times, the track's capacity, episodes (issue 29). */
import { describe, expect, it } from 'vitest';
import type { ConformanceReason } from '../../contract/positions';
import {
  EPISODE_GAP_S,
  foldEpisodes,
  MAX_EPISODES_PER_OPERATION,
  MAX_STORED_POSITIONS,
  MIN_STORED_POSITIONS,
  outsideWindowS,
  positionCapacity,
  type Episode,
} from './episodes';

const T0 = Date.parse('2026-12-08T10:00:00Z');
const window = { startTime: new Date(T0), endTime: new Date(T0 + 3600_000) };
let n = 0;
const id = () => `e${++n}`;
const at = (s: number, ...reasons: ConformanceReason[]) => ({ timeMs: T0 + s * 1000, position: { s }, problems: reasons.map((reason) => ({ reason, detail: `${reason} at ${s}` })) });

describe('the window', () => {
  it('says how far outside the window a time is', () => {
    expect(outsideWindowS(window, T0 - 5000)).toBe(-5);
    expect(outsideWindowS(window, T0 + 1800_000)).toBe(0);
    expect(outsideWindowS(window, T0 + 3600_000 + 7000)).toBe(7);
  });

  it('keeps 10 positions a second of the window, between the bounds', () => {
    expect(positionCapacity(window)).toBe(36_000);
    expect(positionCapacity({ startTime: new Date(T0), endTime: new Date(T0 + 60_000) })).toBe(MIN_STORED_POSITIONS);
    expect(positionCapacity({ startTime: new Date(T0), endTime: new Date(T0 + 90 * 86_400_000) })).toBe(MAX_STORED_POSITIONS);
  });
});

describe('episodes', () => {
  it('a drone flapping in and out of the area is one episode counting every position out', () => {
    const batch = Array.from({ length: 1000 }, (_, i) => (i % 2 ? at(i / 10, 'OUTSIDE_AREA') : at(i / 10)));
    const r = foldEpisodes([], batch, 0, id);
    expect(r.created).toHaveLength(1);
    expect(r.created[0]).toMatchObject({ reason: 'OUTSIDE_AREA', positions: 500, startMs: T0 + 100, lastMs: T0 + 99_900 });
  });

  it('a new excursion after more than the gap is a new episode; each reason has its own', () => {
    const r = foldEpisodes([], [at(0, 'OUTSIDE_AREA'), at(1, 'OUTSIDE_AREA', 'ABOVE_ALTITUDE'), at(2), at(3 + EPISODE_GAP_S, 'OUTSIDE_AREA')], 0, id);
    expect(r.created.map((e) => [e.reason, e.positions, (e.startMs - T0) / 1000])).toEqual([
      ['OUTSIDE_AREA', 2, 0],
      ['ABOVE_ALTITUDE', 1, 1],
      ['OUTSIDE_AREA', 1, 3 + EPISODE_GAP_S],
    ]);
  });

  it('extends a stored episode, also backwards with a late position (its entry moves)', () => {
    const stored: Episode<{ s: number }> = { id: 'old', reason: 'OUTSIDE_AREA', startMs: T0 + 100_000, lastMs: T0 + 110_000, positions: 10, position: { s: 100 }, detail: 'x' };
    const r = foldEpisodes([stored], [at(90, 'OUTSIDE_AREA'), at(115, 'OUTSIDE_AREA')], 1, id);
    expect(r.created).toEqual([]);
    expect(r.extended).toEqual([stored]);
    expect(stored).toMatchObject({ startMs: T0 + 90_000, lastMs: T0 + 115_000, positions: 12, position: { s: 90 } });
  });

  it('never grows past its cap: new excursions extend the latest episode of their reason', () => {
    const latest: Episode<{ s: number }> = { id: 'latest', reason: 'OUTSIDE_AREA', startMs: T0, lastMs: T0 + 1000, positions: 1, position: { s: 0 }, detail: 'x' };
    const r = foldEpisodes([latest], [at(500, 'OUTSIDE_AREA'), at(1000, 'OUTSIDE_AREA')], MAX_EPISODES_PER_OPERATION, id);
    expect(r.created).toEqual([]);
    expect(latest).toMatchObject({ positions: 3, lastMs: T0 + 1000_000 });
  });
});
