/**
 * POST /v1/auth/sign-up (sandbox): a new person and their own organization. The service answers the same
 * whether the email was free or taken (docs/auth.md "Sign-up"), so the portal signs in next with the
 * same email and password; a sign-in refused then means the email already had an account with another
 * password, and the person is told to sign in with that account's password.
 */
import { useMutation } from '@tanstack/react-query';
import type { Session, SignUpRequest } from '../../../../server/contract/auth';
import { request, schemaFrom } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { signIn, useStartSession } from '../../account/api/sign-in';

export const SIGN_IN_AFTER_SIGN_UP_FAILED =
  'We could not sign you in with this email and password. If you already have an account with this email, sign in with its password, or sign up with another email.';

export async function signUp(input: SignUpRequest): Promise<Session> {
  await request('/v1/auth/sign-up', schemaFrom(() => import('../../../../server/contract/auth'), 'SignUpAcceptedSchema'), { method: 'POST', body: input });
  try {
    return await signIn({ email: input.email, password: input.password });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw new ApiError(401, SIGN_IN_AFTER_SIGN_UP_FAILED);
    throw e;
  }
}

export function useSignUp() {
  const started = useStartSession();
  return useMutation({ mutationFn: signUp, onSuccess: started });
}
