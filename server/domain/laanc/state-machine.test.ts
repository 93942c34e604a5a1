import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_STATUSES, type AuthorizationStatus } from '../../contract/laanc';
import { ACTIONS, TRANSITIONS, allowedFrom, initialStatus, isFinal, next, type AuthorizationAction } from './state-machine';

/** domain.md "Transitions", written out independently of the table under test. */
const LEGAL: Array<[AuthorizationStatus, AuthorizationAction, AuthorizationStatus]> = [
  ['STATUS_PENDING', 'approve', 'STATUS_APPROVED'],
  ['STATUS_PENDING', 'deny', 'STATUS_DENIED'],
  ['STATUS_PENDING', 'auto_cancel', 'STATUS_AUTO_CANCELLED'],
  ['STATUS_PENDING', 'cancel', 'STATUS_CANCELLED'],
  ['STATUS_APPROVED', 'cancel', 'STATUS_CANCELLED'],
  ['STATUS_APPROVED', 'close', 'STATUS_CLOSED'],
  ['STATUS_APPROVED', 'rescind', 'STATUS_RESCINDED'],
  ['STATUS_APPROVED', 'invalidate', 'STATUS_INVALID'],
  ['STATUS_RESCINDED', 'acknowledge_rescinded', 'STATUS_RESCINDED_ACKNOWLEDGED'],
  ['STATUS_INVALID', 'cancel_invalid', 'STATUS_INVALID_CANCELLED'],
];

describe('authorization state machine', () => {
  it('allows exactly the documented transitions', () => {
    for (const [from, action, to] of LEGAL) expect(next(from, action)).toEqual({ ok: true, to });
    const count = Object.values(TRANSITIONS).reduce((n, t) => n + Object.keys(t ?? {}).length, 0);
    expect(count).toBe(LEGAL.length);
  });

  it('refuses every other (status, action) pair, saying what is allowed', () => {
    let refused = 0;
    for (const from of AUTHORIZATION_STATUSES) {
      for (const action of ACTIONS) {
        if (LEGAL.some(([f, a]) => f === from && a === action)) continue;
        const r = next(from, action);
        expect(r.ok, `${from} ${action}`).toBe(false);
        if (!r.ok) {
          expect(r.message).toContain(from);
          expect(r.allowed).toEqual(allowedFrom(from));
          for (const a of r.allowed) expect(r.message).toContain(a.to);
        }
        refused++;
      }
    }
    expect(refused).toBe(AUTHORIZATION_STATUSES.length * ACTIONS.length - LEGAL.length);
  });

  it('final statuses allow nothing and say so', () => {
    const finals = AUTHORIZATION_STATUSES.filter(isFinal);
    expect(finals.sort()).toEqual(
      ['STATUS_UNSPECIFIED', 'STATUS_DENIED', 'STATUS_CANCELLED', 'STATUS_AUTO_CANCELLED', 'STATUS_RESCINDED_ACKNOWLEDGED', 'STATUS_INVALID_CANCELLED', 'STATUS_CLOSED'].sort(),
    );
    const r = next('STATUS_CLOSED', 'cancel');
    expect(!r.ok && r.message).toMatch(/nothing \(it is final\)/);
  });

  it('submission starts approved (auto) or pending (further coordination)', () => {
    expect(initialStatus('SUBMISSION_TYPE_AUTO_AUTHORIZATION')).toBe('STATUS_APPROVED');
    expect(initialStatus('SUBMISSION_TYPE_FURTHER_COORDINATION')).toBe('STATUS_PENDING');
  });
});
