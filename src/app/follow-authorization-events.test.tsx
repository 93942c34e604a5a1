import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '../features/notifications/notification-keys';
import { operationsKeys } from '../features/operations/operations-keys';
import { laancKeys } from '../features/laanc/laanc-keys';
import { json, mockFetch } from '../test/fetch-mock';
import { testQueryClient } from '../test/render';
import { useFollowAuthorizationEvents } from './follow-authorization-events';

afterEach(() => vi.unstubAllGlobals());

const event = (status: string, action: string, at: string) => ({
  status,
  action,
  at,
  by: 'faa',
  reason: null,
  authorizationId: 'a1',
  referenceCode: 'R1',
  operationId: 'op1',
  operationName: 'Hangar roof',
  operationTimezone: 'America/Los_Angeles',
});

describe('lists follow the bell', () => {
  it('reads the operations list, the operation and the authorization lists again when the bell sees an approval, and only then', async () => {
    let events: unknown[] = [event('STATUS_PENDING', 'submit', '2026-12-01T10:00:00Z')];
    mockFetch((path) => (path === '/v1/laanc/events' ? json({ events }) : json({}, 404)));
    const client = testQueryClient();
    const reads = { list: 0, detail: 0, auths: 0 };
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    renderHook(
      () => {
        useQuery({ queryKey: operationsKeys.list({} as never), queryFn: () => ++reads.list });
        useQuery({ queryKey: operationsKeys.laanc('op1'), queryFn: () => ++reads.detail });
        useQuery({ queryKey: laancKeys.authorizations({} as never), queryFn: () => ++reads.auths });
        useFollowAuthorizationEvents(true);
      },
      { wrapper },
    );
    await waitFor(() => expect(client.getQueryData(notificationKeys.events())).toBeTruthy());
    // The first events answer is older than the lists: nothing read again.
    expect(reads).toEqual({ list: 1, detail: 1, auths: 1 });

    // The bell's next read brings the FAA's approval: every list showing it is read again.
    events = [event('STATUS_APPROVED', 'approve', '2026-12-01T10:05:00Z'), ...events];
    await client.refetchQueries({ queryKey: notificationKeys.events() });
    await waitFor(() => expect(reads).toEqual({ list: 2, detail: 2, auths: 2 }));

    // The same events again: nothing more.
    await client.refetchQueries({ queryKey: notificationKeys.events() });
    await new Promise((r) => setTimeout(r, 20));
    expect(reads).toEqual({ list: 2, detail: 2, auths: 2 });
  });

  it('on its first read, refreshes answers cached before its newest change', async () => {
    mockFetch((path) => (path === '/v1/laanc/events' ? json({ events: [event('STATUS_RESCINDED', 'rescind', new Date(Date.now() + 60_000).toISOString())] }) : json({}, 404)));
    const client = testQueryClient();
    let reads = 0;
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    renderHook(
      () => {
        useQuery({ queryKey: operationsKeys.list({} as never), queryFn: () => ++reads });
        useFollowAuthorizationEvents(true);
      },
      { wrapper },
    );
    await waitFor(() => expect(reads).toBe(2));
  });
});
