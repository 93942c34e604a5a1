/** DELETE /v1/operations/{id} (endpoints.md): removes its LAANC operation too; 409 while an authorization is pending or approved. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/api-client';
import { operationsKeys } from '../operations-keys';

export function deleteOperation(id: string): Promise<void> {
  return requestVoid(`/v1/operations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteOperation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteOperation(id),
    onSuccess: () => {
      qc.removeQueries({ queryKey: operationsKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: operationsKeys.lists() });
    },
  });
}
