/**
 * Gathers the review queue from two organization-wide lists (docs/operations-laanc.md): the
 * authorizations waiting for someone (rescinded, invalid, pending further coordination; the service
 * auto-cancels a pending one whose start has passed before it lists) and the failing callback
 * deliveries, each at most MAX_ROWS.
 */
import type { AuthorizationStatus } from '../../../server/contract/laanc';
import type { CallbackListState } from '../../../server/contract/operations';
import { useAuthorizations } from '../laanc/api/list-authorizations';
import { useCallbacks } from '../operations/api/list-callbacks';
import { buildReviewItems } from './review-items';

export const MAX_ROWS = 500;
const POLL_MS = 15_000;
const STATUSES: AuthorizationStatus[] = ['STATUS_RESCINDED', 'STATUS_INVALID', 'STATUS_PENDING'];
const STATES: CallbackListState[] = ['failing', 'dead'];

export function useReviewQueue() {
  const authorizations = useAuthorizations({ statuses: STATUSES, limit: MAX_ROWS }, { refetchInterval: POLL_MS });
  const callbacks = useCallbacks({ states: STATES, limit: MAX_ROWS }, { refetchInterval: POLL_MS });
  const items = buildReviewItems({ authorizations: authorizations.data, callbacks: callbacks.data });
  const queries = [authorizations, callbacks];
  return {
    items,
    loading: queries.some((q) => q.data === undefined && !q.isError),
    error: queries.find((q) => q.isError && q.data === undefined)?.error ?? null,
    /** More rows than were read. */
    truncated: (authorizations.data?.nextOffset ?? null) !== null || (callbacks.data?.nextOffset ?? null) !== null,
    refetch: () => queries.forEach((q) => void q.refetch()),
  };
}
