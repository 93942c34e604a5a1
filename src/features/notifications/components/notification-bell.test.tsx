import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { notificationKeys } from '../notification-keys';
import { NotificationBell } from './notification-bell';

const event = (over: Record<string, unknown>) => ({
  authorizationId: 'a1',
  referenceCode: 'LBFIABCD2345',
  operationId: 'op-1',
  operationName: 'Roof survey',
  operationTimezone: 'America/Los_Angeles',
  status: 'STATUS_APPROVED',
  action: 'approve',
  at: '2099-06-02T17:00:00.000Z',
  by: 'faa-1',
  reason: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('notification bell', () => {
  it('counts unread approvals, denials, rescissions and invalidations, lists them, and marks them read when opened', async () => {
    mockFetch(() =>
      json({
        events: [
          event({ authorizationId: 'a3', status: 'STATUS_RESCINDED', action: 'rescind', at: '2099-06-03T10:00:00.000Z', reason: 'Runway works' }),
          event({ authorizationId: 'a2', status: 'STATUS_PENDING', action: 'submit', at: '2099-06-02T18:00:00.000Z' }),
          event({}),
        ],
      }),
    );
    renderWithClient(<NotificationBell userId="u1" />);
    expect((await screen.findByTestId('notifications:count')).textContent).toMatch(/^2/);
    await userEvent.click(screen.getByTestId('notifications:button'));
    const items = within(screen.getByTestId('notifications:panel')).getAllByTestId('notifications:item');
    // A submit waiting for the FAA is not news; what the FAA decided is.
    expect(items.map((i) => i.dataset.status)).toEqual(['STATUS_RESCINDED', 'STATUS_APPROVED']);
    expect(items[0]!.textContent).toMatch(/Roof survey: LBFIABCD2345 rescinded: do not fly.*Reason: Runway works.*03:00 PDT \(10:00 UTC\)/);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/operations/op-1');
    expect(screen.queryByTestId('notifications:count')).toBeNull();
    expect(localStorage.getItem('skyplan.notifications.seen.u1')).toBe('2099-06-03T10:00:00.000Z');
  });

  it('sends a browser notification for a change that arrives while open, once allowed, and never for the backlog', async () => {
    const shown: Array<[string, NotificationOptions | undefined]> = [];
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = vi.fn(async () => {
        FakeNotification.permission = 'granted';
        return 'granted' as const;
      });
      constructor(title: string, options?: NotificationOptions) {
        shown.push([title, options]);
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    let events = [event({})];
    mockFetch(() => json({ events }));
    const { client } = renderWithClient(<NotificationBell userId="u2" />);
    await screen.findByTestId('notifications:count');
    await userEvent.click(screen.getByTestId('notifications:button'));
    await userEvent.click(screen.getByTestId('notifications:allow'));
    expect(FakeNotification.requestPermission).toHaveBeenCalled();
    expect(shown).toEqual([]);

    events = [event({ authorizationId: 'a9', status: 'STATUS_DENIED', action: 'deny', at: '2099-06-04T10:00:00.000Z', reason: 'Airshow' }), ...events];
    await act(() => client.invalidateQueries({ queryKey: notificationKeys.all }));
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]![0]).toBe('Roof survey: LBFIABCD2345 denied');
    expect(shown[0]![1]?.body).toBe('Reason: Airshow');
  });
});
