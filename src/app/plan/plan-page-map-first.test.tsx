/**
 * The map first (docs/portal-delivery.md): the plan page's first commit holds the map, whose effect
 * creates it, and the panel's content comes in a later render. MapView is a stand-in that records,
 * when its effect runs (where the real one creates the map), whether the panel had rendered.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithClient } from '../../test/render';

const panelAtMapCreation: boolean[] = [];

vi.mock('../../map/map-view', async () => {
  const { useEffect } = await import('react');
  return {
    MapView: () => {
      useEffect(() => void panelAtMapCreation.push(document.querySelector('#area-heading') !== null), []);
      return <div data-testid="map" />;
    },
  };
});

const { PlanPage } = await import('./plan-page');

describe('the plan page', () => {
  it('creates the map before it renders the panel, then renders the panel', async () => {
    mockFetch(() => json({ statusCode: 401, message: 'Sign in first' }, 401));
    renderWithClient(<PlanPage />, { route: '/plan' });
    expect(await screen.findByRole('heading', { name: 'Flight area' })).toBeTruthy();
    expect(panelAtMapCreation).toEqual([false]);
    expect(screen.queryByText('Loading the plan…')).toBeNull();
  });
});
