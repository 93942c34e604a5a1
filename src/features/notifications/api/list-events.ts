/** GET /v1/laanc/events: the newest authorization status changes the person may see. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthorizationEventList } from '../../../../server/contract/laanc';
import { request, schemaFrom } from '../../../lib/api-client';
import { notificationKeys } from '../notification-keys';

/** How often the list is read again while the page is open. */
export const POLL_MS = 30_000;

export function listEvents(signal?: AbortSignal): Promise<AuthorizationEventList> {
  return request('/v1/laanc/events?limit=50', schemaFrom(() => import('../../../../server/contract/laanc'), 'AuthorizationEventListSchema'), { signal });
}

export const eventsQueryOptions = () => queryOptions({ queryKey: notificationKeys.events(), queryFn: ({ signal }) => listEvents(signal) });

export function useAuthorizationEvents(enabled: boolean) {
  return useQuery({ ...eventsQueryOptions(), enabled, refetchInterval: POLL_MS });
}
