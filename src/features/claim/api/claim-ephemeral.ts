/**
 * POST /v1/operations/ephemeral/{id}/claim (endpoints.md): a signed-in person makes it their
 * platform operation, with the same id. 409 already claimed, 410 expired, 404 unknown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EphemeralClaimResultSchema } from '../../../../server/contract/ephemeral';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../../operations/operations-keys';
import { claimKeys } from '../claim-keys';

export type ClaimResult = z.infer<typeof EphemeralClaimResultSchema>;

export function claimEphemeral(id: string): Promise<ClaimResult> {
  return request(`/v1/operations/ephemeral/${encodeURIComponent(id)}/claim`, schemaFrom(() => import('../../../../server/contract/ephemeral'), 'EphemeralClaimResultSchema'), { method: 'POST' });
}

export function useClaimEphemeral(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => claimEphemeral(id),
    onSuccess: ({ operation }) => {
      qc.setQueryData(operationsKeys.detail(operation.id), operation);
      qc.removeQueries({ queryKey: claimKeys.preview(id) });
      void qc.invalidateQueries({ queryKey: operationsKeys.lists() });
    },
  });
}
