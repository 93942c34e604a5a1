import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { operation } from '../../operations/test/operation-fixtures';
import { OperationPage } from './operation-page';

vi.mock('../../../map/display-map', () => ({ DisplayMap: () => <div data-testid="display-map" /> }));

const OP = operation();
const page = (lock: string | null = null) =>
  renderWithClient(
    <OperationPage id={OP.id} meId="pilot-1" shapes={[]} highlight={null} lock={lock} notice={null}>
      {() => <p>LAANC section</p>}
    </OperationPage>,
  );

describe('operation page over a restricted area (one truth per place)', () => {
  const restricted = {
    status: 'NOTICE_STATUS_WARNING', statusLabel: 'Warning', channel: 'Restricted', authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED',
    restrictedBy: ['P-56', 'Washington DC Flight Restricted Zone (FRZ) (4/2565)'], laancRefusal: 'The area is restricted: no LAANC request is offered.',
  };

  it('says the area is restricted, names the restrictions, and marks a requested LAANC as not possible', async () => {
    mockFetch(() => json({ ...OP, authorizationProviders: ['APPROVAL_PROVIDER_LAANC'] }));
    renderWithClient(
      <OperationPage id={OP.id} meId="pilot-1" shapes={[]} highlight={null} lock={null} notice={null} airspace={restricted}>
        {() => <p>LAANC section</p>}
      </OperationPage>,
    );
    const bar = await screen.findByTestId('operation:restricted');
    expect(bar.textContent).toMatch(/Restricted area\. P-56; Washington DC Flight Restricted Zone .*No LAANC request is possible/);
    expect(screen.getByTestId('operation:airspace').textContent).toBe('Warning: Restricted');
    expect(screen.getByTestId('operation:providers').textContent).toBe('LAANC (LAANC cannot authorize this area)');
  });

  it('shows the channel of an unrestricted area without a restriction bar', async () => {
    mockFetch(() => json(OP));
    renderWithClient(
      <OperationPage id={OP.id} meId="pilot-1" shapes={[]} highlight={null} lock={null} notice={null} airspace={{ ...restricted, status: 'NOTICE_STATUS_CAUTION', statusLabel: 'Caution', channel: 'LAANC authorization required', authorizationType: 'AUTHORIZATION_TYPE_LAANC', restrictedBy: [], laancRefusal: null }}>
        {() => <p>LAANC section</p>}
      </OperationPage>,
    );
    expect((await screen.findByTestId('operation:airspace')).textContent).toBe('Caution: LAANC authorization required');
    expect(screen.queryByTestId('operation:restricted')).toBeNull();
  });
});

describe('operation page', () => {
  it('shows a skeleton while it loads', () => {
    mockFetch((_, init) => pending(init));
    page();
    expect(screen.getByTestId('operation:loading')).toBeTruthy();
  });

  it('says plainly when the operation does not exist or is not yours', async () => {
    mockFetch(() => json({ statusCode: 404, message: 'Operation not found' }, 404));
    page();
    expect(await screen.findByRole('heading', { name: 'Operation not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Operations' })).toBeTruthy();
  });

  it('explains other failures with a retry', async () => {
    mockFetch(() => json({ statusCode: 500, message: 'Store unavailable' }, 500));
    page();
    expect((await screen.findByTestId('operation:error')).textContent).toMatch(/Store unavailable/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the details in the area’s local time, with the LAANC section', async () => {
    mockFetch(() => json(OP));
    page();
    await screen.findByTestId('operation:details');
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Roof survey Upcoming');
    expect(screen.getByTestId('operation:when').textContent).toMatch(/09:00–10:00 PDT \(16:00–17:00 UTC\) \(1 h\)/);
    expect(screen.getByText('LAANC section')).toBeTruthy();
  });

  it('names the area’s zone when the operation was created with a zone whose clocks differ (an API client’s)', async () => {
    // Seattle, created by a client that gave New York: the page keeps the record's zone and says where the flight is.
    mockFetch(() => json({ ...OP, timezone: 'America/New_York' }));
    page();
    const note = await screen.findByTestId('operation:area-zone', {}, { timeout: 5000 });
    expect(note.textContent).toMatch(/in America\/New_York, the zone the operation was created with. The area is in America\/Los_Angeles, where the flight is Wed, Jul 1, 2099|Jul 1, 09:00–10:00 PDT/);
    expect(note.textContent).toMatch(/09:00–10:00 PDT/);
  });

  it('says nothing more when the operation’s zone reads as the area’s', async () => {
    mockFetch(() => json({ ...OP, timezone: 'America/Vancouver' }));
    page();
    await screen.findByTestId('operation:details');
    // The zone table loads on its own; give it the time the test above needed.
    await new Promise((r) => setTimeout(r, 1000));
    expect(screen.queryByTestId('operation:area-zone')).toBeNull();
  });

  it('does not offer edit or delete while an authorization is active, and says why', async () => {
    mockFetch(() => json(OP));
    page('An authorization is pending or approved: cancel or close it before changing or deleting the operation.');
    await screen.findByTestId('operation:details');
    expect(screen.getByTestId('operation:edit')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('operation:delete')).toHaveProperty('disabled', true);
    expect(screen.getByText(/cancel or close it before changing/)).toBeTruthy();
  });

  it('edits with PUT, keeping the pilot and the area', async () => {
    const api = mockFetch((_, init) => json(init.method === 'PUT' ? { ...OP, name: 'Roof survey, north' } : OP));
    page();
    await userEvent.click(await screen.findByTestId('operation:edit'));
    const form = screen.getByTestId('operation:edit-form');
    const name = within(form).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Roof survey, north');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Roof survey, north Upcoming');
    const put = api.fn.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ name: 'Roof survey, north', pilotId: 'pilot-1', boundary: OP.boundary, startTime: OP.startTime, callbackUrl: null });
  });

  it('says what a start in the hour the clocks skip is read as, and saves that', async () => {
    const api = mockFetch(() => json(OP));
    page();
    await userEvent.click(await screen.findByTestId('operation:edit'));
    const form = screen.getByTestId('operation:edit-form');
    fireEvent.change(within(form).getByLabelText('Start (America/Los_Angeles)'), { target: { value: '2099-03-08T02:30' } });
    fireEvent.change(within(form).getByLabelText('End (America/Los_Angeles)'), { target: { value: '2099-03-08T04:00' } });
    expect(screen.getByTestId('operation:edit-start-clock-change').textContent).toBe(
      '02:30 does not occur that day in America/Los_Angeles (the clocks go forward): the flight starts at Sun, Mar 8, 03:30 PDT.',
    );
    expect(screen.queryByTestId('operation:edit-end-clock-change')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.fn.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = api.fn.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ startTime: '2099-03-08T10:30:00.000Z', endTime: '2099-03-08T11:00:00.000Z' });
  });

  it('asks before deleting', async () => {
    const api = mockFetch((_, init) => (init.method === 'DELETE' ? new Response(null, { status: 204 }) : json(OP)));
    page();
    await userEvent.click(await screen.findByTestId('operation:delete'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete “Roof survey”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete operation' }));
    await vi.waitFor(() => expect(api.fn.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(true));
  });
});
