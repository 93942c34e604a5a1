/**
 * POST /v2/briefing/preflight/location (spec 4.2): what is at one point of the map, for the plan's
 * window and altitude. Notices containing the point have distance 0; nearby ones carry their distance.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BriefingResult, LocationBriefingV2Request } from '../../../../server/contract/briefing';
import { request, schemaFrom } from '../../../lib/api-client';
import { briefingKeys } from '../briefing-keys';

export function getLocationBriefing(input: LocationBriefingV2Request, signal?: AbortSignal): Promise<BriefingResult> {
  return request('/v2/briefing/preflight/location', schemaFrom(() => import('../../../../server/contract/briefing'), 'BriefingResultSchema'), { method: 'POST', body: input, signal });
}

export const locationBriefingQueryOptions = (input: LocationBriefingV2Request | null) =>
  queryOptions({
    queryKey: briefingKeys.location(input),
    queryFn: ({ signal }) => getLocationBriefing(input!, signal),
    enabled: input !== null,
    staleTime: 60_000,
  });

export function useLocationBriefing(input: LocationBriefingV2Request | null) {
  return useQuery(locationBriefingQueryOptions(input));
}
