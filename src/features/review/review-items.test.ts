import { describe, expect, it } from 'vitest';
import { authorization, laanc } from '../operations/test/operation-fixtures';
import { buildReviewItems, filterItems } from './review-items';

const delivery = (state: 'PENDING' | 'DELIVERED' | 'FAILED', lastError: string | null) => ({
  id: `d-${state}`,
  authorizationId: 'a',
  authStatus: 'STATUS_APPROVED',
  url: 'http://x',
  state,
  attempts: 3,
  nextAttemptAt: null,
  createdAt: '2099-01-01T00:00:00.000Z',
  deliveredAt: null,
  lastError,
  history: [],
});

describe('review queue rows', () => {
  it('puts what needs an action first and leaves out what is fine', () => {
    const items = buildReviewItems({
      rescindedInvalid: {
        operations: [{ operationId: 'o1', name: 'One', startTime: '2099-01-02T00:00:00Z', endTime: '2099-01-02T01:00:00Z', authorizations: [{ authorization: authorization({ id: 'r', status: 'STATUS_RESCINDED' }), operationId: 'o1', statusReason: 'why' }] }],
      },
      laanc: [{ operationId: 'o2', name: 'Two', result: laanc({ authorizations: [authorization({ id: 'p', status: 'STATUS_PENDING' }), authorization({ id: 'ok', status: 'STATUS_APPROVED' })] }) }],
      callbacks: [
        { operationId: 'o3', name: 'Three', list: { callbackUrl: 'http://x', signingKey: 'client', deliveries: [delivery('PENDING', 'timeout'), delivery('DELIVERED', null)] } },
        { operationId: 'o4', name: 'Four', list: { callbackUrl: 'http://x', signingKey: 'client', deliveries: [delivery('DELIVERED', null)] } },
      ],
    });
    expect(items.map((i) => [i.kind, i.operationName])).toEqual([
      ['rescinded', 'One'],
      ['callback', 'Three'],
      ['pending', 'Two'],
    ]);
    expect(filterItems(items, '', 'thr').map((i) => i.operationName)).toEqual(['Three']);
    expect(filterItems(items, 'pending', '').map((i) => i.operationName)).toEqual(['Two']);
  });
});
