/**
 * POST /v2/elevation with a LineString (endpoints.md): the ground profile along a path, equally spaced
 * samples from the first position to the last, with the source that answered.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ElevationV2Data, ElevationV2Request } from '../../../../server/contract/elevation';
import { request, schemaFrom } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { terrainKeys } from '../terrain-keys';

export type ElevationProfile = Extract<ElevationV2Data, { geometryType: 'Point' | 'LineString' }>;

export async function getElevationProfile(body: ElevationV2Request, signal?: AbortSignal): Promise<ElevationProfile> {
  const res = await request('/v2/elevation', schemaFrom(() => import('../../../../server/contract/elevation'), 'ElevationV2ResponseSchema'), { method: 'POST', body, signal });
  // A LineString is answered with a profile; a polygon's statistics here would be the service's mistake.
  if (res.data.geometryType === 'Polygon') throw new Error('The service answered a path with area statistics.');
  return res.data;
}

export const elevationProfileQueryOptions = (body: ElevationV2Request | null) =>
  queryOptions({
    queryKey: terrainKeys.profile(body),
    queryFn: ({ signal }) => getElevationProfile(body!, signal),
    enabled: body !== null,
    staleTime: 10 * 60_000,
  });

export const PROFILE_DEBOUNCE_MS = 400;

/** Debounced: a path edited corner by corner asks once it settles. */
export function useElevationProfile(body: ElevationV2Request | null) {
  const settled = useDebouncedValue(body, PROFILE_DEBOUNCE_MS);
  const effective = body === null ? null : settled;
  return useQuery({ ...elevationProfileQueryOptions(effective), placeholderData: effective === null ? undefined : keepPreviousData });
}
