import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { draftProblems, ProfileForm, splitRegistrations } from './profile-form';

const SAVED = { name: 'Ada Park', phoneNumber: null, part107Certificate: null, registrations: [] };

describe('pilot profile form', () => {
  it('shows a skeleton, then the profile', async () => {
    mockFetch((_, init) => pending(init));
    renderWithClient(<ProfileForm />);
    expect(screen.getByTestId('profile:loading')).toBeTruthy();
  });

  it('says what is wrong in words and sends nothing until it is right, then saves', async () => {
    const api = mockFetch((path, init) => (init.method === 'PUT' ? json(JSON.parse(String(init.body))) : json(SAVED)));
    renderWithClient(<ProfileForm />);
    const reg = await screen.findByTestId('profile:registrations');
    await userEvent.type(reg, 'fa3xk7pm9t, N12345');
    await userEvent.type(screen.getByTestId('profile:part107Certificate'), '4123456');
    await userEvent.type(screen.getByTestId('profile:phoneNumber'), '+1 206 555 0100');
    await userEvent.click(screen.getByTestId('profile:save'));
    expect(screen.getByText(/Not an FAA registration number: N12345/)).toBeTruthy();
    expect(api.callsTo('/v1/me/profile').filter(([, i]) => i?.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(reg);
    await userEvent.type(reg, 'fa3xk7pm9t FA00000001');
    await userEvent.click(screen.getByTestId('profile:save'));
    expect(await screen.findByTestId('profile:saved')).toBeTruthy();
    const put = api.callsTo('/v1/me/profile').find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ name: 'Ada Park', phoneNumber: '+1 206 555 0100', part107Certificate: '4123456', registrations: ['FA3XK7PM9T', 'FA00000001'] });
  });

  it('shows the service’s refusal', async () => {
    mockFetch((_, init) => (init.method === 'PUT' ? json({ statusCode: 422, message: 'body.name: too long' }, 422) : json(SAVED)));
    renderWithClient(<ProfileForm />);
    await userEvent.click(await screen.findByTestId('profile:save'));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/too long/));
  });
});

describe('profile checks', () => {
  it('splits registrations on commas and spaces, upper-cased', () => {
    expect(splitRegistrations(' fa3xk7pm9t,FA00000001\nfa11111111 ')).toEqual(['FA3XK7PM9T', 'FA00000001', 'FA11111111']);
  });

  it('accepts empty optional fields and names each bad one', () => {
    expect(draftProblems({ name: 'A', phoneNumber: '', part107Certificate: '', registrations: '' })).toEqual({});
    expect(Object.keys(draftProblems({ name: ' ', phoneNumber: 'x', part107Certificate: '12', registrations: 'FA1' })).sort()).toEqual(['name', 'part107Certificate', 'phoneNumber', 'registrations']);
  });
});
