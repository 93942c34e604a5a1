/**
 * POST /v1/advisories/geojson (endpoints.md, the replacement of spec 4.5): the advisories over an
 * area for a source and a time window, in the legacy envelope around a FeatureCollection.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdvisoryFeature, AdvisoryGeoJsonRequest } from '../../../../server/contract/advisory';
import { request, schemaFrom } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { advisoriesKeys } from '../advisories-keys';

export async function getAreaAdvisories(body: AdvisoryGeoJsonRequest, signal?: AbortSignal): Promise<AdvisoryFeature[]> {
  const res = await request('/v1/advisories/geojson', schemaFrom(() => import('../../../../server/contract/advisory'), 'AdvisoryCollectionResponseSchema'), { method: 'POST', body, signal });
  return res.data.features;
}

export const areaAdvisoriesQueryOptions = (body: AdvisoryGeoJsonRequest | null) =>
  queryOptions({
    queryKey: advisoriesKeys.area(body),
    queryFn: ({ signal }) => getAreaAdvisories(body!, signal),
    enabled: body !== null,
    staleTime: 60_000,
  });

export const ADVISORIES_DEBOUNCE_MS = 400;

export function useAreaAdvisories(body: AdvisoryGeoJsonRequest | null) {
  const settled = useDebouncedValue(body, ADVISORIES_DEBOUNCE_MS);
  // No area: no answer at once, not after the debounce.
  const effective = body === null ? null : settled;
  return useQuery({ ...areaAdvisoriesQueryOptions(effective), placeholderData: effective === null ? undefined : keepPreviousData });
}
