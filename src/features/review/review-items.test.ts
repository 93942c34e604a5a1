import { describe, expect, it } from 'vitest';
import type { Authorization } from '../../../server/contract/laanc';
import { authorization, authorizationResult } from '../operations/test/operation-fixtures';
import { buildReviewItems, filterItems } from './review-items';

const delivery = (operationId: string, state: 'PENDING' | 'DELIVERED' | 'FAILED', attempts: number, lastError: string | null, createdAt = '2099-01-01T00:00:00.000Z') => ({
  id: `d-${operationId}-${state}-${createdAt}`,
  operationId,
  operationName: { o3: 'Three', o4: 'Four' }[operationId] ?? operationId,
  authorizationId: 'a',
  authStatus: 'STATUS_APPROVED',
  url: 'http://x',
  state,
  attempts,
  nextAttemptAt: null,
  createdAt,
  deliveredAt: null,
  lastError,
  history: [],
});
const page = { limit: 500, offset: 0, nextOffset: null };
const item = (a: Authorization, operationId: string, operationName: string, statusReason: string | null = null) => ({
  ...authorizationResult(a, operationId, statusReason),
  operationName,
  operationStartTime: '2099-01-02T00:00:00Z',
  operationEndTime: '2099-01-02T01:00:00Z',
  operationTimezone: 'America/New_York',
  pilotId: 'pilot-1',
});

describe('review queue rows', () => {
  it('puts what needs an action first and leaves out what is fine', () => {
    const authorizations = [
      item(authorization({ id: 'p', status: 'STATUS_PENDING' }), 'o2', 'Two'),
      item(authorization({ id: 'ok', status: 'STATUS_APPROVED' }), 'o2', 'Two'),
      item(authorization({ id: 'r', status: 'STATUS_RESCINDED' }), 'o1', 'One', 'why'),
    ];
    const deliveries = [
      delivery('o3', 'PENDING', 3, 'timeout', '2099-01-03T00:00:00.000Z'),
      delivery('o3', 'FAILED', 20, 'refused'),
      delivery('o3', 'DELIVERED', 1, null),
      delivery('o4', 'DELIVERED', 1, null),
      delivery('o4', 'PENDING', 0, null),
    ];
    const items = buildReviewItems({ authorizations: { authorizations, total: 3, ...page }, callbacks: { deliveries, total: 5, ...page } });
    expect(items.map((i) => [i.kind, i.operationName])).toEqual([
      ['rescinded', 'One'],
      ['callback', 'Three'],
      ['pending', 'Two'],
    ]);
    expect(items[0]!.why).toBe('why');
    expect(items[0]!.timeZone).toBe('America/New_York');
    expect(items[1]!.timeZone).toBe('UTC');
    expect(items[1]).toMatchObject({ failures: 2, why: 'timeout', at: '2099-01-03T00:00:00.000Z' });
    expect(filterItems(items, '', 'thr').map((i) => i.operationName)).toEqual(['Three']);
    expect(filterItems(items, 'pending', '').map((i) => i.operationName)).toEqual(['Two']);
  });
});
