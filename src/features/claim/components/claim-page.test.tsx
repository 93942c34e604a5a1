import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { testQueryClient } from '../../../test/render';
import { operation, SQUARE } from '../../operations/test/operation-fixtures';
import { ClaimPage, whereText } from './claim-page';

vi.mock('../../../map/display-map', () => ({ DisplayMap: () => <div data-testid="display-map" /> }));

const ID = '6def5679-16a6-46e4-9fbe-2cbc5ef2c4db';
const PREVIEW = {
  id: ID,
  name: 'Bridge survey',
  boundary: SQUARE,
  flightType: 'FLIGHT_TYPE_COMMERCIAL' as const,
  maxAltitude: 200,
  startTime: '2099-07-01T16:00:00.000Z',
  endTime: '2099-07-01T17:00:00.000Z',
  timezoneName: 'America/Los_Angeles',
  expiresAt: '2099-06-08T10:00:00.000Z',
  sentBy: 'Acme Inspections',
  nearestAirport: { ident: 'BFI', name: 'Boeing Field', distanceNm: 1.2, direction: 'NE', state: 'WA' },
  nearestPlace: { name: 'Tukwila', region: 'WA', country: 'US', distanceNm: 0.8 },
};

function claimPage(signedIn: boolean | null) {
  const router = createMemoryRouter(
    [
      { path: '/plan/operations/:id/claim', element: <ClaimPage id={ID} signedIn={signedIn} signInHref="/sign-in?next=x" highlight={null} briefing={() => <p>briefing here</p>} /> },
      { path: '/operations/:id', element: <p>operation page</p> },
    ],
    { initialEntries: [`/plan/operations/${ID}/claim`] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('claim page', () => {
  it('shows a skeleton while the preview loads', () => {
    mockFetch((_, init) => pending(init));
    claimPage(false);
    expect(screen.getByTestId('claim:loading')).toBeTruthy();
  });

  it('explains a failure that is none of the dead ends', async () => {
    mockFetch(() => json({ statusCode: 503, message: 'Try later' }, 503));
    claimPage(false);
    expect((await screen.findByTestId('claim:error')).textContent).toMatch(/Try later/);
  });

  it.each([
    [404, undefined, 'unknown', 'This claim link is not known'],
    [410, 'EXPIRED', 'expired', 'This claim link has expired'],
    [410, 'CLAIMED', 'claimed', 'This operation has already been claimed'],
  ])('a %i (%s) link gets its own page', async (status, reason, problem, title) => {
    mockFetch(() => json({ statusCode: status, message: 'x', ...(reason ? { details: { reason } } : {}) }, status));
    claimPage(false);
    expect((await screen.findByTestId('claim:problem')).dataset.problem).toBe(problem);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it('shows the preview to someone signed out and asks them to sign in', async () => {
    mockFetch(() => json(PREVIEW));
    claimPage(false);
    expect((await screen.findByTestId('claim:preview')).textContent).toMatch(/09:00–10:00 PDT/);
    // Where it is and who sent it, before anyone signs in.
    expect(screen.getByTestId('claim:where').textContent).toBe('Near Tukwila, WA · 1.2 NM NE of Boeing Field (BFI), WA');
    expect(screen.getByText('Acme Inspections')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to claim' }).getAttribute('href')).toBe('/sign-in?next=x');
    expect(screen.queryByText('briefing here')).toBeNull();
  });

  it('claims it for someone signed in and lands on the operation', async () => {
    const api = mockFetch((path) => (path.endsWith('/claim') ? json({ operation: operation({ id: ID, name: 'Bridge survey' }), fixedAltitude: true }) : json(PREVIEW)));
    const router = claimPage(true);
    expect(await screen.findByText('briefing here')).toBeTruthy();
    await userEvent.click(screen.getByTestId('claim:claim'));
    expect(await screen.findByText('operation page')).toBeTruthy();
    expect(router.state.location.state).toEqual({ claimed: 'Bridge survey', fixedAltitude: true });
    expect(api.callsTo(`/v1/operations/ephemeral/${ID}/claim`)[0]![1]!.method).toBe('POST');
  });

  it('a claim that loses the race (409) says it was already claimed', async () => {
    mockFetch((path) => (path.endsWith('/claim') ? json({ statusCode: 409, message: 'already claimed', details: { reason: 'CLAIMED' } }, 409) : path.endsWith('/preview') ? json(PREVIEW) : json({ statusCode: 404, message: 'no' }, 404)));
    claimPage(true);
    await userEvent.click(await screen.findByTestId('claim:claim'));
    expect((await screen.findByTestId('claim:problem')).dataset.problem).toBe('claimed');
  });
});

describe('whereText', () => {
  it('says the airport alone when a deployment sends no place, and the country abroad', () => {
    expect(whereText({ ...PREVIEW, nearestPlace: undefined })).toBe('1.2 NM NE of Boeing Field (BFI), WA');
    expect(whereText({ ...PREVIEW, nearestPlace: { name: 'Victoria', region: null, country: 'CA', distanceNm: 3 }, nearestAirport: null })).toBe('Near Victoria, CA · More than 30 NM from any airport');
  });

  describe('times: the area’s zone first, the integration’s named when it reads differently', () => {
    it('reads the window on the area’s clocks, names both zones, and gives the briefing the area’s', async () => {
      // Seattle, sent by an app that thought New York: 16:00 UTC is 09:00 PDT there, 12:00 EDT as sent.
      mockFetch(() => json({ ...PREVIEW, timezoneName: 'America/New_York' }));
      const briefing = vi.fn(() => <p>briefing here</p>);
      const router = createMemoryRouter(
        [{ path: '/plan/operations/:id/claim', element: <ClaimPage id={ID} signedIn signInHref="/sign-in" highlight={null} briefing={briefing} /> }],
        { initialEntries: [`/plan/operations/${ID}/claim`] },
      );
      render(
        <QueryClientProvider client={testQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      const given = await screen.findByTestId('claim:when-given', {}, { timeout: 5000 });
      expect(screen.getByTestId('claim:when').getAttribute('data-zone')).toBe('America/Los_Angeles');
      expect(screen.getByTestId('claim:when').textContent).toMatch(/Wed, Jul 1, 09:00–10:00 PDT \(16:00–17:00 UTC\)/);
      expect(screen.getByTestId('claim:when-zone').textContent).toBe('On the clocks at the area, America/Los_Angeles');
      expect(given.textContent).toMatch(/Acme Inspections gave the times for America\/New_York, where they read Wed, Jul 1, 12:00–13:00 EDT/);
      expect(given.textContent).toMatch(/The flight is in America\/Los_Angeles/);
      expect(briefing).toHaveBeenLastCalledWith(expect.objectContaining({ id: ID }), 'America/Los_Angeles');
    });

    it('names the area’s zone alone when the integration’s reads the same', async () => {
      // America/Vancouver keeps Seattle's clocks.
      mockFetch(() => json({ ...PREVIEW, timezoneName: 'America/Vancouver' }));
      claimPage(false);
      await waitFor(() => expect(screen.getByTestId('claim:when').getAttribute('data-zone')).toBe('America/Los_Angeles'), { timeout: 5000 });
      expect(screen.getByTestId('claim:when-zone').textContent).toBe('Local time at the area, America/Los_Angeles');
      expect(screen.queryByTestId('claim:when-given')).toBeNull();
    });
  });
});
