import { describe, expect, it } from 'vitest';
import type { GroundTypeFeature } from '../../../server/contract/surface';
import { densitySummary, percentText } from './density-shares';

const cell = (density: GroundTypeFeature['properties']['density'], popPerSqKm: number): GroundTypeFeature => ({
  type: 'Feature',
  id: `c${Math.random()}`,
  geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] },
  properties: { density, popPerSqKm },
});

describe('densitySummary', () => {
  it('gives the share of cells in every class, in the contract’s order', () => {
    const s = densitySummary([cell('Suburban', 900), cell('Suburban', 1200), cell('Rural', 40), cell('Urban', 4000)]);
    expect(s.cells).toBe(4);
    expect(s.shares.map((x) => [x.density, x.share])).toEqual([
      ['None', 0],
      ['Sparsely Populated', 0],
      ['Rural', 0.25],
      ['Suburban', 0.5],
      ['Urban', 0.25],
      ['Dense Urban', 0],
    ]);
    expect(s.dominant).toBe('Suburban');
    expect(s.maxPopPerSqKm).toBe(4000);
  });

  it('takes the denser class on a tie, and has nothing to say about no cells', () => {
    expect(densitySummary([cell('Rural', 1), cell('Urban', 2)]).dominant).toBe('Urban');
    expect(densitySummary([])).toMatchObject({ cells: 0, dominant: null, maxPopPerSqKm: 0 });
  });
});

describe('percentText', () => {
  it('never rounds a present class to zero, and claims no more precision than the model has', () => {
    expect(percentText(0)).toBe('0 %');
    expect(percentText(0.004)).toBe('under 10 %');
    expect(percentText(0.256)).toBe('about 30 %');
    expect(percentText(0.97)).toBe('over 90 %');
    expect(percentText(1)).toBe('all');
  });
});
