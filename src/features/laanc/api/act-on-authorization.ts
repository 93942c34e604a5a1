/**
 * PATCH /v1/operations/{id}/laanc/authorizations/{authorizationId}/{cancel | cancel-invalid | close |
 * acknowledge-rescinded} (endpoints.md). One file for the four: same parameters, no body, same answer;
 * 409 names what the current status allows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuthorizationResultSchema } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../../operations/operations-keys';
import { laancKeys } from '../laanc-keys';

export type PilotAction = 'cancel' | 'cancel-invalid' | 'close' | 'acknowledge-rescinded';
export type AuthorizationResult = z.infer<typeof AuthorizationResultSchema>;

export interface ActInput {
  operationId: string;
  authorizationId: string;
  action: PilotAction;
}

export function actOnAuthorization({ operationId, authorizationId, action }: ActInput): Promise<AuthorizationResult> {
  const path = `/v1/operations/${encodeURIComponent(operationId)}/laanc/authorizations/${encodeURIComponent(authorizationId)}/${action}`;
  return request(path, schemaFrom(() => import('../../../../server/contract/laanc'), 'AuthorizationResultSchema'), { method: 'PATCH' });
}

export function useActOnAuthorization() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: actOnAuthorization,
    onSuccess: (_result, { operationId }) => {
      void qc.invalidateQueries({ queryKey: operationsKeys.laanc(operationId) });
      void qc.invalidateQueries({ queryKey: operationsKeys.callbacks(operationId) });
      void qc.invalidateQueries({ queryKey: laancKeys.all });
    },
  });
}
