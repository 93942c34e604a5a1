/** Positions and conformance of an operation (docs/positions.md): the polled track and events, and sending a batch. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoredPosition, TelemetryPosition } from '../../../../server/contract/positions';
import { request, schemaFrom } from '../../../lib/api-client';
import { operationsKeys } from '../../operations/operations-keys';

/** How often the page asks for new positions and conformance events (docs/positions.md "Live view"). */
export const FLIGHT_POLL_MS = 3000;
/** Long after the operation's window, positions rarely come (late telemetry): the page asks once a minute. */
export const ENDED_POLL_MS = 60_000;
const ENDED_AFTER_MS = 15 * 60_000;

/** The poll interval: FLIGHT_POLL_MS until 15 min after the operation's end, then ENDED_POLL_MS. */
export function pollInterval(endTime: string | undefined, now: number): number {
  return endTime && Date.parse(endTime) + ENDED_AFTER_MS < now ? ENDED_POLL_MS : FLIGHT_POLL_MS;
}

/** At most this many pages (of 1,000) are read in one poll; the next poll goes on from there. */
const MAX_PAGES_PER_POLL = 20;

const keys = {
  track: (id: string) => [...operationsKeys.detail(id), 'positions', 'track'] as const,
  conformance: (id: string) => [...operationsKeys.detail(id), 'conformance'] as const,
};

/**
 * The operation's track, oldest first. The first read takes it from the start; each poll then asks only
 * for positions after the last one held (the time cursor of GET /v1/operations/{id}/positions).
 */
export function useTrack(id: string, endTime?: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: keys.track(id),
    queryFn: async ({ signal }) => {
      const held = qc.getQueryData<StoredPosition[]>(keys.track(id)) ?? [];
      const out = [...held];
      for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
        const after = out.at(-1)?.time;
        const q = after ? `?after=${encodeURIComponent(after)}` : '';
        const r = await request(`/v1/operations/${encodeURIComponent(id)}/positions${q}`, schemaFrom(() => import('../../../../server/contract/positions'), 'TrackResponseSchema'), { signal });
        out.push(...r.data.positions);
        if (!r.data.nextAfter) break;
      }
      // Nothing new: the same array, so nothing downstream redraws.
      return out.length === held.length ? held : out;
    },
    refetchInterval: () => pollInterval(endTime, Date.now()),
  });
}

export function useConformance(id: string, endTime?: string) {
  return useQuery({
    queryKey: keys.conformance(id),
    queryFn: ({ signal }) => request(`/v1/operations/${encodeURIComponent(id)}/conformance`, schemaFrom(() => import('../../../../server/contract/positions'), 'ConformanceListResponseSchema'), { signal }).then((r) => r.data),
    refetchInterval: () => pollInterval(endTime, Date.now()),
  });
}

export function useSendPositions(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (positions: TelemetryPosition[]) => request('/v1/positions', schemaFrom(() => import('../../../../server/contract/positions'), 'PositionsResultSchema'), { method: 'POST', body: { operationId: id, positions } }).then((r) => r.data),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: keys.track(id) });
      void qc.invalidateQueries({ queryKey: keys.conformance(id) });
    },
  });
}
