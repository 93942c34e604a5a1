import { describe, expect, it } from 'vitest';
import type { Place } from '../../../server/contract/places';
import { placeDetail, zoomFor } from './place-label';

const at = { country: 'US', lon: 0, lat: 0 };

describe('placeDetail and zoomFor', () => {
  it('describes each kind and picks its zoom', () => {
    const heli: Place = { name: 'H', kind: 'heliport', ident: '8WA4', region: 'WA', ...at };
    const paris: Place = { name: 'Paris', kind: 'city', country: 'FR', lon: 2.3, lat: 48.9 };
    expect(placeDetail(heli)).toBe('Heliport · 8WA4 · WA');
    expect(placeDetail({ name: 'S', kind: 'airport', ident: 'SEA', icao: 'KSEA', ...at })).toBe('Airport · SEA / KSEA · US');
    expect(placeDetail(paris)).toBe('City · FR');
    expect(zoomFor(heli)).toBe(12);
    expect(zoomFor(paris)).toBe(11);
  });
});
