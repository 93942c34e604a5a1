/** PUT /v1/me/profile: replaces the profile; the name is also the person's name everywhere. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PilotProfile } from '../../../../server/contract/profile';
import { request, schemaFrom } from '../../../lib/api-client';
import { accountKeys } from '../../account/account-keys';
import { profileKeys } from '../profile-keys';

export function saveProfile(profile: PilotProfile): Promise<PilotProfile> {
  return request('/v1/me/profile', schemaFrom(() => import('../../../../server/contract/profile'), 'PilotProfileSchema'), { method: 'PUT', body: profile });
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (saved) => {
      qc.setQueryData(profileKeys.mine(), saved);
      // The name shown in the header comes from the session.
      void qc.invalidateQueries({ queryKey: accountKeys.me() });
    },
  });
}
