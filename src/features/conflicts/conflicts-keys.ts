import type { NearbyOperationsQuery } from './api/list-nearby-operations';

/** Query keys of the conflicts, general to specific; the query itself is the last part. */
export const conflictsKeys = {
  all: ['conflicts'] as const,
  nearby: (query: NearbyOperationsQuery | null) => [...conflictsKeys.all, 'nearby', query] as const,
};
