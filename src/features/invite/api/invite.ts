/**
 * The holder of an invite link: who invites them (preview), then sign up with it or, signed in, join.
 * The token goes in request bodies only (docs/auth.md "Invites").
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '../../../../server/contract/auth';
import type { InvitePreview, InviteSignUpRequest } from '../../../../server/contract/organization';
import { request, schemaFrom } from '../../../lib/api-client';
import { accountKeys } from '../../account/account-keys';
import { useStartSession } from '../../account/api/sign-in';

export function previewInvite(token: string, signal?: AbortSignal): Promise<InvitePreview> {
  return request('/v1/invites/preview', schemaFrom(() => import('../../../../server/contract/organization'), 'InvitePreviewSchema'), { method: 'POST', body: { token }, signal });
}

export function useInvitePreview(token: string | null) {
  return useQuery({
    queryKey: ['invite', 'preview', token],
    queryFn: ({ signal }) => previewInvite(token!, signal),
    enabled: !!token,
    // 404 and 410 are answers, not hiccups.
    retry: false,
    staleTime: 60_000,
  });
}

export function signUpWithInvite(input: InviteSignUpRequest): Promise<Session> {
  return request('/v1/invites/sign-up', schemaFrom(() => import('../../../../server/contract/auth'), 'SessionSchema'), { method: 'POST', body: input });
}

export function useSignUpWithInvite() {
  const started = useStartSession();
  return useMutation({ mutationFn: signUpWithInvite, onSuccess: started });
}

export function useJoinWithInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => request('/v1/invites/accept', schemaFrom(() => import('../../../../server/contract/organization'), 'InviteJoinedSchema'), { method: 'POST', body: { token } }),
    onSuccess: () => {
      // The person's organization changed: so does what they may see.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== accountKeys.all[0] });
      void qc.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}
