import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../server/contract/auth';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { MembersPanel } from './members-panel';

const org = { id: 'o1', name: 'Cascade Aerial' };
const operator: User = { id: 'u1', email: 'op@x.example', name: 'Olivia Operator', roles: ['pilot', 'operator'], organization: org, scopes: [] };
const pilot: User = { ...operator, id: 'u2', name: 'Alice Pilot', roles: ['pilot'] };
const MEMBERS = { organization: org, members: [{ id: 'u2', name: 'Alice Pilot', roles: ['pilot'] }, { id: 'u1', name: 'Olivia Operator', roles: ['pilot', 'operator'] }] };
const INVITE = { id: '6f1c1c2e-3b1a-4c1e-9a39-1f2d3c4b5a69', role: 'operator', invitedBy: 'Olivia Operator', createdAt: '2030-01-01T00:00:00.000Z', expiresAt: '2030-01-04T00:00:00.000Z' };
const TOKEN = 'A'.repeat(43);

describe('members panel', () => {
  it('lists the people; a pilot gets no invite controls and asks nothing of the invites endpoint', async () => {
    const api = mockFetch(() => json(MEMBERS));
    renderWithClient(<MembersPanel user={pilot} />);
    expect((await screen.findByTestId('members:list')).textContent).toContain('Olivia Operator');
    expect(screen.queryByTestId('members:create-invite')).toBeNull();
    expect(api.callsTo('/v1/organization/invites')).toHaveLength(0);
  });

  it('lets an operator create an invite with the chosen role and days, shows its link once, and revokes a pending one', async () => {
    let pending = [INVITE];
    const api = mockFetch((path, init) => {
      if (path === '/v1/organization/members') return json(MEMBERS);
      if (path === '/v1/organization/invites' && init.method === 'POST') return json({ invite: INVITE, token: TOKEN, link: `http://x.example/invite#${TOKEN}` }, 201);
      if (path === '/v1/organization/invites') return json({ invites: pending });
      pending = [];
      return new Response(null, { status: 204 });
    });
    renderWithClient(<MembersPanel user={operator} />);
    await userEvent.selectOptions(await screen.findByTestId('members:invite-role'), 'operator');
    await userEvent.selectOptions(screen.getByTestId('members:invite-days'), '3');
    await userEvent.click(screen.getByTestId('members:create-invite'));
    expect(((await screen.findByTestId('members:invite-link')) as HTMLInputElement).value).toBe(`http://x.example/invite#${TOKEN}`);
    const post = api.callsTo('/v1/organization/invites').find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ role: 'operator', expiresInDays: 3 });
    expect((await screen.findByTestId('members:invite')).textContent).toMatch(/^Operator invite by Olivia Operator/);
    await userEvent.click(screen.getByRole('button', { name: /Revoke the operator invite/ }));
    await vi.waitFor(() => expect(api.callsTo(`/v1/organization/invites/${INVITE.id}`).map(([, i]) => i?.method)).toEqual(['DELETE']));
    expect(await screen.findByTestId('members:no-invites')).toBeTruthy();
  });
});
