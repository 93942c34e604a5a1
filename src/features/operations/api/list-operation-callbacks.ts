/** GET /v1/operations/{id}/callbacks (docs/operations-laanc.md "Callbacks"): every delivery with every attempt. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CallbackDeliveryListSchema } from '../../../../server/contract/operations';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../operations-keys';

export type CallbackDeliveryList = z.infer<typeof CallbackDeliveryListSchema>;
export type CallbackDelivery = CallbackDeliveryList['deliveries'][number];

export function listOperationCallbacks(id: string, signal?: AbortSignal): Promise<CallbackDeliveryList> {
  return request(`/v1/operations/${encodeURIComponent(id)}/callbacks`, schemaFrom(() => import('../../../../server/contract/operations'), 'CallbackDeliveryListSchema'), { signal });
}

export const operationCallbacksQueryOptions = (id: string) =>
  queryOptions({ queryKey: operationsKeys.callbacks(id), queryFn: ({ signal }) => listOperationCallbacks(id, signal) });

type Interval = number | false | ((query: { state: { data?: CallbackDeliveryList | undefined } }) => number | false);

export function useOperationCallbacks(id: string, opts: { enabled?: boolean; refetchInterval?: Interval } = {}) {
  return useQuery({ ...operationCallbacksQueryOptions(id), ...opts });
}

/** A receiver that keeps failing: given up on, or retrying after an error. */
export function isFailing(d: CallbackDelivery): boolean {
  return d.state === 'FAILED' || (d.state === 'PENDING' && d.lastError !== null);
}
