import { describe, expect, it } from 'vitest';
import { densityClass } from './density';
import { intrinsicGrc, populationBand, sail } from './sora';

describe('SORA 2.5 intrinsic ground risk', () => {
  it('reads the table by band and UA column', () => {
    expect(intrinsicGrc(1)).toBe(2); // remote, 1 m / 25 m/s
    expect(intrinsicGrc(100, { maxDimensionM: 3, maxSpeedMps: 30 })).toBe(5); // sparsely populated, 3 m column
    expect(intrinsicGrc(20_000, { maxDimensionM: 8, maxSpeedMps: 75 })).toBe(8);
    expect(intrinsicGrc(60_000, { maxDimensionM: 8, maxSpeedMps: 75 })).toBeNull(); // not part of SORA
    expect(intrinsicGrc(10, { maxDimensionM: 50, maxSpeedMps: 10 })).toBeNull(); // beyond the largest column
  });

  it('takes the left-most column where both size and speed fit', () => {
    expect(intrinsicGrc(100, { maxDimensionM: 0.5, maxSpeedMps: 60 })).toBe(6);
  });

  it('gives a 250 g UA at 25 m/s iGRC 1 except over assemblies of people', () => {
    expect(intrinsicGrc(20_000, { takeoffMassKg: 0.249, maxSpeedMps: 20 })).toBe(1);
    expect(intrinsicGrc(80_000, { takeoffMassKg: 0.249, maxSpeedMps: 20 })).toBe(7);
  });

  it('bands on the SORA bounds', () => {
    expect(populationBand(4.99)).toBe('remote');
    expect(populationBand(5)).toBe('lightly_populated');
    expect(populationBand(499)).toBe('sparsely_populated');
    expect(populationBand(5_000)).toBe('high_density_metropolitan');
  });

  it('puts the density classes\' bounds at 5, 500 and 5,000 people/km² on SORA band bounds', () => {
    for (const bound of [5, 500, 5_000]) {
      expect(densityClass(bound * 0.999)).not.toBe(densityClass(bound));
      expect(populationBand(bound * 0.999)).not.toBe(populationBand(bound));
    }
  });
});

describe('SAIL', () => {
  it('follows the SORA 2.5 table', () => {
    expect(sail(2, 'ARC-a')).toBe('I');
    expect(sail(1, 'ARC-b')).toBe('II');
    expect(sail(4, 'ARC-b')).toBe('III');
    expect(sail(5, 'ARC-c')).toBe('IV');
    expect(sail(6, 'ARC-b')).toBe('V');
    expect(sail(3, 'ARC-d')).toBe('VI');
    expect(sail(8, 'ARC-a')).toBeNull();
  });
});
