import type { PlacesQuery, PlacesResponse } from '../../contract/places';
import type { AppDeps } from '../../deps';
import { cityIndex } from '../../domain/places/cities';
import { searchPlaces } from '../../domain/places/search';

export function searchPlacesHandler(deps: AppDeps, query: PlacesQuery): PlacesResponse {
  return { places: searchPlaces(deps.datasets.current(), cityIndex(), query.q, query.limit) };
}
