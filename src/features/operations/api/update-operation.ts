/**
 * PUT /v1/operations/{id} (endpoints.md, platform operation update). PUT replaces every writable
 * field, so callers send the whole operation; 409 while an authorization is pending or approved.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlatformOperation } from '../../../../server/contract/operations';
import { request, schemaFrom } from '../../../lib/api-client';
import type { OperationDraft, OperationSaved } from './create-operation';
import { operationsKeys } from '../operations-keys';

export function updateOperation(id: string, draft: OperationDraft): Promise<OperationSaved> {
  return request(`/v1/operations/${encodeURIComponent(id)}`, schemaFrom(() => import('../../../../server/contract/operations'), 'OperationSavedSchema'), { method: 'PUT', body: draft });
}

/** The write body that keeps everything of `op` and applies `changes` (pilot and callback stay as they are). */
export function draftOf(op: PlatformOperation, changes: Partial<OperationDraft> = {}): OperationDraft {
  const { id: _id, createdBy: _by, createdDate: _at, callbackUrl, aircraftId, ...rest } = op;
  return { ...rest, ...(aircraftId ? { aircraftId } : {}), callbackUrl: callbackUrl ?? null, ...changes };
}

export function useUpdateOperation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: OperationDraft) => updateOperation(id, draft),
    onSuccess: (saved) => {
      const { callbackSecret: _secret, ...op } = saved;
      qc.setQueryData(operationsKeys.detail(id), op);
      // New times or altitude mean new LAANC candidates; the lists show the new name and times.
      void qc.invalidateQueries({ queryKey: operationsKeys.laanc(id) });
      void qc.invalidateQueries({ queryKey: operationsKeys.lists() });
    },
  });
}
