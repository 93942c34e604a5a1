/**
 * POST /v1/briefing/preflight/area (spec 4.1, with our startTime/endTime/maxAltitude extension).
 * The input is debounced; when it changes while a request is in flight, TanStack Query aborts the
 * old request through the AbortSignal passed to fetch, so a stale answer never lands.
 */
import { hashKey, keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaBriefingV1Request, BriefingResult } from '../../../../server/contract/briefing';
import { request, schemaFrom } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { briefingKeys } from '../briefing-keys';

export type AreaBriefingInput = AreaBriefingV1Request;

export function getAreaBriefing(input: AreaBriefingInput, signal?: AbortSignal): Promise<BriefingResult> {
  return request('/v1/briefing/preflight/area', schemaFrom(() => import('../../../../server/contract/briefing'), 'BriefingResultSchema'), { method: 'POST', body: input, signal });
}

export const areaBriefingQueryOptions = (input: AreaBriefingInput | null) =>
  queryOptions({
    queryKey: briefingKeys.area(input),
    queryFn: ({ signal }) => getAreaBriefing(input!, signal),
    enabled: input !== null,
    staleTime: 60_000,
  });

export const BRIEFING_DEBOUNCE_MS = 400;

export function useAreaBriefing(input: AreaBriefingInput | null) {
  const settled = useDebouncedValue(input, BRIEFING_DEBOUNCE_MS);
  // Clearing the area must clear the answer at once, not after the debounce.
  const effective = input === null ? null : settled;
  const query = useQuery({
    ...areaBriefingQueryOptions(effective),
    // While the next answer loads, keep showing the last one (marked as updating), not a blank panel.
    placeholderData: effective === null ? undefined : keepPreviousData,
  });
  // Settling: the plan changed and its request waits for the debounce, so the answer shown (if any) is
  // for the plan before the change. Compared by content: a change that leaves the request as it was
  // (the flight type, a path's width for a polygon) is not one.
  const isSettling = input !== null && (settled === null || hashKey([input]) !== hashKey([settled]));
  return { ...query, isSettling };
}
