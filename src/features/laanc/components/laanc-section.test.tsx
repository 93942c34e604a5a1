import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { authorization, authorizationResult, candidate, laanc, operation } from '../../operations/test/operation-fixtures';
import { LaancSection } from './laanc-section';

const OP = operation();
const ME = { id: 'pilot-1', name: 'Alice Pilot', email: 'pilot@cascade.example' };
const LAANC_PATH = `/v1/operations/${OP.id}/laanc`;
const section = () => renderWithClient(<LaancSection operation={OP} me={ME} onHighlight={vi.fn()} />);
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('LAANC section', () => {
  it('offers no LAANC request where the area\'s briefing says LAANC cannot authorize it (restricted or DroneZone)', async () => {
    mockFetch(() => json({ statusCode: 404, message: 'No LAANC operation' }, 404));
    renderWithClient(<LaancSection operation={OP} me={ME} onHighlight={vi.fn()} notThroughLaanc="The area is restricted (P-56): no LAANC request is offered." />);
    expect((await screen.findByTestId('laanc:not-offered')).textContent).toMatch(/restricted \(P-56\)/);
    expect(screen.queryByTestId('laanc:details-form')).toBeNull();
    expect(screen.queryByTestId('laanc:none')).toBeNull();
  });

  it('shows a skeleton while it loads', () => {
    mockFetch((_, init) => pending(init));
    section();
    expect(screen.getByTestId('laanc:loading')).toBeTruthy();
  });

  it('explains a failure with a retry', async () => {
    mockFetch(() => json({ statusCode: 500, message: 'LAANC service down' }, 500));
    section();
    expect((await screen.findByTestId('laanc:error')).textContent).toMatch(/LAANC service down/);
  });

  it('offers to start the LAANC request when there is none, with the person as contact', async () => {
    const api = mockFetch((path, init) => (init.method === 'POST' ? json(laanc(), 201) : json({ statusCode: 404, message: 'No LAANC operation' }, 404)));
    section();
    expect(await screen.findByTestId('laanc:none')).toBeTruthy();
    const form = screen.getByTestId('laanc:details-form');
    expect(within(form).getByLabelText('First name')).toHaveProperty('value', 'Alice');
    expect(within(form).getByLabelText('Email')).toHaveProperty('value', 'pilot@cascade.example');
    await userEvent.type(within(form).getByLabelText('Phone'), '+1 206 555 0100');
    await userEvent.click(within(form).getByRole('button', { name: 'Start the LAANC request' }));
    await vi.waitFor(() => expect(api.callsTo(LAANC_PATH).some(([, i]) => i?.method === 'POST')).toBe(true));
    const post = api.callsTo(LAANC_PATH).find(([, i]) => i?.method === 'POST')!;
    expect(bodyOf(post[1])).toMatchObject({ license: 'LICENSE_PART_107', fixedAltitude: false, pointOfContact: { lastName: 'Pilot', phoneNumber: '+1 206 555 0100' } });
  });

  it('fills the point of contact’s phone from the pilot profile', async () => {
    mockFetch((path) =>
      path === '/v1/me/profile'
        ? json({ name: 'Alice Pilot', phoneNumber: '+1 206 555 0199', part107Certificate: '4123456', registrations: [] })
        : json({ statusCode: 404, message: 'No LAANC operation' }, 404),
    );
    section();
    const form = await screen.findByTestId('laanc:details-form');
    await vi.waitFor(() => expect(within(screen.getByTestId('laanc:details-form')).getByLabelText('Phone')).toHaveProperty('value', '+1 206 555 0199'));
    expect(form).toBeTruthy();
  });

  it('explains notices in words and asks for a justification before further coordination', async () => {
    const fc = candidate({ hashCode: 'fc1', submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION' });
    const notice = { action: 'ACTION_WARN' as const, reason: 'REASON_ABOVE_CEILING' as const, ids: ['uasfm:BFI:1'], geom: OP.boundary, startTime: OP.startTime, endTime: OP.endTime };
    const submitted = laanc({ authorizations: [authorization({ id: 'a9', status: 'STATUS_PENDING', submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION' })] });
    const api = mockFetch((path, init) => (init.method === 'POST' ? json({ ...submitted, submitted: ['a9'] }) : json(laanc({ candidates: [fc], notices: [notice] }))));
    section();
    expect((await screen.findByTestId('laanc:notice')).textContent).toMatch(/above the facility-map ceiling/);
    expect(screen.getByTestId('laanc:candidate').textContent).toMatch(/Requested 200 ft · this candidate 200 ft AGL · facility-map ceiling 50 ft. Above the ceiling: it needs further coordination/);
    expect(screen.getByTestId('laanc:candidate').textContent).not.toMatch(/lowered/i);
    expect(screen.getByTestId('laanc:submit')).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByTestId('laanc:justification'), 'Tower inspection at 200 ft');
    await userEvent.click(screen.getByTestId('laanc:submit'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('laanc:outcome')).textContent).toBe('Submitted: 1 waiting for the FAA.');
    const post = api.callsTo(`${LAANC_PATH}/authorizations`)[0]!;
    expect(bodyOf(post[1])).toEqual({ hashCodes: ['fc1'], justification: 'Tower inspection at 200 ft' });
    // The page's own submission is not announced as news from elsewhere.
    expect(screen.queryByTestId('laanc:change')).toBeNull();
  });

  it('opens at the decision: what is approved at once, what needs further coordination, what cannot be flown; details folded', async () => {
    const auto = candidate({ hashCode: 'au1' });
    const fc = candidate({ hashCode: 'fc1', submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION' });
    const block = { action: 'ACTION_BLOCK' as const, reason: 'REASON_NOT_LAANC_ENABLED' as const, ids: ['uasfm:XYZ:1'], geom: OP.boundary, startTime: OP.startTime, endTime: OP.endTime };
    const warn = { action: 'ACTION_WARN' as const, reason: 'REASON_ABOVE_CEILING' as const, ids: ['uasfm:BFI:1'], geom: OP.boundary, startTime: OP.startTime, endTime: OP.endTime };
    mockFetch(() => json(laanc({ candidates: [auto, fc], notices: [warn, block] })));
    section();
    const decision = await screen.findByTestId('laanc:decision');
    expect(within(decision).getByTestId('laanc:decision-now').textContent).toBe('Approved now or at once: 1 request LAANC approves at once when submitted');
    expect(within(decision).getByTestId('laanc:decision-further').textContent).toMatch(/^Needs further coordination: 1 request to submit with a justification/);
    expect(within(decision).getByTestId('laanc:decision-cannot').textContent).toMatch(/^Cannot be flown: .+/);
    expect(within(decision).getByTestId('laanc:decision-cannot').textContent).not.toMatch(/nothing/);
    // The decision comes before every detail, and the details are folded.
    const sectionEl = screen.getByTestId('laanc');
    const order = [...sectionEl.querySelectorAll('[data-testid="laanc:decision"], details')];
    expect(order[0]).toBe(decision);
    for (const d of sectionEl.querySelectorAll('details')) expect((d as HTMLDetailsElement).open).toBe(false);
    expect(screen.getByTestId('laanc:notices').textContent).toMatch(/Notices \(1 blocking, 1 to know\)/);
    expect(screen.getByTestId('laanc:candidates').textContent).toMatch(/1 automatic approval, 1 further coordination/);
    // The way to act stays in sight.
    expect(screen.getByTestId('laanc:submit')).toBeTruthy();
  });

  it('offers only what the status allows, each after a confirmation', async () => {
    const api = mockFetch((path) =>
      path.endsWith('/cancel') ? json(authorizationResult(authorization({ status: 'STATUS_CANCELLED' }), OP.id)) : json(laanc({ authorizations: [authorization()] })),
    );
    section();
    const card = await screen.findByTestId('laanc:authorization');
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Close', 'Cancel']);
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Cancel this authorization?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(api.callsTo(`${LAANC_PATH}/authorizations/auth-1/cancel`)).toHaveLength(1));
  });

  it('announces a status change made elsewhere (the FAA approved) without a reload', async () => {
    let status: 'STATUS_PENDING' | 'STATUS_APPROVED' = 'STATUS_PENDING';
    const api = mockFetch(() =>
      json(
        laanc(
          { authorizations: [authorization({ status, submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION', lastUpdatedAt: status === 'STATUS_PENDING' ? '2099-06-02T10:00:00.000Z' : '2099-06-03T10:00:00.000Z', editedBy: status === 'STATUS_PENDING' ? 'pilot-1' : 'faa-1' })] },
          status === 'STATUS_PENDING' ? {} : { 'auth-1': 'Looks fine' },
        ),
      ),
    );
    const { client } = section();
    await screen.findByTestId('laanc:authorization');
    status = 'STATUS_APPROVED';
    await act(() => client.invalidateQueries());
    const change = await screen.findByTestId('laanc:change');
    expect(change.textContent).toMatch(/LBFIABCD2345 is now Approved \(was Pending FAA\)/);
    expect(change.closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByText('Reason given: “Looks fine”')).toBeTruthy();
    // The history comes with the LAANC operation: no request per authorization.
    // (The pilot profile, which fills the point of contact, is the only other read.)
    expect(api.fn.mock.calls.every(([u]) => [LAANC_PATH, '/v1/me/profile'].includes(new URL(String(u), 'http://localhost').pathname))).toBe(true);
    const steps = within(screen.getByTestId('laanc:timeline')).getAllByRole('listitem');
    expect(steps.map((li) => li.dataset.status)).toEqual(['SUBMITTED', 'STATUS_PENDING', 'STATUS_APPROVED']);
    expect(steps[2]!.textContent).toMatch(/FAA \(user faa-1\).*Looks fine/);
    expect(screen.queryByText(/time not recorded/)).toBeNull();
  });

  it('says what is true of the altitude: a candidate left above a 0 ft ceiling is not “lowered”', async () => {
    const fc = candidate({ hashCode: 'fc0', submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION' });
    mockFetch(() => json(laanc({ candidates: [fc] }, {}, { fc0: 0 })));
    section();
    const item = await screen.findByTestId('laanc:candidate');
    expect(item.textContent).toMatch(/this candidate 200 ft AGL · facility-map ceiling 0 ft. Above the ceiling: it needs further coordination/);
    expect(screen.getByText(/May be lowered to the ceiling: each candidate below says its altitude/)).toBeTruthy();
    expect(screen.queryByText(/Lowered to the ceiling where needed/)).toBeNull();
    // 5 ft is the least an operation flies: a 0 ft ceiling is not offered as a one-click fix.
    expect(screen.queryByTestId('laanc:lower')).toBeNull();
    expect(screen.getByTestId('laanc:further-advice').textContent).toMatch(/only further coordination/);
  });

  it('warns when further coordination is asked for less than 72 hours ahead, and lowers the altitude in one click', async () => {
    const soon = new Date(Date.now() + 20 * 3_600_000).toISOString();
    const later = new Date(Date.now() + 21 * 3_600_000).toISOString();
    const op = operation({ startTime: soon, endTime: later });
    const fc = candidate({ hashCode: 'fc1', submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION', startTime: soon, endTime: later });
    const api = mockFetch((path, init) => (init.method === 'PUT' ? json({ ...op, maxAltitude: 100 }) : json(laanc({ candidates: [fc] }, {}, { fc1: 100 }))));
    renderWithClient(<LaancSection operation={op} me={ME} onHighlight={vi.fn()} />);
    expect((await screen.findByTestId('laanc:further-soon')).textContent).toMatch(/starts in about (19|20) hours.*at least 72 hours/);
    await userEvent.click(screen.getByRole('button', { name: 'Lower the operation to 100 ft' }));
    await vi.waitFor(() => expect(api.callsTo(`/v1/operations/${op.id}`).some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = api.callsTo(`/v1/operations/${op.id}`).find(([, i]) => i?.method === 'PUT')!;
    expect(bodyOf(put[1])).toMatchObject({ maxAltitude: 100, startTime: soon, boundary: op.boundary });
  });

  it('says an operation in metres at the feet LAANC asks for, rounded up as the service does (30.5 m was "100 ft", unlowered)', async () => {
    const op = operation({ maxAltitude: 30.5, altitudeUnit: 'ALTITUDE_UNIT_METERS' });
    const auto = candidate({ hashCode: 'a1', altitude: 100 });
    mockFetch(() => json(laanc({ candidates: [auto] }, {}, { a1: 100 })));
    renderWithClient(<LaancSection operation={op} me={ME} onHighlight={vi.fn()} />);
    expect((await screen.findByText(/Requested 101 ft/)).textContent).toMatch(/Requested 101 ft · this candidate 100 ft AGL · facility-map ceiling 100 ft\. Lowered from 101 ft to the ceiling/);
  });

  it('stops asking for a LAANC request that does not exist', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = mockFetch(() => json({ statusCode: 404, message: 'No LAANC operation' }, 404));
      section();
      expect(await screen.findByTestId('laanc:none')).toBeTruthy();
      const asked = api.callsTo(LAANC_PATH).length;
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(api.callsTo(LAANC_PATH)).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });
});
