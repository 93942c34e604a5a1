/**
 * An operation's limits are written once (operation-limits.ts): the service's checks and the portal's
 * refuse at the same figures. A portal that allowed what the service refuses (or the other way) would
 * show a plan as fine that cannot be saved.
 */
import { describe, expect, it } from 'vitest';
import { checkLimits } from '../../src/geo/check-limits';
import { altitudeLimits } from '../../src/features/plan/components/flight-form';
import { checkPolygonLimits } from '../domain/operations/limits';
import { ALTITUDE_FT, DURATION_MINUTES, MAX_AREA_SQ_MI, MAX_SIDE_NM } from './operation-limits';
import { LegacyOperationPropertiesSchema } from './operations';
import { feetUp } from './units';

type Square = { type: 'Polygon'; coordinates: [number, number][][] };
const square = (deg: number, lat = 0): Square => ({ type: 'Polygon', coordinates: [[[0, lat], [deg, lat], [deg, lat + deg], [0, lat + deg], [0, lat]]] });
const legacy = (over: Record<string, unknown>) =>
  LegacyOperationPropertiesSchema.safeParse({ operationName: 'x', category: 'faa_107', startTime: '2030-01-01T10:00:00Z', timezoneName: 'UTC', duration: 60, maxAltitude: 200, ...over }).success;

describe('the limits of an operation, on both sides', () => {
  it('are the spec’s figures', () => {
    expect([MAX_AREA_SQ_MI, MAX_SIDE_NM, ALTITUDE_FT, DURATION_MINUTES]).toEqual([10, 10, { min: 5, max: 400 }, { min: 1, max: 720 }]);
  });

  it('refuse the same areas in the portal and the service', () => {
    // A square at the equator: 0.0455° a side is about 9.9 sq mi, 0.046° about 10.1 (sides 2.7 NM).
    for (const [deg, over] of [[0.0455, false], [0.046, true]] as const) {
      const p = square(deg);
      expect(checkLimits(p).violations.some((v) => v.code === 'area'), `portal, ${deg}°`).toBe(over);
      expect(checkPolygonLimits(p).some((v) => v.rule === 'max_area'), `service, ${deg}°`).toBe(over);
    }
    // A thin strip 10.1 NM long breaks the side limit only.
    const strip: Square = { type: 'Polygon', coordinates: [[[0, 0], [10.1 / 60, 0], [10.1 / 60, 0.001], [0, 0.001], [0, 0]]] };
    expect(checkLimits(strip).violations.map((v) => v.code)).toEqual(['side']);
    expect(checkPolygonLimits(strip).map((v) => v.rule)).toEqual(['max_side']);
  });

  it('take the same altitudes and durations in the portal’s form and the service’s legacy schema', () => {
    expect(altitudeLimits('ft')).toEqual(ALTITUDE_FT);
    // In metres the form's bounds lie inside the feet ones, as the service reads them (rounded up).
    const m = altitudeLimits('m');
    expect(feetUp(m.min, 'm')).toBeGreaterThanOrEqual(ALTITUDE_FT.min);
    expect(feetUp(m.max, 'm')).toBe(ALTITUDE_FT.max);
    expect([legacy({ maxAltitude: ALTITUDE_FT.min }), legacy({ maxAltitude: ALTITUDE_FT.max })]).toEqual([true, true]);
    expect([legacy({ maxAltitude: ALTITUDE_FT.min - 1 }), legacy({ maxAltitude: ALTITUDE_FT.max + 1 })]).toEqual([false, false]);
    expect([legacy({ duration: DURATION_MINUTES.min }), legacy({ duration: DURATION_MINUTES.max })]).toEqual([true, true]);
    expect([legacy({ duration: DURATION_MINUTES.min - 1 }), legacy({ duration: DURATION_MINUTES.max + 1 })]).toEqual([false, false]);
  });
});
