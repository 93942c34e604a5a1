/**
 * The observed window (time.ts ObservedWindow; issue 13, the briefing answer cache): a briefing that did
 * not read its window holds, word for word, for every window of the same length whose start lies in the
 * range it noted. Checked against the engine itself: random features, places and starts, many of them on
 * or next to the instants at which something takes or leaves effect.
 */
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature, TimeOfUse } from '../../data/model';
import { Dataset } from '../../data/dataset';
import { datasetFile } from './fixtures/build';
import { fixtureDataset, fixtureFile, NOW } from './fixtures';
import { briefArea, briefingText, briefLocation } from '.';
import { activityState, ObservedWindow, OBSERVED_HORIZON_MS, startsAtOrAfter } from './time';
import { prng } from '../../data/generate/prng';

const MIN = 60_000, HOUR = 60 * MIN, DAY = 24 * HOUR;

/** A seeded generator, so that a failure names its case and repeats. */
const rng = (seed: number) => prng(`observed-window ${seed}`);

const ZONES = ['America/Los_Angeles', 'America/New_York', 'UTC', 'Pacific/Honolulu', 'Australia/Lord_Howe'];
const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Around a clock change (2026-03-08 in the US) and an ordinary week. */
const EPOCHS = [Date.UTC(2026, 2, 8, 9, 30), Date.UTC(2026, 10, 1, 8, 45), Date.UTC(2025, 6, 4, 18)];

function randomFeature(r: () => number, t0: number): AirspaceFeature {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const near = () => t0 + Math.round((r() - 0.5) * 3 * DAY / MIN) * MIN + (r() < 0.2 ? Math.floor(r() * 1000) : 0);
  const base = { id: `f${Math.floor(r() * 1e9)}`, sourceId: 's', geometry: { type: 'Point' as const, coordinates: [-122, 47] } };
  const kind = Math.floor(r() * 4);
  const events = () =>
    Array.from({ length: 1 + Math.floor(r() * 3) }, () => {
      const s = near();
      return { name: 'match', type: 'MLS', startTime: new Date(s).toISOString(), endTime: new Date(s + (30 + Math.floor(r() * 240)) * MIN).toISOString() };
    });
  if (kind === 0) return { ...base, layer: 'stadium', name: 'Stadium', events: events() };
  const validity = r() < 0.5 ? { startTime: new Date(near()).toISOString(), ...(r() < 0.6 ? { endTime: new Date(near() + DAY).toISOString() } : {}) } : {};
  // A TFR may list events too (a notice lists them until an hour after each ends), with or without a schedule.
  if (kind === 1) return { ...base, layer: 'tfr', name: 'TFR', ...(r() < 0.5 ? { schedule: { ...validity, timezone: 'UTC' } } : {}), ...(r() < 0.5 ? { events: events() } : {}) };
  const tous: TimeOfUse[] = Array.from({ length: 1 + Math.floor(r() * 2) }, () => ({
    dailyStart: hhmm(Math.floor(r() * 48) * 30),
    dailyEnd: hhmm(Math.floor(r() * 48) * 30),
    ...(r() < 0.5 ? { daysActive: DAYS.filter(() => r() < 0.5) as TimeOfUse['daysActive'] } : {}),
    ...(r() < 0.2 ? { timezone: pick(ZONES) } : {}),
  }));
  return { ...base, layer: kind === 2 ? 'sua' : 'nsufr', subtype: 'RESTRICTED', name: 'R', schedule: { ...validity, timezone: pick(ZONES), timesOfUse: tous } };
}

/** Starts to try again within the noted range: its ends, the first start, and random ones. */
function startsWithin(w: ObservedWindow, s1: number, r: () => number): number[] {
  const lo = Math.max(w.startFrom, s1 - OBSERVED_HORIZON_MS), hi = w.startBefore;
  const out = [s1, hi - 1, lo];
  for (let i = 0; i < 4; i++) out.push(lo + Math.floor(r() * (hi - lo)));
  return out.filter((s) => s >= w.startFrom && s < w.startBefore);
}

const LENGTHS = [0, 1, 30 * MIN, HOUR, 7 * HOUR, 30 * HOUR];

describe('ObservedWindow', () => {
  it('a read of start or end marks it, and a marked window holds for no other start', () => {
    const w = new ObservedWindow(new Date(NOW), new Date(NOW.getTime() + HOUR));
    expect(w.holdsFor(NOW.getTime())).toBe(true);
    void w.end;
    expect(w.read).toBe(true);
    expect(w.holdsFor(NOW.getTime())).toBe(false);
  });

  it('an FAA cycle end bounds the start on the side it fell', () => {
    const t = NOW.getTime();
    const before = new ObservedWindow(new Date(t), new Date(t + HOUR));
    expect(startsAtOrAfter(before, t + 10 * MIN)).toBe(false);
    expect([before.read, before.holdsFor(t + 10 * MIN - 1), before.holdsFor(t + 10 * MIN)]).toEqual([false, true, false]);
    const after = new ObservedWindow(new Date(t), new Date(t + HOUR));
    expect(startsAtOrAfter(after, t)).toBe(true);
    expect([after.holdsFor(t), after.holdsFor(t - 1), after.holdsFor(t + DAY)]).toEqual([true, false, true]);
  });

  it('activityState holds over the noted range for 3,000 random schedules, events and windows', () => {
    const r = rng(13);
    let kept = 0, tried = 0;
    for (let i = 0; i < 3000; i++) {
      const t0 = EPOCHS[i % EPOCHS.length]!;
      const f = randomFeature(r, t0);
      const length = LENGTHS[Math.floor(r() * LENGTHS.length)]!;
      // A third of the starts sit on an instant of the feature's own (an event's margin, a validity edge).
      const edges = [...(f.events ?? []).flatMap((e) => [Date.parse(e.startTime) - HOUR, Date.parse(e.endTime) + HOUR]), ...(f.schedule?.startTime ? [Date.parse(f.schedule.startTime)] : [])];
      const s1 = edges.length && r() < 0.33 ? edges[Math.floor(r() * edges.length)]! - (r() < 0.5 ? length : 0) : t0 + Math.round((r() - 0.5) * 2 * DAY);
      const w = new ObservedWindow(new Date(s1), new Date(s1 + length));
      const state = activityState(f, w);
      expect(w.read, `case ${i}`).toBe(false);
      expect(w.startBefore, `case ${i}`).toBeGreaterThan(s1);
      if (w.startBefore > s1 + 1) kept++;
      for (const s2 of startsWithin(w, s1, r)) {
        tried++;
        expect(activityState(f, { start: new Date(s2), end: new Date(s2 + length) }), `case ${i}, start ${new Date(s2).toISOString()}`).toBe(state);
      }
    }
    // Not vacuous: most windows hold for more than their own start.
    expect(kept).toBeGreaterThan(2000);
    expect(tried).toBeGreaterThan(15000);
  });

  it('a window longer than two days is read outright (times of use are scanned a bounded number of days)', () => {
    const f = randomFeature(rng(1), NOW.getTime());
    const w = new ObservedWindow(new Date(NOW), new Date(NOW.getTime() + 3 * DAY));
    activityState({ ...f, layer: 'stadium', events: [] }, w);
    expect(w.read).toBe(true);
  });
});

describe('a briefing on an observed window', () => {
  // The fixture (stadium events on 4 July 2025, part-time Class D, a crane NOTAM) plus random scheduled features around Seattle.
  const r = rng(29);
  const extra = Array.from({ length: 60 }, (_, i) => {
    const f = randomFeature(r, NOW.getTime());
    const lat = 47.45 + r() * 0.25, lon = -122.45 + r() * 0.3;
    return { ...f, id: `${f.id}-${i}`, geometry: f.layer === 'stadium' ? { type: 'Point' as const, coordinates: [lon, lat] } : { type: 'Polygon' as const, coordinates: [[[lon, lat], [lon + 0.02, lat], [lon + 0.02, lat + 0.02], [lon, lat + 0.02], [lon, lat]]] } };
  });
  const fixture = fixtureFile();
  const ds = new Dataset(datasetFile([...fixture.features, ...extra]));

  it('gives the same text for every start in the range it noted, at 400 random places and times', () => {
    let held = 0;
    for (let i = 0; i < 400; i++) {
      const lat = 47.45 + r() * 0.25, lon = -122.45 + r() * 0.3;
      const length = LENGTHS[Math.floor(r() * (LENGTHS.length - 1))]!;
      const s1 = NOW.getTime() + Math.round((r() - 0.4) * 2 * DAY / MIN) * MIN;
      const area = r() < 0.3;
      const geometry = { type: 'Polygon' as const, coordinates: [[[lon, lat], [lon + 0.01, lat], [lon + 0.01, lat + 0.01], [lon, lat + 0.01], [lon, lat]]] };
      const brief = (window: { start: Date; end: Date }) =>
        briefingText(area ? briefArea(ds, geometry, { window, maxAltitudeFt: 200 }) : briefLocation(ds, lat, lon, { window, includeGeometry: false }));
      const w = new ObservedWindow(new Date(s1), new Date(s1 + length));
      const text = brief(w);
      expect(w.read, `case ${i}`).toBe(false);
      if (w.startBefore > s1 + 1) held++;
      for (const s2 of startsWithin(w, s1, r)) {
        expect(brief({ start: new Date(s2), end: new Date(s2 + length) }), `case ${i}: ${lat},${lon} from ${new Date(s1).toISOString()} to ${new Date(s2).toISOString()}`).toBe(text);
      }
    }
    expect(held).toBeGreaterThan(300);
  });

  it('stops holding where the window would meet a match at Lumen Field', () => {
    // Sounders vs Galaxy 20:00-22:00 UTC: the restriction runs from 19:00. A one-hour window from 17:30 ends before it.
    const s1 = Date.parse('2025-07-04T17:30:00Z');
    const w = new ObservedWindow(new Date(s1), new Date(s1 + HOUR));
    const plain = fixtureDataset();
    const before = briefingText(briefLocation(plain, 47.5952, -122.3316, { window: w, includeGeometry: false }));
    expect(w.startBefore).toBe(Date.parse('2025-07-04T18:00:00Z'));
    // At 18:00 the window ends as the restriction begins (an interval's end is exclusive); a millisecond later it meets it.
    const at = (s: number) => briefingText(briefLocation(plain, 47.5952, -122.3316, { start: new Date(s), end: new Date(s + HOUR), includeGeometry: false }));
    expect(at(w.startBefore)).toBe(before);
    const after = at(w.startBefore + 1);
    expect(JSON.parse(after).status).toBe('NOTICE_STATUS_WARNING');
  });
});
