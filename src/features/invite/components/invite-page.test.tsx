import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { InvitePage, tokenFromHash } from './invite-page';

const TOKEN = 'Abc_-0123456789abcdefghijklmnopqrstuvwxyzAB';
const PREVIEW = { organization: 'Cascade Aerial', invitedBy: 'Olivia Operator', role: 'pilot', expiresAt: '2030-01-08T12:00:00.000Z' };
const SESSION = {
  user: { id: 'u1', email: 'kim@example.org', name: 'Kim Lee', roles: ['pilot'], organization: { id: 'o1', name: 'Cascade Aerial' }, scopes: [] },
  csrfToken: 'c',
  expires: '2030-01-01T00:00:00.000Z',
};

describe('invite page', () => {
  it('reads the token from the fragment only when it is a whole token', () => {
    expect(TOKEN).toHaveLength(43);
    expect(tokenFromHash(`#${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(`#${TOKEN.slice(1)}`)).toBeNull();
    expect(tokenFromHash('')).toBeNull();
  });

  it('asks for the whole link, and sends nothing, when the fragment is not a token', () => {
    const api = mockFetch(() => json(PREVIEW));
    renderWithClient(<InvitePage hash="#short" />);
    expect(screen.getByTestId('invite:bad-link').textContent).toMatch(/whole invite link/);
    expect(api.callsTo('/v1/invites/preview')).toHaveLength(0);
  });

  it('shows the service’s word on a spent link', async () => {
    mockFetch(() => json({ statusCode: 410, message: 'This invite link has already been used; ask the operator for a new one' }, 410));
    renderWithClient(<InvitePage hash={`#${TOKEN}`} />);
    expect((await screen.findByTestId('invite:spent')).textContent).toMatch(/already been used/);
  });

  it('says who invites, names a short password before sending, then signs up with the token in the body', async () => {
    const api = mockFetch((path) => (path === '/v1/invites/sign-up' ? json(SESSION, 201) : json(PREVIEW)));
    renderWithClient(<InvitePage hash={`#${TOKEN}`} />);
    expect((await screen.findByTestId('invite:summary')).textContent).toBe('Olivia Operator invites you to join Cascade Aerial as a pilot.');
    // The expiry is on the browser's clocks, so it names their zone ("…, 12:00 PM UTC").
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(new Date(PREVIEW.expiresAt)).find((p) => p.type === 'timeZoneName')!.value;
    expect(screen.getByText(/The link works once, until/).textContent).toContain(` ${zone}.`);
    const preview = api.callsTo('/v1/invites/preview')[0]!;
    expect(JSON.parse(String(preview[1]!.body))).toEqual({ token: TOKEN });
    await userEvent.type(await screen.findByTestId('invite:name'), ' Kim Lee ');
    await userEvent.type(screen.getByTestId('invite:email'), 'kim@example.org');
    await userEvent.type(screen.getByTestId('invite:password'), 'short');
    await userEvent.click(screen.getByTestId('invite:submit'));
    expect(screen.getByText('At least 10 characters.')).toBeTruthy();
    expect(api.callsTo('/v1/invites/sign-up')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('invite:password'), '-but-longer');
    await userEvent.click(screen.getByTestId('invite:submit'));
    await vi.waitFor(() => expect(api.callsTo('/v1/invites/sign-up')).toHaveLength(1));
    expect(JSON.parse(String(api.callsTo('/v1/invites/sign-up')[0]![1]!.body))).toEqual({ token: TOKEN, name: 'Kim Lee', email: 'kim@example.org', password: 'short-but-longer' });
  });
});
