import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { authorization, authorizationResult } from '../../operations/test/operation-fixtures';
import { FaaConsole } from './faa-console';

// The map is WebGL (Playwright covers it); here it says what it was given.
vi.mock('../../../map/display-map', () => ({
  DisplayMap: ({ shapes, selectedId }: { shapes: Array<{ id: string }>; selectedId: string | null }) => (
    <div data-testid="display-map" data-shapes={shapes.map((s) => s.id).join(',')} data-selected={selectedId ?? ''} />
  ),
}));

const PENDING = authorization({ id: 'p1', status: 'STATUS_PENDING', submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION', justification: 'Mast inspection' });
const item = (a = PENDING) => ({
  ...authorizationResult(a, 'op-1'),
  operationName: 'Mast survey',
  operationTimezone: 'America/New_York',
  pilotId: 'pilot-1',
  pilotName: 'Ada Park',
  pilotCertificate: '4123456',
  license: 'LICENSE_PART_107',
});

describe('FAA console', () => {
  it('is only for the sandbox FAA', () => {
    mockFetch(() => json({ authorizations: [] }));
    renderWithClient(<FaaConsole isFaa={false} />);
    expect(screen.getByTestId('faa:not-faa')).toBeTruthy();
  });

  it('shows skeletons while loading', () => {
    mockFetch((_, init) => pending(init));
    renderWithClient(<FaaConsole isFaa />);
    expect(screen.getByTestId('faa:pending:loading')).toBeTruthy();
  });

  it('explains a failure', async () => {
    mockFetch(() => json({ statusCode: 403, message: 'Sandbox FAA actions need a person with the faa role' }, 403));
    renderWithClient(<FaaConsole isFaa />);
    expect((await screen.findByTestId('faa:pending:error')).textContent).toMatch(/faa role/);
  });

  it('says when nothing waits', async () => {
    mockFetch(() => json({ authorizations: [] }));
    renderWithClient(<FaaConsole isFaa />);
    expect(await screen.findByTestId('faa:pending:empty')).toBeTruthy();
    expect(await screen.findByTestId('faa:approved:empty')).toBeTruthy();
  });

  it('shows every request on the map and the chosen one selected', async () => {
    // (The stand-in answers both lists alike; the map gets each list's requests.)
    mockFetch(() => json({ authorizations: [item()] }));
    renderWithClient(<FaaConsole isFaa />);
    const row = await within(await screen.findByTestId('faa:pending')).findByTestId('faa:pending:item');
    await vi.waitFor(() => expect(screen.getByTestId('display-map').dataset.shapes).toBe('p1,p1'));
    await userEvent.click(within(row).getByRole('button', { name: 'Show on map' }));
    expect(screen.getByTestId('display-map').dataset.selected).toBe('p1');
    expect(row.className).toMatch(/selected/);
  });

  it('denies only with a reason, which it sends', async () => {
    const api = mockFetch((path, init) => (init.method === 'POST' ? json(authorizationResult({ ...PENDING, status: 'STATUS_DENIED' }, 'op-1', 'Busy airspace')) : json({ authorizations: [item()] })));
    renderWithClient(<FaaConsole isFaa />);
    const pendingList = await screen.findByTestId('faa:pending');
    const row = await within(pendingList).findByTestId('faa:pending:item');
    expect(row.textContent).toMatch(/Mast inspection/);
    // The pilot by name, and the window in the area's zone with UTC beside it.
    expect(row.textContent).toMatch(/pilot Ada Park \(Part 107 certificate 4123456\)/);
    expect(row.textContent).toMatch(/E[SD]T \(\d{2}:\d{2}–\d{2}:\d{2} UTC\)/);
    await userEvent.click(within(row).getByRole('button', { name: 'Deny' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveProperty('disabled', true);
    await userEvent.type(within(dialog).getByLabelText('Reason (required)'), 'Busy airspace');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await vi.waitFor(() => expect(api.callsTo('/v1/sandbox/authorizations/p1/deny')).toHaveLength(1));
    expect(JSON.parse(String(api.callsTo('/v1/sandbox/authorizations/p1/deny')[0]![1]!.body))).toEqual({ reason: 'Busy airspace' });
  });

  it('publishes a TFR over an approved authorization and says what it invalidated', async () => {
    const approved = authorization({ id: 'a1', status: 'STATUS_APPROVED', referenceCode: 'LBFIAPPR2345' });
    const api = mockFetch((path, init) =>
      init.method === 'POST' ? json({ tfrId: 'tfr:sandbox:1', datasetVersion: 'v+sandbox-tfr-1', invalidated: ['a1'] }, 201) : json({ authorizations: path.includes('sandbox/authorizations') ? [item(approved)] : [] }),
    );
    renderWithClient(<FaaConsole isFaa />);
    const form = await screen.findByTestId('faa:tfr');
    await within(form).findByRole('option', { name: /Over LBFIAPPR2345/ });
    await userEvent.selectOptions(within(form).getByTestId('faa:tfr-where'), 'a1');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Wildfire');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish TFR' }));
    expect((await within(form).findByTestId('faa:tfr-result')).textContent).toMatch(/1 approved authorization became invalid/);
    expect(JSON.parse(String(api.callsTo('/v1/sandbox/tfrs')[0]![1]!.body))).toMatchObject({ name: 'Sandbox TFR', reason: 'Wildfire', geometry: approved.geom });
  });
});
