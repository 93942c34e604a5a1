/**
 * GET /v1/operations filtered to the plan's bounding box and time window (OperationListQuery: bbox,
 * from = ending after, to = starting before). The service matches boxes; the exact overlap of the
 * shapes is decided by the caller.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformOperation } from '../../../../server/contract/operations';
import { request, schemaFrom } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { conflictsKeys } from '../conflicts-keys';

export interface NearbyOperationsQuery {
  bbox: [number, number, number, number];
  /** RFC 3339 UTC. */
  from: string;
  to: string;
}

/** The most a page may hold; more operations than this in one box and window is not a plan we serve. */
export const NEARBY_LIMIT = 500;

export function nearbyQueryString(q: NearbyOperationsQuery): string {
  return new URLSearchParams({ bbox: q.bbox.join(','), from: q.from, to: q.to, limit: String(NEARBY_LIMIT), sort: 'startTime' }).toString();
}

export async function listNearbyOperations(q: NearbyOperationsQuery, signal?: AbortSignal): Promise<PlatformOperation[]> {
  const res = await request(`/v1/operations?${nearbyQueryString(q)}`, schemaFrom(() => import('../../../../server/contract/operations'), 'OperationListSchema'), { signal });
  return res.operations;
}

export const nearbyOperationsQueryOptions = (q: NearbyOperationsQuery | null) =>
  queryOptions({
    queryKey: conflictsKeys.nearby(q),
    queryFn: ({ signal }) => listNearbyOperations(q!, signal),
    enabled: q !== null,
    staleTime: 30_000,
  });

export function useNearbyOperations(q: NearbyOperationsQuery | null) {
  const settled = useDebouncedValue(q, 400);
  const effective = q === null ? null : settled;
  return useQuery({ ...nearbyOperationsQueryOptions(effective), placeholderData: effective === null ? undefined : keepPreviousData });
}
