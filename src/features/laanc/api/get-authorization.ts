/**
 * GET /v1/operations/{id}/laanc/authorizations/{authorizationId} (endpoints.md): the authorization with
 * statusReason, why the FAA decided (the LAANC operation's list does not carry it).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthorizationResultSchema, type Authorization } from '../../../../server/contract/laanc';
import { request } from '../../../lib/api-client';
import type { AuthorizationResult } from './act-on-authorization';
import { laancKeys } from '../laanc-keys';

export function getAuthorization(operationId: string, authorizationId: string, signal?: AbortSignal): Promise<AuthorizationResult> {
  const path = `/v1/operations/${encodeURIComponent(operationId)}/laanc/authorizations/${encodeURIComponent(authorizationId)}`;
  return request(path, AuthorizationResultSchema, { signal });
}

export const authorizationQueryOptions = (operationId: string, a: Pick<Authorization, 'id' | 'lastUpdatedAt'>) =>
  queryOptions({
    queryKey: laancKeys.authorization(operationId, a.id, a.lastUpdatedAt),
    queryFn: ({ signal }) => getAuthorization(operationId, a.id, signal),
    staleTime: Infinity,
  });

/** Asked only once the authorization changed after its creation: before that there is no decision to explain. */
export function useAuthorizationReason(operationId: string, a: Authorization) {
  return useQuery({ ...authorizationQueryOptions(operationId, a), enabled: a.lastUpdatedAt !== a.createdAt, select: (r) => r.statusReason });
}
