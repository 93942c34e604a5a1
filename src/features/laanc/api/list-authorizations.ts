/**
 * GET /v1/laanc/authorizations (docs/operations-laanc.md "Authorization lists"): the authorizations of
 * every operation the caller may view, with their operation, statusReason and history.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthorizationList, AuthorizationStatus } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { laancKeys } from '../laanc-keys';

export interface AuthorizationListParams {
  statuses: AuthorizationStatus[];
  limit: number;
}

export function listAuthorizations(p: AuthorizationListParams, signal?: AbortSignal): Promise<AuthorizationList> {
  const qs = new URLSearchParams({ limit: String(p.limit) });
  if (p.statuses.length) qs.set('status', p.statuses.join(','));
  return request(`/v1/laanc/authorizations?${qs}`, schemaFrom(() => import('../../../../server/contract/laanc'), 'AuthorizationListSchema'), { signal });
}

export const authorizationsQueryOptions = (p: AuthorizationListParams) =>
  queryOptions({ queryKey: laancKeys.authorizations(p), queryFn: ({ signal }) => listAuthorizations(p, signal) });

export function useAuthorizations(p: AuthorizationListParams, opts: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...authorizationsQueryOptions(p), ...opts });
}
