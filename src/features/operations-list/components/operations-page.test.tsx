import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { list, operation } from '../../operations/test/operation-fixtures';
import { OperationsPage } from './operations-page';

// MapLibre needs WebGL, which jsdom lacks: the map is tested in Playwright.
vi.mock('../../../map/display-map', () => ({ DisplayMap: () => <div data-testid="display-map" /> }));

const page = (route = '/operations') => renderWithClient(<OperationsPage meId="pilot-1" isOperator={false} />, { route });

describe('operations page', () => {
  it("shows an operator the names of the organization's pilots", async () => {
    mockFetch((path) =>
      path === '/v1/organization/members'
        ? json({ organization: { id: 'org-1', name: 'Cascade Aerial' }, members: [{ id: 'pilot-2', name: 'Bob Pilot', roles: ['pilot'] }] })
        : json(list([operation({ pilotId: 'pilot-2' }), operation({ id: '0b5f7a52-3a55-4b0e-9d0a-1f2c3d4e5f60', name: 'Own flight', pilotId: 'op-1' })])),
    );
    renderWithClient(<OperationsPage meId="op-1" isOperator />, { route: '/operations' });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByText('Bob Pilot').length).toBeGreaterThan(0));
    expect(within(table).getByText('You')).toBeTruthy();
  });

  it('shows a skeleton while the list loads', () => {
    mockFetch((_, init) => pending(init));
    page();
    expect(screen.getByTestId('operations:loading').getAttribute('aria-busy')).toBe('true');
  });

  it('explains a failure and tries again', async () => {
    let calls = 0;
    mockFetch((path) => (path === '/v1/organization/members' ? json({ organization: null, members: [] }) : ++calls === 1 ? json({ statusCode: 500, message: 'Database unavailable' }, 500) : json(list([operation()]))));
    page();
    expect((await screen.findByTestId('operations:error')).textContent).toMatch(/Database unavailable/);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Roof survey' })).toBeTruthy();
  });

  it('leads to the plan page when there are no operations', async () => {
    mockFetch(() => json(list([])));
    page();
    const empty = await screen.findByTestId('operations:empty');
    expect(within(empty).getByRole('link', { name: 'Plan a flight' }).getAttribute('href')).toBe('/plan');
  });

  it('says when filters match nothing', async () => {
    mockFetch(() => json(list([])));
    page('/operations?status=ENDED');
    expect(await screen.findByTestId('operations:no-match')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('names the zone whose days the date filters mean (operations lie in many zones)', async () => {
    mockFetch(() => json(list([])));
    page('/operations?from=2027-03-14');
    await screen.findByTestId('operations:no-match');
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByLabelText(`From (${zone} days)`)).toBeTruthy();
    expect(screen.getByLabelText(`To (${zone} days)`)).toBeTruthy();
  });

  it('lists operations and asks the service for the next page', async () => {
    const api = mockFetch(() => json({ ...list([operation()], 45), nextOffset: 20 }));
    page();
    expect(await screen.findByTestId('operations:range')).toHaveProperty('textContent', '1–1 of 45');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.fn.mock.calls.some(([u]) => String(u).includes('offset=20'))).toBe(true));
    expect(String(api.callsTo('/v1/operations')[0]![0])).toContain('sort=-startTime');
  });

  it('searches and filters on the service, one page at a time', async () => {
    const bridge = operation({ id: '7def5679-16a6-46e4-9fbe-2cbc5ef2c4db', name: 'Bridge inspection' });
    const api = mockFetch(() => {
      const url = String(api.fn.mock.calls.at(-1)![0]);
      return json(new URL(url, 'http://localhost').searchParams.get('q') === 'bridge' ? list([bridge], 21) : list([operation(), bridge]));
    });
    page('/operations?type=FLIGHT_TYPE_COMMERCIAL&pilot=me');
    await screen.findByRole('link', { name: 'Roof survey' });
    await userEvent.type(screen.getByTestId('operations:search'), 'bridge');
    // The search is debounced: on a busy machine the answer can take longer than waitFor's default second.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Roof survey' })).toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Bridge inspection' })).toBeTruthy();
    expect(screen.getByTestId('operations:range').textContent).toBe('1–1 of 21');
    const last = new URL(String(api.fn.mock.calls.at(-1)![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(last)).toEqual({ limit: '20', offset: '0', sort: '-startTime', q: 'bridge', flightType: 'FLIGHT_TYPE_COMMERCIAL', pilotId: 'pilot-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(new URL(String(api.fn.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get('offset')).toBe('20'), { timeout: 5000 });
  });

  it('shows each operation’s authorization statuses and filters by them through the service', async () => {
    const pendingOp = operation({ id: '0b5f7a52-3a55-4b0e-9d0a-1f2c3d4e5f61', name: 'Tower', authorizationProviders: ['APPROVAL_PROVIDER_LAANC'] });
    const none = operation({ id: '0b5f7a52-3a55-4b0e-9d0a-1f2c3d4e5f62', name: 'Field', authorizationProviders: [] });
    const api = mockFetch((path) => (path === '/v1/operations' ? json(list([pendingOp, none], 2, { [pendingOp.id]: ['STATUS_APPROVED', 'STATUS_PENDING', 'STATUS_PENDING'] })) : json({ organization: null, members: [] })));
    page();
    const rows = await screen.findAllByTestId('operations:row');
    expect(within(rows[0]!).getByTestId('operations:auth-statuses').textContent).toBe('Approved2 × Pending FAA');
    expect(rows[1]!.textContent).toMatch(/None requested/);
    await userEvent.selectOptions(screen.getByTestId('operations:auth'), 'rescinded');
    await waitFor(() => {
      const last = new URL(String(api.callsTo('/v1/operations').at(-1)![0]), 'http://localhost');
      expect(last.searchParams.get('authorization')).toBe('STATUS_RESCINDED,STATUS_RESCINDED_ACKNOWLEDGED');
    });
  });
});
