import { describe, expect, it } from 'vitest';
import type { AuthorizationEvent } from '../../../server/contract/laanc';
import { buildTimeline } from './timeline';

const further = { id: 'a1', submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION' as const };
const submitted: AuthorizationEvent = { status: 'STATUS_PENDING', action: 'submit', at: '2026-11-20T10:00:00Z', by: 'pilot-1', reason: 'Roof inspection needs 200 ft' };

describe('buildTimeline', () => {
  it('a pending request: submitted with its justification, waiting for the FAA', () => {
    const t = buildTimeline(further, [submitted], 'pilot-1');
    expect(t.map((e) => e.status)).toEqual(['SUBMITTED', 'STATUS_PENDING']);
    expect(t[0]).toMatchObject({ title: 'Submitted for further coordination', who: 'you', why: 'Roof inspection needs 200 ft', at: submitted.at });
    expect(t[1]).toMatchObject({ who: 'sent to the FAA', why: null, at: submitted.at });
  });

  it('an automatic approval is approved by LAANC at submission', () => {
    const t = buildTimeline({ id: 'a2', submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION' }, [{ status: 'STATUS_APPROVED', action: 'submit', at: '2026-11-20T10:00:00Z', by: 'pilot-1', reason: null }], null);
    expect(t.map((e) => [e.status, e.title, e.who])).toEqual([
      ['SUBMITTED', 'Submitted for automatic approval', 'user pilot-1'],
      ['STATUS_APPROVED', 'Approved', 'LAANC (automatic)'],
    ]);
  });

  it('every recorded step has its time, who and why', () => {
    const t = buildTimeline(
      further,
      [
        submitted,
        { status: 'STATUS_APPROVED', action: 'approve', at: '2026-11-20T12:00:00Z', by: 'faa-1', reason: null },
        { status: 'STATUS_RESCINDED', action: 'rescind', at: '2026-11-21T08:00:00Z', by: 'faa-1', reason: 'Runway works' },
        { status: 'STATUS_RESCINDED_ACKNOWLEDGED', action: 'acknowledge_rescinded', at: '2026-11-21T09:00:00Z', by: 'op-2', reason: null },
      ],
      'pilot-1',
    );
    expect(t.map((e) => [e.status, e.at, e.who, e.why])).toEqual([
      ['SUBMITTED', '2026-11-20T10:00:00Z', 'you', 'Roof inspection needs 200 ft'],
      ['STATUS_PENDING', '2026-11-20T10:00:00Z', 'sent to the FAA', null],
      ['STATUS_APPROVED', '2026-11-20T12:00:00Z', 'FAA (user faa-1)', null],
      ['STATUS_RESCINDED', '2026-11-21T08:00:00Z', 'FAA (user faa-1)', 'Runway works'],
      ['STATUS_RESCINDED_ACKNOWLEDGED', '2026-11-21T09:00:00Z', 'Pilot side (user op-2)', null],
    ]);
  });

  it('names the service for its own changes', () => {
    const t = buildTimeline(further, [
      submitted,
      { status: 'STATUS_AUTO_CANCELLED', action: 'auto_cancel', at: '2026-12-01T18:00:00Z', by: 'system', reason: 'Further coordination was not answered before the start time' },
    ], null);
    expect(t.at(-1)).toMatchObject({ who: 'SkyPlan (no FAA answer before the start)', why: 'Further coordination was not answered before the start time' });
    const inv = buildTimeline({ id: 'a3', submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION' }, [
      { status: 'STATUS_APPROVED', action: 'submit', at: '2026-11-20T10:00:00Z', by: 'pilot-1', reason: null },
      { status: 'STATUS_INVALID', action: 'invalidate', at: '2026-11-20T11:00:00Z', by: 'system', reason: 'Airspace data changed: now covered by VIP TFR' },
    ], null);
    expect(inv.at(-1)).toMatchObject({ status: 'STATUS_INVALID', who: 'SkyPlan (airspace data changed)', why: 'Airspace data changed: now covered by VIP TFR' });
  });
});
