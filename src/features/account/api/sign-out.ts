/** POST /v1/auth/sign-out: ends the session; every cached answer belonged to it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestVoid } from '../../../lib/api-client';
import { accountKeys } from '../account-keys';

export function signOut(): Promise<void> {
  return requestVoid('/v1/auth/sign-out', { method: 'POST' });
}

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      qc.clear();
      qc.setQueryData(accountKeys.me(), null);
    },
  });
}
