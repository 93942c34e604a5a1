/**
 * POST /v2/groundType (spec 4.12): one hexagon per H3 cell over the area, with its density class
 * and people per km² (docs/ground-risk.md).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GroundTypeFeature, GroundTypeRequest } from '../../../../server/contract/surface';
import { request, schemaFrom } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { groundRiskKeys } from '../ground-risk-keys';

export async function getGroundType(body: GroundTypeRequest, signal?: AbortSignal): Promise<GroundTypeFeature[]> {
  const res = await request('/v2/groundType', schemaFrom(() => import('../../../../server/contract/surface'), 'GroundTypeResponseSchema'), { method: 'POST', body, signal });
  return res.data;
}

export const groundTypeQueryOptions = (body: GroundTypeRequest | null) =>
  queryOptions({
    queryKey: groundRiskKeys.groundType(body),
    queryFn: ({ signal }) => getGroundType(body!, signal),
    enabled: body !== null,
    // The population model changes with the dataset, not by the minute.
    staleTime: 10 * 60_000,
  });

export const GROUND_TYPE_DEBOUNCE_MS = 400;

export function useGroundType(body: GroundTypeRequest | null) {
  const settled = useDebouncedValue(body, GROUND_TYPE_DEBOUNCE_MS);
  const effective = body === null ? null : settled;
  return useQuery({ ...groundTypeQueryOptions(effective), placeholderData: effective === null ? undefined : keepPreviousData });
}
