import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CityIndex, type CityRecord } from './cities';
import { compareRanked, selectBest, TIER, type Ranked } from './rank';

const ranked = fc.record<Ranked>({
  tier: fc.constantFrom(TIER.ident, TIER.name, TIER.prefix, TIER.word),
  weight: fc.constantFrom(1_000, 5_000, 55_000, 200_000),
  country: fc.constantFrom('US', 'PR', 'FR', 'CA'),
  name: fc.constantFrom('Aberdeen', 'Albany', 'Äbo', 'albany', 'Zurich'),
});

describe('selectBest', () => {
  it('gives what a stable sort and slice give, ties in input order', () => {
    fc.assert(
      fc.property(fc.array(ranked, { maxLength: 200 }), fc.integer({ min: 0, max: 30 }), (items, limit) => {
        const tagged = items.map((r, i) => ({ ...r, i }));
        const got = selectBest(tagged, limit, compareRanked).map((r) => r.i);
        const want = [...tagged].sort(compareRanked).slice(0, limit).map((r) => r.i);
        expect(got).toEqual(want);
      }),
    );
  });

  it('compares each item about once when few are kept (a full sort of 20,000 costs ~280,000 comparisons)', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ tier: TIER.prefix, weight: (i * 7919) % 100_000, country: 'US', name: `A${i}` }) as Ranked);
    let calls = 0;
    const best = selectBest(items, 20, (a, b) => (calls++, compareRanked(a, b)));
    expect(best).toHaveLength(20);
    expect(calls).toBeLessThan(3 * items.length);
  });
});

describe('CityIndex.match', () => {
  it('makes only the best `limit` cities into places, the same as ranking them all', () => {
    const cities: CityRecord[] = Array.from({ length: 5_000 }, (_, i) => ({ name: `Alpha ${i}`, country: i % 3 ? 'US' : 'FR', adminCode: 'WA', population: 1_000 + ((i * 31) % 977), loc: { coordinates: [0, 0] } }));
    const index = new CityIndex(cities);
    const top = index.match('alpha', 8);
    expect(top).toHaveLength(8);
    const all = cities.map((c) => ({ tier: TIER.prefix, weight: c.population, country: c.country, name: c.name })).sort(compareRanked);
    expect(top.map((c) => c.place.name)).toEqual(all.slice(0, 8).map((c) => c.name));
  });
});
