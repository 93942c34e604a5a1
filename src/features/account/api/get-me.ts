/** GET /v1/auth/me: who is signed in. Not signed in is an answer (null), not an error. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '../../../../server/contract/auth';
import { request, schemaFrom } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { readCookie } from '../../../lib/cookies';
import { getSettings } from '../../../lib/settings';
import { accountKeys } from '../account-keys';

export async function getMe(signal?: AbortSignal): Promise<Session | null> {
  // The service sets the readable sp_csrf cookie with the session: without it nobody is signed in,
  // and asking would only earn a 401 (which browsers log as an error).
  if (!getSettings().remote && readCookie('sp_csrf') === null) return null;
  try {
    return await request('/v1/auth/me', schemaFrom(() => import('../../../../server/contract/auth'), 'SessionSchema'), { signal });
  } catch (e) {
    // 401: nobody signed in. 403: a client token (another deployment) is not a person.
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return null;
    throw e;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.me(), queryFn: ({ signal }) => getMe(signal), staleTime: 5 * 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}
