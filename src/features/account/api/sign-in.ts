/** POST /v1/auth/sign-in: the service sets the session and CSRF cookies; we keep the user in the cache. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SessionSchema, type Session } from '../../../../server/contract/auth';
import { request } from '../../../lib/api-client';
import { accountKeys } from '../account-keys';

export interface SignInInput {
  email: string;
  password: string;
}

export function signIn(input: SignInInput): Promise<Session> {
  return request('/v1/auth/sign-in', SessionSchema, { method: 'POST', body: input });
}

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      // Everything cached so far was fetched as someone else (or nobody).
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== accountKeys.all[0] });
      qc.setQueryData(accountKeys.me(), session);
    },
  });
}
