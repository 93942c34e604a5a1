/**
 * GET /v1/operations without limit returns every operation the caller may view (spec 4.9), streamed
 * from the store page by page; limit/offset still page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/helpers/service';
import { OperationListSchema } from '../../contract/operations';
import type { Sql } from '../../store/db';
import { operationsStore, STREAM_PAGE_ROWS, type OperationRecord } from '../../store/operations';

const VISIBLE = 2 * STREAM_PAGE_ROWS + 53;
const square = { type: 'Polygon' as const, coordinates: [[[-122.3, 47.5], [-122.299, 47.5], [-122.299, 47.501], [-122.3, 47.501], [-122.3, 47.5]]] };
let svc: TestService;
let token: string;

function record(i: number, createdBy: string): OperationRecord {
  // Few distinct names and start times, so ties fall across page boundaries and id must break them.
  const start = new Date(Date.UTC(2026, 11, 1 + (i % 7), 15, 0, 0, i % 3));
  return {
    id: randomUUID(), name: `op ${i % 5}`, pilotId: createdBy, boundary: square, minAltitude: 0, maxAltitude: 100, startTime: start,
    endTime: new Date(start.getTime() + 3_600_000), aircraftId: null, timezone: 'UTC', altitudeUnit: 'ALTITUDE_UNIT_FEET',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL', authorizationProviders: [], desc: '', createdBy,
    orgId: null, createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i % 11)), updatedAt: start, callbackUrl: null, callbackClientId: null,
    callbackSecret: null, callbackOwner: null, origin: 'api',
  };
}

beforeAll(async () => {
  svc = await startTestService();
  token = await svc.clientToken();
  const mine = svc.deps.config.apiClientId;
  await svc.deps.db.transaction(async (tx: Sql) => {
    for (let i = 0; i < VISIBLE; i++) await operationsStore.insert(tx, record(i, mine));
    for (let i = 0; i < 20; i++) await operationsStore.insert(tx, record(i, 'someone-else'));
  });
}, 120_000);
afterAll(() => svc.close());

async function list(query: string) {
  const r = await svc.call('GET', `/v1/operations${query}`, { token });
  expect(r.status, query).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/application\/json/);
  return OperationListSchema.parse(await r.json());
}

async function allPages(sort: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await list(`?limit=100&offset=${offset}&sort=${sort}`);
    ids.push(...page.operations.map((o) => o.id));
    if (page.nextOffset === null) return ids;
  }
}

describe('GET /v1/operations without limit', () => {
  it('returns every visible operation, more than a page, in the order paging gives', async () => {
    for (const sort of ['startTime', '-startTime', 'name', '-name', 'createdDate', '-createdDate']) {
      const all = await list(sort === 'startTime' ? '' : `?sort=${sort}`);
      expect(all.operations).toHaveLength(VISIBLE);
      expect(all).toMatchObject({ total: VISIBLE, limit: null, offset: 0, nextOffset: null });
      expect(new Set(all.operations.map((o) => o.id)).size).toBe(VISIBLE);
      expect(all.operations.map((o) => o.id), sort).toEqual(await allPages(sort));
    }
  });

  it('honours offset and filters; an offset past the end is empty with the true total', async () => {
    const tail = await list('?offset=440');
    expect(tail.operations).toHaveLength(VISIBLE - 440);
    expect(tail).toMatchObject({ total: VISIBLE, offset: 440, limit: null });
    const past = await list('?offset=100000');
    expect(past).toMatchObject({ operations: [], total: VISIBLE, offset: 100000 });
    const filtered = await list('?q=op%203');
    expect(filtered.operations.length).toBe(Math.floor((VISIBLE - 3 - 1) / 5) + 1);
    expect(filtered.operations.every((o) => o.name === 'op 3')).toBe(true);
  });

  it('refuses text filters holding a NUL character with 422 (the store cannot compare them), found by the fuzz test', async () => {
    for (const q of ['?q=%00', '?q=a%00b&status=UPCOMING', '?pilotId=x%00']) {
      const r = await svc.call('GET', `/v1/operations${q}`, { token });
      expect(r.status, q).toBe(422);
    }
  });

  it('still pages with limit', async () => {
    const page = await list('?limit=100&offset=0');
    expect(page).toMatchObject({ total: VISIBLE, limit: 100, offset: 0, nextOffset: 100 });
    expect(page.operations).toHaveLength(100);
  });

  it('a page of 500 (the largest) holds, field for field and in order, what the streamed list holds', async () => {
    for (const sort of ['startTime', '-name', 'createdDate']) {
      const streamed = await list(`?sort=${sort}`);
      const paged = await list(`?limit=500&sort=${sort}`);
      expect(paged).toMatchObject({ total: VISIBLE, limit: 500, offset: 0, nextOffset: null });
      expect(paged.operations, sort).toEqual(streamed.operations);
      expect((await list(`?limit=500&offset=100&sort=${sort}`)).operations).toEqual(streamed.operations.slice(100));
    }
  });

  it('reads the store only as fast as the client reads the body', async () => {
    const real = svc.deps.db.query.bind(svc.deps.db);
    let pageQueries = 0;
    svc.deps.db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes('sort_key')) pageQueries++;
      return real(sql, params);
    }) as typeof svc.deps.db.query;
    try {
      const r = await svc.call('GET', '/v1/operations', { token });
      // The streamed answer still gets the app's security headers.
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const reader = r.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toBe('{"operations":[');
      await reader.read(); // one page
      expect(pageQueries).toBe(1);
      await reader.cancel();
      const all = await list('');
      expect(all.operations).toHaveLength(VISIBLE);
      expect(pageQueries).toBe(1 + Math.ceil(VISIBLE / STREAM_PAGE_ROWS));
    } finally {
      svc.deps.db.query = real;
    }
  });
});
