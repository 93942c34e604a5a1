/** GET /v1/status: how fresh the airspace data is (dataset version, age of each source). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Status } from '../../../../server/contract/system';
import { request, schemaFrom } from '../../../lib/api-client';
import { briefingKeys } from '../briefing-keys';

export function getDataStatus(signal?: AbortSignal): Promise<Status> {
  return request('/v1/status', schemaFrom(() => import('../../../../server/contract/system'), 'StatusSchema'), { signal });
}

export const dataStatusQueryOptions = () =>
  queryOptions({ queryKey: briefingKeys.dataStatus(), queryFn: ({ signal }) => getDataStatus(signal), staleTime: 5 * 60_000, refetchInterval: 10 * 60_000 });

export function useDataStatus() {
  return useQuery(dataStatusQueryOptions());
}
