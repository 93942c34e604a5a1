/**
 * GET /v1/operations/{id}/laanc (spec 4.8). No LAANC operation yet is an answer (null), not an error:
 * the page then offers to create one. Candidates are computed on every read (docs/operations-laanc.md).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LaancOperationResult } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { operationsKeys } from '../../operations/operations-keys';

export async function getLaancOperation(id: string, signal?: AbortSignal): Promise<LaancOperationResult | null> {
  try {
    return await request(`/v1/operations/${encodeURIComponent(id)}/laanc`, schemaFrom(() => import('../../../../server/contract/laanc'), 'LaancOperationResultSchema'), { signal });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

export const laancOperationQueryOptions = (id: string) =>
  queryOptions({ queryKey: operationsKeys.laanc(id), queryFn: ({ signal }) => getLaancOperation(id, signal) });

/**
 * Polls while the page is visible (TanStack Query skips interval refetches in a hidden tab), and
 * only while there is a LAANC request to follow: none (404) changes only when this page creates one,
 * and creating it writes the answer into the cache, which starts the polling.
 */
export const LAANC_POLL_MS = 3_000;

export function useLaancOperation(id: string, opts: { poll?: boolean } = {}) {
  return useQuery({
    ...laancOperationQueryOptions(id),
    refetchInterval: (q) => (opts.poll && q.state.data !== null ? LAANC_POLL_MS : false),
    staleTime: 0,
  });
}
