import { describe, expect, it } from 'vitest';
import type { AirspaceFeature } from '../model';
import { generateTimeRelativePart } from './index';

const HOUR = 3_600_000;
const at = (t: string | undefined) => (t ? Date.parse(t) : NaN);

/** Every hour of a week, so each weekday and each time of day is checked. */
const NOWS = Array.from({ length: 7 * 24 }, (_, i) => new Date(Date.parse('2026-11-16T00:17:00Z') + i * HOUR));

function activeStadiums(features: AirspaceFeature[], now: number): AirspaceFeature[] {
  return features.filter((f) => f.layer === 'stadium'
    && f.events!.some((e) => at(e.startTime) - HOUR <= now && now <= at(e.endTime) + HOUR));
}

describe('time-relative sandbox layers', () => {
  it('always has a stadium event in progress', () => {
    for (const now of NOWS) {
      const { features } = generateTimeRelativePart(now);
      const inProgress = features.filter((f) => f.layer === 'stadium' && f.events!.some((e) => at(e.startTime) <= +now && +now < at(e.endTime)));
      expect(inProgress.length, now.toISOString()).toBeGreaterThanOrEqual(1);
      expect(activeStadiums(features, +now).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('always has active TFRs and scheduled later ones', () => {
    for (const now of NOWS) {
      const tfrs = generateTimeRelativePart(now).features.filter((f) => f.layer === 'tfr');
      const active = tfrs.filter((f) => at(f.schedule?.startTime) <= +now && +now < at(f.schedule?.endTime));
      const later = tfrs.filter((f) => at(f.schedule?.startTime) > +now);
      expect(active.map((f) => f.props?.reason)).toEqual(expect.arrayContaining(['VIP', 'FIRE', 'SECURITY']));
      expect(later.length, now.toISOString()).toBeGreaterThanOrEqual(2);
      for (const f of tfrs) {
        expect(f.lower).toBeDefined();
        expect(f.upper).toBeDefined();
        expect(f.schedule?.timezone).toMatch(/^(America|Pacific)\//);
      }
    }
  });

  it('has NOTAMs, some in effect now', () => {
    const now = NOWS[30]!;
    const notams = generateTimeRelativePart(now).features.filter((f) => f.layer === 'notam');
    expect(notams.length).toBeGreaterThanOrEqual(3);
    expect(notams.some((f) => at(f.schedule?.startTime) <= +now && +now < at(f.schedule?.endTime))).toBe(true);
  });

  it('marks every feature time-relative and is the same for the same UTC day', () => {
    const a = generateTimeRelativePart(new Date('2026-11-20T01:00:00Z'));
    const b = generateTimeRelativePart(new Date('2026-11-20T23:59:00Z'));
    expect(a.features.every((f) => f.props?.timeRelative === true)).toBe(true);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = generateTimeRelativePart(new Date('2026-11-21T00:00:00Z'));
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });
});
