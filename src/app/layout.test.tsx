import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKeys } from '../features/account/account-keys';
import { json, mockFetch } from '../test/fetch-mock';
import { testQueryClient } from '../test/render';
import { statusAnswer } from '../test/status-fixture';
import { Layout } from './layout';

const SESSION = {
  user: { id: 'u1', email: 'pilot@cascade.example', name: 'Alice Pilot', roles: ['pilot'], organization: null, scopes: [] },
  csrfToken: 'c',
  expires: '2099-07-02T00:00:00Z',
};

function renderLayout(status: ReturnType<typeof statusAnswer>, signedIn: boolean, page: React.ReactNode = <p>plan</p>) {
  mockFetch((path) => (path === '/v1/status' ? json(status) : json({ statusCode: 404, message: 'none' }, 404)));
  const client = testQueryClient();
  client.setQueryData(accountKeys.me(), signedIn ? SESSION : null);
  const router = createMemoryRouter([{ path: '/', element: <Layout />, children: [{ path: 'plan', element: page }] }], { initialEntries: ['/plan'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const navLabels = () => within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link').map((a) => a.textContent);

describe('the shell', () => {
  afterEach(() => localStorage.clear());

  it('labels a sandbox deployment as not for flight, with the way to import FAA data, and hides Review from people signed out', async () => {
    renderLayout(statusAnswer({ kind: 'sandbox' }), false);
    const label = await screen.findByTestId('sandbox-label');
    expect(label.textContent).toMatch(/airspace outside the real FAA files is generated for testing\. Not for flight\./);
    expect(within(label).getByRole('link', { name: 'How to import FAA data' }).getAttribute('href')).toBe('/data-import');
    expect(navLabels()).toEqual(['Plan', 'Operations', 'Settings']);
  });

  it('shows Review to someone signed in', async () => {
    renderLayout(statusAnswer(), true);
    await screen.findByTestId('sandbox-label');
    expect(navLabels()).toEqual(['Plan', 'Operations', 'Review', 'Settings']);
  });

  it('says nothing of a sandbox on a production deployment with FAA data', async () => {
    renderLayout(statusAnswer({ profile: 'production', kind: 'faa' }), false);
    await screen.findByText('plan');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('sandbox-label')).toBeNull();
  });

  it('keeps the navigation when a page’s code cannot be loaded (the service out of reach), and says so in words', async () => {
    // React logs the caught error; the test expects it.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Unreachable(): never {
      throw new Error('Unable to preload CSS for http://127.0.0.1:8080/assets/operations-DzNbgwEr.css');
    }
    renderLayout(statusAnswer(), true, <Unreachable />);
    // Checking first, then waiting once the check finds no service (on a loaded machine it may already have).
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The page could not be loaded: the service (could not|cannot) be reached/);
    expect(navLabels()).toEqual(['Plan', 'Operations', 'Review', 'Settings']);
    logged.mockRestore();
  });
});
