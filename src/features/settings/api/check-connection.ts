/**
 * Checks the configured deployment answers: GET /v1/status. For another deployment every request
 * first asks for a token, so a wrong client id or secret shows up here rather than on the map.
 */
import { useMutation } from '@tanstack/react-query';
import type { Status } from '../../../../server/contract/system';
import { forgetToken, request, schemaFrom } from '../../../lib/api-client';

export function checkConnection(): Promise<Status> {
  forgetToken();
  return request('/v1/status', schemaFrom(() => import('../../../../server/contract/system'), 'StatusSchema'));
}

export function useCheckConnection() {
  return useMutation({ mutationFn: checkConnection });
}
