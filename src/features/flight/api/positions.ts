/** Positions and conformance of an operation (docs/positions.md): polled reads, and sending a batch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TelemetryPosition } from '../../../../server/contract/positions';
import { request } from '../../../lib/api-client';
import { operationsKeys } from '../../operations/operations-keys';

/** How often the page asks for the last position and new conformance events. */
export const FLIGHT_POLL_MS = 5000;

const keys = {
  last: (id: string) => [...operationsKeys.detail(id), 'positions', 'last'] as const,
  conformance: (id: string) => [...operationsKeys.detail(id), 'conformance'] as const,
};

export function useLastPosition(id: string) {
  return useQuery({
    queryKey: keys.last(id),
    queryFn: ({ signal }) => request(`/v1/operations/${encodeURIComponent(id)}/positions/last`, () => import('../../../../server/contract/positions').then((m) => m.LastPositionResponseSchema), { signal }).then((r) => r.data),
    refetchInterval: FLIGHT_POLL_MS,
  });
}

export function useConformance(id: string) {
  return useQuery({
    queryKey: keys.conformance(id),
    queryFn: ({ signal }) => request(`/v1/operations/${encodeURIComponent(id)}/conformance`, () => import('../../../../server/contract/positions').then((m) => m.ConformanceListResponseSchema), { signal }).then((r) => r.data),
    refetchInterval: FLIGHT_POLL_MS,
  });
}

export function useSendPositions(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (positions: TelemetryPosition[]) => request('/v1/positions', () => import('../../../../server/contract/positions').then((m) => m.PositionsResultSchema), { method: 'POST', body: { operationId: id, positions } }).then((r) => r.data),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keys.last(id) });
      void qc.invalidateQueries({ queryKey: keys.conformance(id) });
    },
  });
}
