import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKeys } from '../features/account/account-keys';
import { json, mockFetch } from '../test/fetch-mock';
import { testQueryClient } from '../test/render';
import { statusAnswer } from '../test/status-fixture';
import { Layout } from './layout';
import { resetSandboxRead, SANDBOX_READ_KEY } from '../features/deployment/sandbox-label';

const SESSION: { user: { id: string; email: string; name: string; roles: string[]; organization: { id: string; name: string } | null; scopes: string[] }; csrfToken: string; expires: string } = {
  user: { id: 'u1', email: 'pilot@cascade.example', name: 'Alice Pilot', roles: ['pilot'], organization: null, scopes: [] },
  csrfToken: 'c',
  expires: '2099-07-02T00:00:00Z',
};

const ORG = { id: 'o1', name: 'Cascade Aerial' };
const PILOT_IN_ORG = { ...SESSION, user: { ...SESSION.user, organization: ORG } };
const OPERATOR = { ...SESSION, user: { ...SESSION.user, name: 'Olivia Operator', roles: ['pilot', 'operator'], organization: ORG } };

function renderLayout(status: ReturnType<typeof statusAnswer>, signedIn: boolean | typeof SESSION, page: React.ReactNode = <p>plan</p>) {
  mockFetch((path) => (path === '/v1/status' ? json(status) : json({ statusCode: 404, message: 'none' }, 404)));
  const client = testQueryClient();
  client.setQueryData(accountKeys.me(), signedIn === true ? SESSION : signedIn || null);
  const router = createMemoryRouter([{ path: '/', element: <Layout />, children: [{ path: 'plan', element: page }] }], { initialEntries: ['/plan'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const navLabels = () => within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link').map((a) => a.textContent);

describe('the shell', () => {
  afterEach(() => {
    localStorage.clear();
    resetSandboxRead();
  });

  it('labels a sandbox deployment as not for flight, with the way to import FAA data, and hides Review from people signed out', async () => {
    renderLayout(statusAnswer({ kind: 'sandbox' }), false);
    const label = await screen.findByTestId('sandbox-label');
    expect(label.textContent).toMatch(/airspace outside the real FAA files is generated for testing\. Not for flight\./);
    expect(within(label).getByRole('link', { name: 'How to import FAA data' }).getAttribute('href')).toBe('/data-import');
    expect(navLabels()).toEqual(['Plan', 'Operations', 'Settings']);
  });

  it('shows a plain pilot only the tabs a pilot can use (no Review, no Members)', async () => {
    renderLayout(statusAnswer(), PILOT_IN_ORG);
    await screen.findByTestId('sandbox-label');
    expect(navLabels()).toEqual(['Plan', 'Operations', 'Settings']);
  });

  it('shows an operator Review and Members', async () => {
    renderLayout(statusAnswer(), OPERATOR);
    await screen.findByTestId('sandbox-label');
    expect(navLabels()).toEqual(['Plan', 'Operations', 'Review', 'Settings', 'Members']);
  });

  it('shrinks the sandbox label to a badge once read, never hiding it', async () => {
    renderLayout(statusAnswer({ kind: 'sandbox' }), true);
    const label = await screen.findByTestId('sandbox-label');
    expect(screen.queryByTestId('sandbox-badge')).toBeNull();
    within(label).getByRole('button', { name: 'OK' }).click();
    const badge = await screen.findByTestId('sandbox-badge');
    expect(screen.queryByTestId('sandbox-label')).toBeNull();
    expect(badge.textContent).toContain('Sandbox');
    expect(badge.textContent).toContain('Not for flight.');
    expect(badge.getAttribute('href')).toBe('/data-import');
    expect(localStorage.getItem(SANDBOX_READ_KEY)).toBe('1');
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
    renderLayout(statusAnswer(), OPERATOR, <Unreachable />);
    // Checking first, then waiting once the check finds no service (on a loaded machine it may already have).
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The page could not be loaded: the service (could not|cannot) be reached/);
    expect(navLabels()).toEqual(['Plan', 'Operations', 'Review', 'Settings', 'Members']);
    logged.mockRestore();
  });
});
