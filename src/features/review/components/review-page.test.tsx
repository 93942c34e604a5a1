import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { authorization, authorizationResult, operation } from '../../operations/test/operation-fixtures';
import { ReviewPage } from './review-page';

const OP = operation();
const RESCINDED = authorization({ id: 'r1', status: 'STATUS_RESCINDED', referenceCode: 'LBFIRRRR2222', lastUpdatedAt: '2099-06-03T10:00:00.000Z' });
const INVALID = authorization({ id: 'i1', status: 'STATUS_INVALID', referenceCode: 'LBFIIIII3333' });
const PENDING = authorization({ id: 'p1', status: 'STATUS_PENDING', referenceCode: 'LBFIPPPP4444', justification: 'Need 300 ft' });
const item = (a: typeof RESCINDED, statusReason: string | null = null) => ({
  ...authorizationResult(a, OP.id, statusReason),
  operationName: OP.name,
  operationStartTime: OP.startTime,
  operationEndTime: OP.endTime,
  operationTimezone: OP.timezone,
  pilotId: OP.pilotId,
});
const waiting = { authorizations: [item(PENDING), item(RESCINDED, 'Helicopter traffic'), item(INVALID, 'New TFR')], total: 3, limit: 500, offset: 0, nextOffset: null };
const failing = {
  deliveries: [
    { id: 'd1', operationId: OP.id, operationName: OP.name, authorizationId: 'r1', authStatus: 'STATUS_RESCINDED', url: 'http://127.0.0.1:9/cb', state: 'FAILED', attempts: 20, nextAttemptAt: null, createdAt: '2099-06-03T10:00:00.000Z', deliveredAt: null, lastError: 'connect ECONNREFUSED', history: [] },
  ],
  total: 1,
  limit: 500,
  offset: 0,
  nextOffset: null,
};
const none = { total: 0, limit: 500, offset: 0, nextOffset: null };

function queue(over: Record<string, () => Response> = {}) {
  return mockFetch((path, init) => {
    for (const [k, f] of Object.entries(over)) if (path.endsWith(k)) return f();
    if (path.endsWith('/acknowledge-rescinded')) return json(authorizationResult({ ...RESCINDED, status: 'STATUS_RESCINDED_ACKNOWLEDGED' }, OP.id));
    if (path === '/v1/laanc/authorizations') return json(waiting);
    if (path === '/v1/callbacks') return json(failing);
    return json({ statusCode: 404, message: `unexpected ${init.method} ${path}` }, 404);
  });
}

describe('review page', () => {
  it('shows a skeleton while the queue is gathered', () => {
    mockFetch((_, init) => pending(init));
    renderWithClient(<ReviewPage isOperator />);
    expect(screen.getByTestId('review:loading')).toBeTruthy();
  });

  it('explains a failure', async () => {
    queue({ '/v1/laanc/authorizations': () => json({ statusCode: 500, message: 'Store down' }, 500) });
    renderWithClient(<ReviewPage isOperator />);
    expect((await screen.findByTestId('review:error')).textContent).toMatch(/Store down/);
  });

  it('says when nothing needs attention', async () => {
    const api = mockFetch((path) => (path === '/v1/callbacks' ? json({ deliveries: [], ...none }) : json({ authorizations: [], ...none })));
    renderWithClient(<ReviewPage isOperator />);
    expect(await screen.findByTestId('review:empty')).toBeTruthy();
    expect(api.fn.mock.calls.map(([u]) => { const url = new URL(String(u), 'http://localhost'); return url.pathname + url.search; }).sort()).toEqual([
      '/v1/callbacks?limit=500&state=failing%2Cdead',
      '/v1/laanc/authorizations?limit=500&status=STATUS_RESCINDED%2CSTATUS_INVALID%2CSTATUS_PENDING',
    ]);
  });

  it('lists rescinded, invalid, failing callbacks and pending, each opening its operation', async () => {
    queue();
    renderWithClient(<ReviewPage isOperator />);
    await vi.waitFor(() => expect(screen.getAllByTestId('review:row')).toHaveLength(4));
    expect(screen.getAllByTestId('review:row').map((r) => r.dataset.kind)).toEqual(['rescinded', 'invalid', 'callback', 'pending']);
    const row = screen.getAllByTestId('review:row')[0]!;
    expect(within(row).getByRole('link', { name: 'Roof survey' }).getAttribute('href')).toBe(`/operations/${OP.id}`);
    expect(row.textContent).toMatch(/Helicopter traffic/);
    // Times in the area's zone (the fixture flies in Los Angeles) with UTC beside them.
    expect(row.textContent).toMatch(/Jun 3, 03:00 PDT \(10:00 UTC\)/);
    await userEvent.selectOptions(screen.getByTestId('review:kind'), 'callback');
    expect(screen.getAllByTestId('review:row')).toHaveLength(1);
    expect(screen.getByTestId('review:row').textContent).toMatch(/ECONNREFUSED/);
    expect(screen.queryByText(/Only the first/)).toBeNull();
  });

  it('says when there are more rows than it read', async () => {
    queue({ '/v1/callbacks': () => json({ ...failing, total: 900, nextOffset: 1 }) });
    renderWithClient(<ReviewPage isOperator />);
    expect(await screen.findByText('Only the first 500 authorizations and 500 failing deliveries are shown.')).toBeTruthy();
  });

  it('acknowledges the selected rescinded authorizations after a confirmation', async () => {
    const api = queue();
    renderWithClient(<ReviewPage isOperator />);
    await vi.waitFor(() => expect(screen.getAllByTestId('review:row')).toHaveLength(4));
    expect(screen.getByTestId('review:acknowledge')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select LBFIRRRR2222' }));
    await userEvent.click(screen.getByTestId('review:acknowledge'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Acknowledge' }));
    expect((await screen.findByText(/Acknowledged 1\./)).closest('[role="status"]')).toBeTruthy();
    expect(api.callsTo(`/v1/operations/${OP.id}/laanc/authorizations/r1/acknowledge-rescinded`)[0]![1]!.method).toBe('PATCH');
  });
});
