/**
 * POST /v1/operations/{id}/laanc/authorizations (endpoints.md, Submit). Auto-authorization is approved at
 * once; further coordination (Part 107, with a justification) waits as PENDING for the FAA.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubmitResultSchema, LaancOperationResult, SubmitRequest } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { laancOperationQueryOptions } from './get-laanc-operation';
import { operationsKeys } from '../../operations/operations-keys';
import { laancKeys } from '../laanc-keys';

export type SubmitResult = z.infer<typeof SubmitResultSchema>;

export function submitAuthorizations(operationId: string, body: SubmitRequest): Promise<SubmitResult> {
  return request(`/v1/operations/${encodeURIComponent(operationId)}/laanc/authorizations`, schemaFrom(() => import('../../../../server/contract/laanc'), 'SubmitResultSchema'), { method: 'POST', body });
}

/** `onResult` runs before the cache changes, so a page can tell its own changes from others'. */
export function useSubmitAuthorizations(operationId: string, onResult?: (result: SubmitResult) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitRequest) => submitAuthorizations(operationId, body),
    onSuccess: (result) => {
      onResult?.(result);
      const { operation, candidateDetails, authorizationDetails } = result;
      // Typed as the query's own data, so a field added to the result cannot be left out of the cache.
      const next: LaancOperationResult = { operation, candidateDetails, authorizationDetails };
      qc.setQueryData(laancOperationQueryOptions(operationId).queryKey, next);
      void qc.invalidateQueries({ queryKey: operationsKeys.callbacks(operationId) });
      void qc.invalidateQueries({ queryKey: laancKeys.all });
    },
  });
}
