/**
 * POST /v1/sandbox/authorizations/{id}/{approve | deny | rescind | invalidate}: the sandbox FAA's
 * decisions. One file for the four: same parameter, a reason body (optional only for approve), same answer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request, schemaFrom } from '../../../lib/api-client';
import { sandboxKeys } from '../sandbox-keys';

export type FaaDecision = 'approve' | 'deny' | 'rescind' | 'invalidate';

export interface DecideInput {
  authorizationId: string;
  decision: FaaDecision;
  reason: string;
}

export function decideAuthorization({ authorizationId, decision, reason }: DecideInput) {
  // The reason is optional for approve only; the console asks for it on the others.
  const body = reason.trim() ? { reason: reason.trim() } : {};
  return request(`/v1/sandbox/authorizations/${encodeURIComponent(authorizationId)}/${decision}`, schemaFrom(() => import('../../../../server/contract/laanc'), 'AuthorizationResultSchema'), { method: 'POST', body });
}

export function useDecideAuthorization() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: decideAuthorization, onSuccess: () => void qc.invalidateQueries({ queryKey: sandboxKeys.all }) });
}
