import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { InvalidSurfaceValueError } from './errors';
import { surfaceDataset } from './fixtures';
import { groundScore, scoreCells, suitabilityClass } from './suitability';
import { uavProfile } from './uav-profile';

const ds = new Dataset(surfaceDataset());
const cell = (lat: number, lon: number, popPerSqKm = 0, res = 9) => ({ cell: latLngToCell(lat, lon, res), popPerSqKm, density: 'None' as const });
const small = uavProfile({});

describe('suitability scoring', () => {
  it('loses 20 points per tenfold density, more for heavier, faster or unseen UAs', () => {
    expect(groundScore(0, small)).toBe(100);
    expect(groundScore(9, small)).toBeCloseTo(80);
    expect(groundScore(99_999, small)).toBeCloseTo(0);
    expect(groundScore(1_000, uavProfile({ uavWeight: '30kg' }))).toBeLessThan(groundScore(1_000, small));
    expect(groundScore(1_000, uavProfile({ losType: 'BVLOS' }))).toBeLessThan(groundScore(1_000, small));
    expect(groundScore(1_000, uavProfile({ uavWeight: '249g' }))).toBeGreaterThan(groundScore(1_000, small));
  });

  it('takes points off near an airport, fading over 3 NM, and names it as infrastructure', () => {
    const [at, mid, far] = scoreCells(ds, [cell(47.53, -122.302), cell(47.555, -122.302), cell(47.7, -122.6)], { profile: small, maxAltitudeFt: 400 });
    expect(at!.infrastructureTypes).toContain('airports');
    expect(at!.score).toBeLessThan(mid!.score);
    expect(far).toEqual({ score: 100, infrastructureTypes: [], suitableFeatures: [], hasFeatures: false });
  });

  it('weighs features as asked: 0 ignores one, a negative weight counts it in favour', () => {
    const park = cell(47.6001, -122.3327, 1_000, 11); // a cell well inside the park
    const [dflt] = scoreCells(ds, [park], { profile: small, maxAltitudeFt: 400 });
    const [ignored] = scoreCells(ds, [park], { profile: small, maxAltitudeFt: 400, weights: { national_parks: { weight: 0 }, stadiums: { weight: 0 }, heliports: { weight: 0 }, mtr: { weight: 0 } } });
    const [liked] = scoreCells(ds, [park], { profile: small, maxAltitudeFt: 400, weights: { national_parks: { weight: -1 } } });
    expect(dflt!.score).toBe(0);
    expect(ignored!.score).toBe(Math.round(groundScore(1_000, small)));
    expect(liked!.suitableFeatures).toEqual(['national_parks']);
    expect(liked!.score).toBeGreaterThan(dflt!.score);
  });

  it('weighs the population model as the feature population: 1 by default, 0 ignores the density, between scales it', () => {
    const dense = cell(47.7, -122.6, 1_000); // far from every dataset feature
    const loss = 100 - groundScore(1_000, small);
    const [dflt] = scoreCells(ds, [dense], { profile: small, maxAltitudeFt: 400 });
    const [none] = scoreCells(ds, [dense], { profile: small, maxAltitudeFt: 400, weights: { population: { weight: 0 } } });
    const [half] = scoreCells(ds, [dense], { profile: small, maxAltitudeFt: 400, weights: { population: { weight: 0.5 } } });
    const [negative] = scoreCells(ds, [dense], { profile: small, maxAltitudeFt: 400, weights: { population: { weight: -1 } } });
    expect(dflt!.score).toBe(Math.round(100 - loss));
    expect(none!.score).toBe(100);
    expect(half!.score).toBe(Math.round(100 - loss / 2));
    // Crowds never count in favour: a negative weight (refused by the contract) counts as 0.
    expect(negative!.score).toBe(100);
    expect(dflt!.hasFeatures).toBe(false);
  });

  it('halves the controlled-airspace penalty where the facility map allows the altitude', () => {
    const inHigh = cell(47.5416, -122.2916); // the 400 ft facility-map cell
    const [low] = scoreCells(ds, [inHigh], { profile: small, maxAltitudeFt: 400, weights: { airports: { weight: 0 } } });
    const inLow = cell(47.5416, -122.3083); // the 100 ft cell
    const [high] = scoreCells(ds, [inLow], { profile: small, maxAltitudeFt: 400, weights: { airports: { weight: 0 } } });
    expect(low!.score).toBe(75);
    expect(high!.score).toBe(50);
  });

  it('classes scores', () => {
    expect([85, 55, 10].map(suitabilityClass)).toEqual(['SUITABLE', 'CAUTION', 'UNSUITABLE']);
  });
});

describe('uavProfile', () => {
  it('reads masses in kg, g and lb, and the categories', () => {
    expect(uavProfile({ uavWeight: '0.9' }).massKg).toBe(0.9);
    expect(uavProfile({ uavWeight: '249g' }).weightClass).toBe('micro');
    expect(uavProfile({ uavWeight: '60 lbs' }).weightClass).toBe('large');
    expect(uavProfile({ uavWeight: 'small', uavType: 'Fixed-Wing', losType: 'bvlos' })).toMatchObject({ type: 'fixed_wing', los: 'BVLOS' });
  });

  it('refuses what it cannot read', () => {
    expect(() => uavProfile({ uavWeight: 'heavy-ish' })).toThrow(InvalidSurfaceValueError);
    expect(() => uavProfile({ uavType: 'balloon' })).toThrow(/uavType/);
    expect(() => uavProfile({ losType: 'FPV' })).toThrow(/losType/);
  });
});
