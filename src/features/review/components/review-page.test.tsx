import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pending } from '../../../test/fetch-mock';
import { renderWithClient } from '../../../test/render';
import { authorization, laanc, list, operation } from '../../operations/test/operation-fixtures';
import { ReviewPage } from './review-page';

const OP = operation();
const RESCINDED = authorization({ id: 'r1', status: 'STATUS_RESCINDED', referenceCode: 'LBFIRRRR2222', lastUpdatedAt: '2099-06-03T10:00:00.000Z' });
const INVALID = authorization({ id: 'i1', status: 'STATUS_INVALID', referenceCode: 'LBFIIIII3333' });
const PENDING = authorization({ id: 'p1', status: 'STATUS_PENDING', referenceCode: 'LBFIPPPP4444', justification: 'Need 300 ft' });
const rescindedInvalid = {
  operations: [
    {
      operationId: OP.id,
      name: OP.name,
      startTime: OP.startTime,
      endTime: OP.endTime,
      authorizations: [
        { authorization: RESCINDED, operationId: OP.id, statusReason: 'Helicopter traffic' },
        { authorization: INVALID, operationId: OP.id, statusReason: 'New TFR' },
      ],
    },
  ],
};
const failing = {
  callbackUrl: 'http://127.0.0.1:9/cb',
  signingKey: 'client',
  deliveries: [
    { id: 'd1', authorizationId: 'r1', authStatus: 'STATUS_RESCINDED', url: 'http://127.0.0.1:9/cb', state: 'FAILED', attempts: 20, nextAttemptAt: null, createdAt: '2099-06-03T10:00:00.000Z', deliveredAt: null, lastError: 'connect ECONNREFUSED', history: [] },
  ],
};

function queue(over: Record<string, () => Response> = {}) {
  return mockFetch((path, init) => {
    for (const [k, f] of Object.entries(over)) if (path.endsWith(k)) return f();
    if (path.endsWith('/acknowledge-rescinded')) return json({ authorization: { ...RESCINDED, status: 'STATUS_RESCINDED_ACKNOWLEDGED' }, operationId: OP.id, statusReason: null });
    if (path === '/v1/laanc/operations/rescinded-invalid') return json(rescindedInvalid);
    if (path === '/v1/operations') return json(list([{ ...OP, callbackUrl: 'http://127.0.0.1:9/cb' }]));
    if (path.endsWith('/laanc')) return json(laanc({ authorizations: [PENDING] }));
    if (path.endsWith('/callbacks')) return json(failing);
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
    queue({ '/rescinded-invalid': () => json({ statusCode: 500, message: 'Store down' }, 500) });
    renderWithClient(<ReviewPage isOperator />);
    expect((await screen.findByTestId('review:error')).textContent).toMatch(/Store down/);
  });

  it('says when nothing needs attention', async () => {
    mockFetch((path) => (path === '/v1/operations' ? json(list([])) : json({ operations: [] })));
    renderWithClient(<ReviewPage isOperator />);
    expect(await screen.findByTestId('review:empty')).toBeTruthy();
  });

  it('lists rescinded, invalid, failing callbacks and pending, each opening its operation', async () => {
    queue();
    renderWithClient(<ReviewPage isOperator />);
    await vi.waitFor(() => expect(screen.getAllByTestId('review:row')).toHaveLength(4));
    expect(screen.getAllByTestId('review:row').map((r) => r.dataset.kind)).toEqual(['rescinded', 'invalid', 'callback', 'pending']);
    const row = screen.getAllByTestId('review:row')[0]!;
    expect(within(row).getByRole('link', { name: 'Roof survey' }).getAttribute('href')).toBe(`/operations/${OP.id}`);
    expect(row.textContent).toMatch(/Helicopter traffic/);
    await userEvent.selectOptions(screen.getByTestId('review:kind'), 'callback');
    expect(screen.getAllByTestId('review:row')).toHaveLength(1);
    expect(screen.getByTestId('review:row').textContent).toMatch(/ECONNREFUSED/);
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
