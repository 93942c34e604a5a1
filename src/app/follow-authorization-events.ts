/**
 * Lists follow the bell: when the authorization events the bell reads (GET /v1/laanc/events, one
 * cached query shared with it) bring a change (approved, denied, rescinded, invalidated by a new TFR),
 * every cached answer that shows authorizations and was read before that change is marked stale and
 * read again where it is on screen: the operations list, an operation and its LAANC section, the
 * authorization lists (review queue), the sandbox FAA's lists. Before, the operations list still said
 * "Pending FAA" while the bell said approved, until a reload.
 *
 * It lives in the app, which may import features: the keys come from each feature's key factory.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AuthorizationEventListItem } from '../../server/contract/laanc';
import { laancKeys } from '../features/laanc/laanc-keys';
import { eventsQueryOptions, POLL_MS } from '../features/notifications/api/list-events';
import { operationsKeys } from '../features/operations/operations-keys';
import { sandboxKeys } from '../features/sandbox-faa/sandbox-keys';

/** The query roots whose answers carry an authorization's status. */
export const AUTHORIZATION_VIEWS = [operationsKeys.all, laancKeys.all, sandboxKeys.all] as const;

/** One string per list of events: it changes when an event is added (the list is newest first). */
function signature(events: readonly AuthorizationEventListItem[]): string {
  const e = events[0];
  return e ? `${events.length}:${e.authorizationId}:${e.status}:${e.at}` : '0';
}

/**
 * Marks stale the answers read before `changedAt` (epoch ms), every one when it is null. Those on
 * screen are read again at once (TanStack Query refetches active queries it invalidates).
 */
export function invalidateAuthorizationViews(qc: QueryClient, changedAt: number | null): Promise<void[]> {
  return Promise.all(
    AUTHORIZATION_VIEWS.map((queryKey) =>
      qc.invalidateQueries({ queryKey, predicate: (q) => changedAt === null || q.state.dataUpdatedAt === 0 || q.state.dataUpdatedAt < changedAt }),
    ),
  );
}

export function useFollowAuthorizationEvents(enabled: boolean): void {
  const qc = useQueryClient();
  const events = useQuery({ ...eventsQueryOptions(), enabled, refetchInterval: POLL_MS });
  const list = events.data?.events;
  const sig = list ? signature(list) : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!list || sig === null) return;
    const first = seen.current === null;
    if (!first && seen.current === sig) return;
    seen.current = sig;
    const newest = list[0];
    if (!newest) return;
    // The first list read: only answers older than its newest change (a list cached from before it).
    // A later change: everything read before now, whatever the clocks of the service and the browser say.
    void invalidateAuthorizationViews(qc, first ? Date.parse(newest.at) : null);
  }, [qc, list, sig]);
}
