/** GET /v1/laanc/operations/rescinded-invalid (endpoints.md): operations with authorizations awaiting acknowledgement or cancel. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { RescindedInvalidListSchema } from '../../../../server/contract/laanc';
import { request } from '../../../lib/api-client';
import { laancKeys } from '../laanc-keys';

export type RescindedInvalidList = z.infer<typeof RescindedInvalidListSchema>;

export function listRescindedInvalid(signal?: AbortSignal): Promise<RescindedInvalidList> {
  return request('/v1/laanc/operations/rescinded-invalid', RescindedInvalidListSchema, { signal });
}

export const rescindedInvalidQueryOptions = () =>
  queryOptions({ queryKey: laancKeys.rescindedInvalid(), queryFn: ({ signal }) => listRescindedInvalid(signal) });

export function useRescindedInvalid(opts: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...rescindedInvalidQueryOptions(), ...opts });
}
