import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock';
import { testQueryClient } from '../../test/render';
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
});
