/**
 * The map first (docs/portal-delivery.md): the plan page's first commit holds the map, whose effect
 * creates it; the panel's content comes once the map is first idle, or after PANEL_WAIT_MS when it
 * never is. MapView is a stand-in that records, when its effect runs (where the real one creates the
 * map), whether the panel had rendered, and hands the test the map's "first idle".
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithClient } from '../../test/render';
import { PANEL_WAIT_MS } from './use-panel-after-map';

const panelAtMapCreation: boolean[] = [];
let firstIdle: (() => void) | undefined;
const panel = () => screen.queryByRole('heading', { name: 'Flight area' });

vi.mock('../../map/map-view', async () => {
  const { useEffect } = await import('react');
  return {
    MapView: ({ handlers }: { handlers: { onFirstIdle?(): void } }) => {
      useEffect(() => {
        panelAtMapCreation.push(document.getElementById('area-heading') !== null);
        firstIdle = handlers.onFirstIdle;
      }, [handlers]);
      return <div data-testid="map" />;
    },
  };
});

const { PlanPage } = await import('./plan-page');

afterEach(() => {
  vi.useRealTimers();
  panelAtMapCreation.length = 0;
});

describe('the plan page', () => {
  it('creates the map before it renders the panel, and renders the panel when the map is first idle', async () => {
    mockFetch(() => json({ statusCode: 401, message: 'Sign in first' }, 401));
    renderWithClient(<PlanPage />, { route: '/plan' });
    expect(panelAtMapCreation[0]).toBe(false);
    expect(panel()).toBeNull();
    expect(screen.getByText('Loading the plan…')).toBeTruthy();
    act(() => firstIdle!());
    expect(await screen.findByRole('heading', { name: 'Flight area' })).toBeTruthy();
    expect(screen.queryByText('Loading the plan…')).toBeNull();
  });

  it('renders the panel after PANEL_WAIT_MS when the map never goes idle', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockFetch(() => json({ statusCode: 401, message: 'Sign in first' }, 401));
    renderWithClient(<PlanPage />, { route: '/plan' });
    act(() => vi.advanceTimersByTime(PANEL_WAIT_MS - 100));
    expect(panel()).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(panel()).not.toBeNull();
  });
});
