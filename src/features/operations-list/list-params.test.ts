import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, readListState, serverParams, writeListState } from './list-params';

describe('operations list state', () => {
  it('round-trips through the URL and drops what it does not know', () => {
    const s = { ...DEFAULT_STATE, q: 'roof', status: 'UPCOMING' as const, from: '2026-05-01', type: 'FLIGHT_TYPE_COMMERCIAL' as const, sort: 'name' as const, page: 2 };
    expect(readListState(writeListState(s))).toEqual(s);
    expect(readListState(new URLSearchParams('status=SOON&sort=colour&page=-3&from=yesterday'))).toEqual(DEFAULT_STATE);
  });

  it('pages on the service', () => {
    expect(serverParams({ ...DEFAULT_STATE, status: 'ENDED', page: 3 }, null)).toMatchObject({ limit: 20, offset: 60, status: 'ENDED', sort: '-startTime' });
  });

  it('sends search, flight type and pilot to the service too', () => {
    expect(serverParams({ ...DEFAULT_STATE, q: '  roof ', type: 'FLIGHT_TYPE_RECREATIONAL', pilot: 'p-2', page: 3 }, 'me-1')).toMatchObject({
      limit: 20,
      offset: 60,
      q: 'roof',
      flightType: 'FLIGHT_TYPE_RECREATIONAL',
      pilotId: 'p-2',
    });
    expect(serverParams({ ...DEFAULT_STATE, pilot: 'me' }, 'me-1').pilotId).toBe('me-1');
    expect(readListState(new URLSearchParams('auth=invalid')).auth).toBe('invalid');
    expect(readListState(new URLSearchParams('auth=toString')).auth).toBe('');
    expect(serverParams({ ...DEFAULT_STATE, auth: 'none' }, null).authorization).toEqual(['NONE']);
    expect(serverParams({ ...DEFAULT_STATE, q: '   ' }, null).q).toBeUndefined();
  });

  it('sends whole local days as UTC', () => {
    const p = serverParams({ ...DEFAULT_STATE, from: '2026-05-01', to: '2026-05-01' }, null);
    expect(Date.parse(p.to!) - Date.parse(p.from!)).toBe(24 * 3600_000);
    expect(p.from).toMatch(/Z$/);
  });
});
