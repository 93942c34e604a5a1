/** Place search: airports of the dataset and cities, merged into one ranked list (docs/places.md). */
import type { Place } from '../../contract/places';
import type { Dataset } from '../../data/dataset';
import { matchAirports } from './airports';
import type { CityIndex } from './cities';
import { normalize } from './normalize';
import { compareCandidates, selectBest } from './rank';

export function searchPlaces(ds: Dataset, cities: CityIndex, raw: string, limit: number): Place[] {
  const q = raw.trim();
  // Airports first, as before: on a full tie the earlier candidate stays ahead (a stable sort's order).
  const candidates = [...matchAirports(ds, q), ...cities.match(normalize(q), limit)];
  return selectBest(candidates, limit, compareCandidates).map((c) => c.place);
}
