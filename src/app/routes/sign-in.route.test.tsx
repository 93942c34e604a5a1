import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { testQueryClient } from '../../test/render';
import { statusAnswer } from '../../test/status-fixture';
import { safeNext } from '../sign-in-path';
import { Component as SignInPage } from './sign-in.route';

const SESSION = {
  user: { id: 'u1', email: 'pilot@cascade.example', name: 'Alice Pilot', roles: ['pilot'], organization: null, scopes: [] },
  csrfToken: 'c',
  expires: '2026-07-02T00:00:00Z',
};

describe('sign-in page', () => {
  it('returns to the claim link the pilot came from', async () => {
    mockFetch(() => json(SESSION));
    const router = createMemoryRouter(
      [
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/plan/operations/:id/claim', element: <p>claim page</p> },
      ],
      { initialEntries: ['/sign-in?next=%2Fplan%2Foperations%2Fop-1%2Fclaim'] },
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'pilot@cascade.example');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pilot');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('claim page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/plan/operations/op-1/claim');
  });

  it('never follows a next that leaves the site', () => {
    expect(safeNext('https://evil.example')).toBe('/plan');
    expect(safeNext('//evil.example/x')).toBe('/plan');
    expect(safeNext('/\\evil.example')).toBe('/plan');
    expect(safeNext('/operations/1')).toBe('/operations/1');
  });

  it('lists the demo accounts in the sandbox, and takes the FAA account to its console', async () => {
    const faa = { ...SESSION, user: { ...SESSION.user, email: 'faa@sandbox.example', roles: ['faa'] } };
    mockFetch((path) => (path === '/v1/status' ? json(statusAnswer()) : json(faa)));
    const router = createMemoryRouter(
      [
        { path: '/sign-in', element: <SignInPage /> },
        { path: '/sandbox', element: <p>FAA console</p> },
      ],
      { initialEntries: ['/sign-in'] },
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const demo = await screen.findByTestId('sign-in:demo-accounts');
    expect(demo.textContent).toMatch(/faa@sandbox\.example, password demo-faa: sandbox FAA/);
    expect(demo.textContent).toMatch(/pilot@cascade\.example, password demo-pilot: pilot, Cascade Aerial/);
    await userEvent.type(screen.getByLabelText('Email'), 'faa@sandbox.example');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-faa');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('FAA console')).toBeTruthy();
  });

  it('shows no demo accounts on a production deployment', async () => {
    const api = mockFetch((path) => (path === '/v1/status' ? json(statusAnswer({ profile: 'production', kind: 'faa' })) : json(SESSION)));
    const router = createMemoryRouter([{ path: '/sign-in', element: <SignInPage /> }], { initialEntries: ['/sign-in'] });
    const client = testQueryClient();
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(api.callsTo('/v1/status')).toHaveLength(1));
    await vi.waitFor(() => expect(client.getQueryCache().getAll().every((q) => q.state.status === 'success')).toBe(true));
    expect(screen.queryByTestId('sign-in:demo-accounts')).toBeNull();
  });
});
