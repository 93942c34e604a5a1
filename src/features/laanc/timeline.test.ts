import { describe, expect, it } from 'vitest';
import type { Authorization } from '../../../server/contract/laanc';
import { buildTimeline } from './timeline';

const base: Authorization = {
  id: 'a1',
  submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION',
  geom: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] },
  altitude: 200,
  startTime: '2026-12-01T18:00:00Z',
  endTime: '2026-12-01T19:00:00Z',
  status: 'STATUS_PENDING',
  createdAt: '2026-11-20T10:00:00Z',
  createdBy: 'pilot-1',
  lastUpdatedAt: '2026-11-20T10:00:00Z',
  editedBy: 'pilot-1',
  justification: 'Roof inspection needs 200 ft',
  airTrafficControl: 'BFI',
  airspaceClassCodes: ['CLASS_D'],
  facilityMaps: [],
  referenceCode: 'LBFIABCDEFGH',
};

describe('buildTimeline', () => {
  it('a pending request: submitted with its justification, waiting for the FAA', () => {
    const t = buildTimeline(base, null, [], 'pilot-1');
    expect(t.map((e) => e.status)).toEqual(['SUBMITTED', 'STATUS_PENDING']);
    expect(t[0]).toMatchObject({ who: 'you', why: 'Roof inspection needs 200 ft', at: base.createdAt });
  });

  it('an automatic approval is approved by LAANC at submission', () => {
    const t = buildTimeline({ ...base, submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION', status: 'STATUS_APPROVED', justification: '' }, null, [], null);
    expect(t.map((e) => [e.status, e.who])).toEqual([
      ['SUBMITTED', 'user pilot-1'],
      ['STATUS_APPROVED', 'LAANC (automatic)'],
    ]);
  });

  it('fills the steps in between from callbacks, and infers those without one', () => {
    const rescinded = { ...base, status: 'STATUS_RESCINDED_ACKNOWLEDGED' as const, lastUpdatedAt: '2026-11-21T09:00:00Z', editedBy: 'op-2' };
    const t = buildTimeline(rescinded, null, [{ authStatus: 'STATUS_APPROVED', createdAt: '2026-11-20T12:00:00Z' }], 'pilot-1');
    expect(t.map((e) => [e.status, e.at])).toEqual([
      ['SUBMITTED', base.createdAt],
      ['STATUS_PENDING', base.createdAt],
      ['STATUS_APPROVED', '2026-11-20T12:00:00Z'],
      ['STATUS_RESCINDED', null],
      ['STATUS_RESCINDED_ACKNOWLEDGED', '2026-11-21T09:00:00Z'],
    ]);
    expect(t.at(-1)!.who).toBe('Pilot side (user op-2)');
  });

  it('says why the FAA decided', () => {
    const denied = { ...base, status: 'STATUS_DENIED' as const, lastUpdatedAt: '2026-11-20T11:00:00Z', editedBy: 'faa-1' };
    const t = buildTimeline(denied, 'Conflicts with helicopter traffic', [], 'pilot-1');
    expect(t.at(-1)).toMatchObject({ status: 'STATUS_DENIED', who: 'FAA (user faa-1)', why: 'Conflicts with helicopter traffic' });
  });
});
