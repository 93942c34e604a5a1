/** POST /v1/auth/sign-up (sandbox): a new person and their own organization; signed in like sign-in. */
import { useMutation } from '@tanstack/react-query';
import type { Session, SignUpRequest } from '../../../../server/contract/auth';
import { request, schemaFrom } from '../../../lib/api-client';
import { useStartSession } from '../../account/api/sign-in';

export function signUp(input: SignUpRequest): Promise<Session> {
  return request('/v1/auth/sign-up', schemaFrom(() => import('../../../../server/contract/auth'), 'SessionSchema'), { method: 'POST', body: input });
}

export function useSignUp() {
  const started = useStartSession();
  return useMutation({ mutationFn: signUp, onSuccess: started });
}
