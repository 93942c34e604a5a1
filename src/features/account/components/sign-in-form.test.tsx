import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { SignInForm } from './sign-in-form';

const SESSION = {
  user: { id: 'u1', email: 'pilot@cascade.example', name: 'Alice Pilot', roles: ['pilot'], organization: null, scopes: [] },
  csrfToken: 'csrf-1',
  expires: '2026-07-02T00:00:00Z',
};

async function fillAndSubmit(password = 'wrong') {
  await userEvent.type(screen.getByLabelText('Email'), 'pilot@cascade.example');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  it('shows the service’s reason when the password is wrong, and marks the fields', async () => {
    mockFetch(() => json({ statusCode: 401, message: 'Wrong email or password' }, 401));
    const onSignedIn = vi.fn();
    renderWithClient(<SignInForm onSignedIn={onSignedIn} />);
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Wrong email or password');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says plainly when the service cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithClient(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be reached/);
  });

  it('signs in and hands over', async () => {
    const api = mockFetch(() => json(SESSION));
    const onSignedIn = vi.fn();
    renderWithClient(<SignInForm onSignedIn={onSignedIn} />);
    await fillAndSubmit('demo-pilot');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(JSON.parse(String(api.fn.mock.calls[0]![1]!.body))).toEqual({ email: 'pilot@cascade.example', password: 'demo-pilot' });
  });
});
