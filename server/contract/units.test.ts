/**
 * The rules of contract/units.ts, which the service (LAANC, the importers) and the portal (briefing and
 * route requests, the LAANC and notice displays) share: one test of them, here.
 */
import { describe, expect, it } from 'vitest';
import { feetDown, feetUp, flightFeet, fromMeters, lengthUnitOf, METERS_PER_FOOT, toFeet, toMeters } from './units';

describe('metres and feet', () => {
  it('converts with the international foot, exactly both ways', () => {
    expect(METERS_PER_FOOT).toBe(0.3048);
    expect(toMeters(400, 'ft')).toBeCloseTo(121.92, 12);
    expect(toFeet(121.92, 'm')).toBeCloseTo(400, 9);
    expect(fromMeters(30.48, 'ft')).toBeCloseTo(100, 9);
    expect([toMeters(7, 'm'), fromMeters(7, 'm'), toFeet(7, 'ft')]).toEqual([7, 7, 7]);
  });

  it('rounds a flight up and a limit down, and keeps exact conversions exact', () => {
    // 30.5 m is 100.07 ft: a flight there reaches above a 100 ft ceiling; a ceiling there allows 100 ft.
    expect([feetUp(30.5, 'm'), feetDown(30.5, 'm')]).toEqual([101, 100]);
    expect([feetUp(30.6, 'm'), feetDown(30.6, 'm')]).toEqual([101, 100]);
    expect([feetUp(121.95, 'm'), feetDown(121.95, 'm')]).toEqual([401, 400]);
    expect(feetUp(0, 'm') === 0 && feetDown(0, 'm') === 0).toBe(true);
    for (const ft of [1, 5, 100, 200, 400, 1200, 17_999]) {
      expect([feetUp(ft * METERS_PER_FOOT, 'm'), feetDown(ft * METERS_PER_FOOT, 'm')]).toEqual([ft, ft]);
      expect([feetUp(ft, 'ft'), feetDown(ft, 'ft')]).toEqual([ft, ft]);
    }
    expect([feetUp(100.5, 'ft'), feetDown(100.5, 'ft')]).toEqual([101, 100]);
    expect([feetUp(-3.1, 'm'), feetDown(-3.1, 'm')]).toEqual([-10, -11]);
  });

  it('is never on the permissive side of the exact value, to the tolerance', () => {
    const wrong: number[] = [];
    for (let cm = 0; cm <= 20_000; cm++) {
      const exact = cm / 100 / METERS_PER_FOOT;
      const up = feetUp(cm / 100, 'm'), down = feetDown(cm / 100, 'm');
      if (up < exact - 1e-6 || down > exact + 1e-6 || up - down > 1 || !Number.isInteger(up) || !Number.isInteger(down)) wrong.push(cm);
    }
    expect(wrong).toEqual([]);
  });

  it('reads the contract’s altitude unit: only metres are metres', () => {
    expect(lengthUnitOf('ALTITUDE_UNIT_METERS')).toBe('m');
    for (const u of ['ALTITUDE_UNIT_FEET', 'ALTITUDE_UNIT_UNSPECIFIED', 'UNITS_UNSPECIFIED', undefined]) expect(lengthUnitOf(u)).toBe('ft');
    expect(flightFeet(30.5, 'ALTITUDE_UNIT_METERS')).toBe(101);
    expect(flightFeet(121.92, 'ALTITUDE_UNIT_METERS')).toBe(400);
    expect(flightFeet(100.5, 'ALTITUDE_UNIT_FEET')).toBe(100.5);
  });

  it('gives what the portal’s and the service’s two copies gave, at every centimetre to 10 km', () => {
    // The copies before they were one (git 2260cf2): src/geo/units.ts feetUp (tolerance 1e-9) and
    // server/domain/laanc/candidates.ts requestedFeet (1e-6), and the facility-map ceiling's floor (+1e-6).
    const portalUp = (m: number) => Math.ceil(m / 0.3048 - 1e-9);
    const laancUp = (m: number) => Math.ceil(m / 0.3048 - 1e-6);
    const ceilingDown = (m: number) => Math.floor(m / 0.3048 + 1e-6);
    for (let cm = 0; cm <= 1_000_000; cm++) {
      const m = cm / 100;
      const up = feetUp(m, 'm');
      if (up !== portalUp(m) || up !== laancUp(m) || feetDown(m, 'm') !== ceilingDown(m)) expect({ m, up, down: feetDown(m, 'm') }).toEqual({ m, up: laancUp(m), down: ceilingDown(m) });
    }
  });
});
