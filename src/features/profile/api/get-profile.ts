/** GET /v1/me/profile: the signed-in person's pilot profile. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PilotProfile } from '../../../../server/contract/profile';
import { request, schemaFrom } from '../../../lib/api-client';
import { profileKeys } from '../profile-keys';

export function getProfile(signal?: AbortSignal): Promise<PilotProfile> {
  return request('/v1/me/profile', schemaFrom(() => import('../../../../server/contract/profile'), 'PilotProfileSchema'), { signal });
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileKeys.mine(), queryFn: ({ signal }) => getProfile(signal), staleTime: 5 * 60_000 });

/** `enabled` false for nobody signed in: a profile belongs to a person. */
export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
