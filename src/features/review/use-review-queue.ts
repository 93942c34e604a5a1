/**
 * Gathers the review queue. The service has no list of pending authorizations or failing callbacks
 * across operations, so this asks per operation, for at most MAX_OPERATIONS of each kind: upcoming
 * operations for pending further coordination (it lapses at the start), operations with a callback
 * address for deliveries.
 */
import { useQueries } from '@tanstack/react-query';
import { laancOperationQueryOptions } from '../laanc/api/get-laanc-operation';
import { useRescindedInvalid } from '../laanc/api/list-rescinded-invalid';
import { operationCallbacksQueryOptions } from '../operations/api/list-operation-callbacks';
import { useOperations } from '../operations/api/list-operations';
import { buildReviewItems } from './review-items';

export const MAX_OPERATIONS = 100;
const POLL_MS = 15_000;

export function useReviewQueue() {
  const rescinded = useRescindedInvalid({ refetchInterval: POLL_MS });
  const upcoming = useOperations({ limit: MAX_OPERATIONS, offset: 0, status: 'UPCOMING', sort: 'startTime' }, { refetchInterval: POLL_MS });
  const recent = useOperations({ limit: MAX_OPERATIONS, offset: 0, sort: '-createdDate' }, { refetchInterval: POLL_MS });
  const laancOps = (upcoming.data?.operations ?? []).filter((o) => o.authorizationProviders.includes('APPROVAL_PROVIDER_LAANC'));
  const callbackOps = (recent.data?.operations ?? []).filter((o) => o.callbackUrl);
  const laanc = useQueries({ queries: laancOps.map((o) => ({ ...laancOperationQueryOptions(o.id), refetchInterval: POLL_MS })) });
  const callbacks = useQueries({ queries: callbackOps.map((o) => ({ ...operationCallbacksQueryOptions(o.id), refetchInterval: POLL_MS })) });

  const items = buildReviewItems({
    rescindedInvalid: rescinded.data,
    laanc: laancOps.map((o, i) => ({ operationId: o.id, name: o.name, result: laanc[i]?.data })),
    callbacks: callbackOps.map((o, i) => ({ operationId: o.id, name: o.name, list: callbacks[i]?.data })),
  });
  const primary = [rescinded, upcoming, recent];
  return {
    items,
    loading: primary.some((q) => q.data === undefined && !q.isError) || [...laanc, ...callbacks].some((q) => q.isPending),
    error: primary.find((q) => q.isError && q.data === undefined)?.error ?? null,
    /** Operations whose LAANC or callbacks could not be read: the queue may miss their rows. */
    unchecked: [...laanc, ...callbacks].filter((q) => q.isError).length,
    /** More operations than were looked at. */
    truncated: (upcoming.data?.total ?? 0) > MAX_OPERATIONS || (recent.data?.total ?? 0) > MAX_OPERATIONS,
    refetch: () => primary.forEach((q) => void q.refetch()),
  };
}
