/**
 * One page of operations for the table and the map: from the service when it can filter everything,
 * else from one large page the portal filters and pages itself (see list-params.ts).
 */
import type { PlatformOperation } from '../../../server/contract/operations';
import { useOperations } from '../operations/api/list-operations';
import { filtersInPortal, PAGE_SIZE, serverParams, type ListState } from './list-params';

export function matches(s: ListState, meId: string | null): (op: PlatformOperation) => boolean {
  const q = s.q.trim().toLowerCase();
  return (op) => {
    if (q && !`${op.name}\n${op.desc}\n${op.id}`.toLowerCase().includes(q)) return false;
    if (s.type && op.flightType !== s.type) return false;
    if (s.pilot === 'me' && op.pilotId !== meId) return false;
    if (s.pilot && s.pilot !== 'me' && op.pilotId !== s.pilot) return false;
    return true;
  };
}

export function useOperationsPage(state: ListState, meId: string | null) {
  const query = useOperations(serverParams(state));
  const data = query.data;
  const inPortal = filtersInPortal(state);
  let rows: PlatformOperation[] = [];
  let total = 0;
  let pilots: string[] = [];
  if (data) {
    pilots = [...new Set(data.operations.map((o) => o.pilotId))];
    if (inPortal) {
      const all = data.operations.filter(matches(state, meId));
      total = all.length;
      rows = all.slice(state.page * PAGE_SIZE, (state.page + 1) * PAGE_SIZE);
    } else {
      rows = data.operations;
      total = data.total;
    }
  }
  return {
    query,
    rows,
    total,
    pilots,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    /** The portal searched only the first page the service gave it. */
    truncated: inPortal && !!data && data.total > data.operations.length,
    updating: query.isPlaceholderData,
  };
}
