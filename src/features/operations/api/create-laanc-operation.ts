/** POST /v1/operations/{id}/laanc (endpoints.md, LAANC operation create; answer per spec 2.5). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LaancOperationResult, LaancOperationWriteSchema } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../operations-keys';

export type LaancDraft = z.input<typeof LaancOperationWriteSchema>;

export function createLaancOperation(operationId: string, draft: LaancDraft): Promise<LaancOperationResult> {
  return request(`/v1/operations/${encodeURIComponent(operationId)}/laanc`, schemaFrom(() => import('../../../../server/contract/laanc'), 'LaancOperationResultSchema'), { method: 'POST', body: draft });
}

export function useCreateLaancOperation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ operationId, draft }: { operationId: string; draft: LaancDraft }) => createLaancOperation(operationId, draft),
    onSuccess: (result, { operationId }) => qc.setQueryData(operationsKeys.laanc(operationId), result),
  });
}
