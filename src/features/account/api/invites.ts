/** An operator's invites: GET, POST and DELETE /v1/organization/invites (docs/auth.md "Invites"). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteRole } from '../../../../server/contract/organization';
import { request, requestVoid, schemaFrom } from '../../../lib/api-client';
import { accountKeys } from '../account-keys';

export function useInvites(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.invites(),
    queryFn: ({ signal }) => request('/v1/organization/invites', schemaFrom(() => import('../../../../server/contract/organization'), 'InviteListSchema'), { signal }),
    enabled,
  });
}

export function useCreateInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { role: InviteRole; expiresInDays: number }) => request('/v1/organization/invites', schemaFrom(() => import('../../../../server/contract/organization'), 'InviteCreatedSchema'), { method: 'POST', body: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.invites() }),
  });
}

export function useRevokeInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestVoid(`/v1/organization/invites/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: accountKeys.invites() }),
  });
}
