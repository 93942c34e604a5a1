/** POST /v1/auth/sign-in: the service sets the session and CSRF cookies; we keep the user in the cache. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '../../../../server/contract/auth';
import { request, schemaFrom } from '../../../lib/api-client';
import { accountKeys } from '../account-keys';

export interface SignInInput {
  email: string;
  password: string;
}

export function signIn(input: SignInInput): Promise<Session> {
  return request('/v1/auth/sign-in', schemaFrom(() => import('../../../../server/contract/auth'), 'SessionSchema'), { method: 'POST', body: input });
}

/** What every way of starting a session (sign-in, sign-up, sign-up by invite) does with the cache. */
export function useStartSession(): (session: Session) => void {
  const qc = useQueryClient();
  return (session) => {
    // Everything cached so far was fetched as someone else (or nobody).
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== accountKeys.all[0] });
    qc.setQueryData(accountKeys.me(), session);
  };
}

export function useSignIn() {
  const started = useStartSession();
  return useMutation({ mutationFn: signIn, onSuccess: started });
}
