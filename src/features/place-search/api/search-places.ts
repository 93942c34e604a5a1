/** GET /v1/places: airports and cities by identifier or name (docs/places.md). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '../../../../server/contract/places';
import { request, schemaFrom } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { placeSearchKeys } from '../place-search-keys';

export const PLACES_LIMIT = 8;
export const PLACES_DEBOUNCE_MS = 250;
/** One letter matches thousands of towns: wait for a second. */
export const PLACES_MIN_CHARS = 2;

export async function searchPlaces(q: string, limit: number, signal?: AbortSignal): Promise<Place[]> {
  const query = new URLSearchParams({ q, limit: String(limit) });
  const res = await request(`/v1/places?${query.toString()}`, schemaFrom(() => import('../../../../server/contract/places'), 'PlacesResponseSchema'), { signal });
  return res.places;
}

export const searchPlacesQueryOptions = (q: string, limit = PLACES_LIMIT) =>
  queryOptions({
    queryKey: placeSearchKeys.search(q, limit),
    queryFn: ({ signal }) => searchPlaces(q, limit, signal),
    enabled: q.length >= PLACES_MIN_CHARS,
    // Places change only with a new dataset.
    staleTime: 10 * 60_000,
  });

/** The places for what was typed, once typing pauses; idle below PLACES_MIN_CHARS. */
export function useSearchPlaces(text: string) {
  const settled = useDebouncedValue(text.trim().slice(0, 100), PLACES_DEBOUNCE_MS);
  const q = text.trim().length >= PLACES_MIN_CHARS ? settled : '';
  const query = useQuery({ ...searchPlacesQueryOptions(q), placeholderData: q.length >= PLACES_MIN_CHARS ? keepPreviousData : undefined });
  return { ...query, q, settling: q !== text.trim().slice(0, 100) };
}
