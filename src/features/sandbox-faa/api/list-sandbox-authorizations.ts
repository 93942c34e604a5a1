/** GET /v1/sandbox/authorizations?status=… (docs/operations-laanc.md "Sandbox FAA"): every organization's, for a person with role faa. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SandboxAuthorizationListSchema, AuthorizationStatus } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { sandboxKeys } from '../sandbox-keys';

export type SandboxAuthorization = z.infer<typeof SandboxAuthorizationListSchema>['authorizations'][number];

export function listSandboxAuthorizations(status: AuthorizationStatus, signal?: AbortSignal) {
  return request(`/v1/sandbox/authorizations?status=${status}&limit=100`, schemaFrom(() => import('../../../../server/contract/laanc'), 'SandboxAuthorizationListSchema'), { signal });
}

export const sandboxAuthorizationsQueryOptions = (status: AuthorizationStatus) =>
  queryOptions({ queryKey: sandboxKeys.authorizations(status), queryFn: ({ signal }) => listSandboxAuthorizations(status, signal) });

export function useSandboxAuthorizations(status: AuthorizationStatus) {
  // New requests arrive while the console is open.
  return useQuery({ ...sandboxAuthorizationsQueryOptions(status), refetchInterval: 5_000, staleTime: 0 });
}
