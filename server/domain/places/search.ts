/** Place search: airports of the dataset and cities, merged into one ranked list (docs/places.md). */
import type { Place } from '../../contract/places';
import type { Dataset } from '../../data/dataset';
import { matchAirports } from './airports';
import type { CityIndex } from './cities';
import { normalize } from './normalize';
import { compareCandidates } from './rank';

export function searchPlaces(ds: Dataset, cities: CityIndex, raw: string, limit: number): Place[] {
  const q = raw.trim();
  const candidates = [...matchAirports(ds, q), ...cities.match(normalize(q))];
  candidates.sort(compareCandidates);
  return candidates.slice(0, limit).map((c) => c.place);
}
