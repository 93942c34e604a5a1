/** One page of operations for the table and the map, filtered, sorted and paged by the service (see list-params.ts). */
import type { PlatformOperation } from '../../../server/contract/operations';
import { useOperations } from '../operations/api/list-operations';
import { PAGE_SIZE, serverParams, type ListState } from './list-params';

export function useOperationsPage(state: ListState, meId: string | null) {
  const query = useOperations(serverParams(state, meId));
  const data = query.data;
  const rows: PlatformOperation[] = data?.operations ?? [];
  const total = data?.total ?? 0;
  return {
    query,
    rows,
    total,
    /** Pilots to offer in the filter: those of the operations listed. */
    pilots: [...new Set(rows.map((o) => o.pilotId))],
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    updating: query.isPlaceholderData,
  };
}
