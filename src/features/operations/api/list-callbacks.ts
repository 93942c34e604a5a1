/**
 * GET /v1/callbacks (docs/operations-laanc.md "Callbacks"): deliveries of every operation the caller
 * may view, newest first, by state (pending, failing, dead, delivered).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallbackList, CallbackListState } from '../../../../server/contract/operations';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../operations-keys';

export interface CallbackListParams {
  states: CallbackListState[];
  limit: number;
}

export function listCallbacks(p: CallbackListParams, signal?: AbortSignal): Promise<CallbackList> {
  const qs = new URLSearchParams({ limit: String(p.limit) });
  if (p.states.length) qs.set('state', p.states.join(','));
  return request(`/v1/callbacks?${qs}`, schemaFrom(() => import('../../../../server/contract/operations'), 'CallbackListSchema'), { signal });
}

export const callbacksQueryOptions = (p: CallbackListParams) =>
  queryOptions({ queryKey: operationsKeys.allCallbacks(p), queryFn: ({ signal }) => listCallbacks(p, signal) });

export function useCallbacks(p: CallbackListParams, opts: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...callbacksQueryOptions(p), ...opts });
}
