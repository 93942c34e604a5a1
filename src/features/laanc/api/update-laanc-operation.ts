/** PUT /v1/operations/{id}/laanc (endpoints.md): license, fixedAltitude, point of contact; 409 while an authorization is pending or approved. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LaancOperationResult } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { laancOperationQueryOptions } from './get-laanc-operation';
import type { LaancDraft } from '../../operations/api/create-laanc-operation';

export function updateLaancOperation(operationId: string, draft: LaancDraft): Promise<LaancOperationResult> {
  return request(`/v1/operations/${encodeURIComponent(operationId)}/laanc`, schemaFrom(() => import('../../../../server/contract/laanc'), 'LaancOperationResultSchema'), { method: 'PUT', body: draft });
}

export function useUpdateLaancOperation(operationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: LaancDraft) => updateLaancOperation(operationId, draft),
    onSuccess: (result) => qc.setQueryData(laancOperationQueryOptions(operationId).queryKey, result),
  });
}
