/** GET /v1/organization/members: the names of the people of the caller's organization. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Members } from '../../../../server/contract/organization';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../operations-keys';

export function getMembers(signal?: AbortSignal): Promise<Members> {
  return request('/v1/organization/members', schemaFrom(() => import('../../../../server/contract/organization'), 'MembersSchema'), { signal });
}

export const membersQueryOptions = () =>
  queryOptions({ queryKey: operationsKeys.members(), queryFn: ({ signal }) => getMembers(signal), staleTime: 10 * 60_000 });

/** Id → name of the organization's people; empty until known (or when another deployment has no such list). */
export function useMemberNames(): ReadonlyMap<string, string> {
  const { data } = useQuery({ ...membersQueryOptions(), retry: false });
  return useMemo(() => new Map((data?.members ?? []).map((m) => [m.id, m.name])), [data]);
}
