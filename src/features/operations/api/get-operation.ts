/** GET /v1/operations/{id} (endpoints.md, platform operation get; spec 2.4). 404: unknown or not yours. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformOperation } from '../../../../server/contract/operations';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../operations-keys';

export function getOperation(id: string, signal?: AbortSignal): Promise<PlatformOperation> {
  return request(`/v1/operations/${encodeURIComponent(id)}`, schemaFrom(() => import('../../../../server/contract/operations'), 'PlatformOperationSchema'), { signal });
}

export const operationQueryOptions = (id: string) =>
  queryOptions({ queryKey: operationsKeys.detail(id), queryFn: ({ signal }) => getOperation(id, signal) });

export function useOperation(id: string) {
  return useQuery(operationQueryOptions(id));
}
