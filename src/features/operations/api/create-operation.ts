/** POST /v1/operations (endpoints.md, platform operation create; body and answer per spec 2.4). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OperationSavedSchema, OperationWriteSchema } from '../../../../server/contract/operations';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../operations-keys';

export type OperationDraft = z.input<typeof OperationWriteSchema>;
export type OperationSaved = z.infer<typeof OperationSavedSchema>;

export function createOperation(draft: OperationDraft): Promise<OperationSaved> {
  return request('/v1/operations', schemaFrom(() => import('../../../../server/contract/operations'), 'OperationSavedSchema'), { method: 'POST', body: draft });
}

export function useCreateOperation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOperation,
    onSuccess: () => qc.invalidateQueries({ queryKey: operationsKeys.lists() }),
  });
}
