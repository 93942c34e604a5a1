import { describe, expect, it } from 'vitest';
import { isActive, pilotActions } from './pilot-actions';

describe('pilotActions', () => {
  it("offers exactly the pilot's transitions of the service's lifecycle table", () => {
    expect(pilotActions('STATUS_PENDING').map((a) => a.action)).toEqual(['cancel']);
    expect(pilotActions('STATUS_APPROVED').map((a) => a.action)).toEqual(['close', 'cancel']);
    expect(pilotActions('STATUS_RESCINDED').map((a) => a.action)).toEqual(['acknowledge-rescinded']);
    expect(pilotActions('STATUS_INVALID').map((a) => a.action)).toEqual(['cancel-invalid']);
    for (const final of ['STATUS_DENIED', 'STATUS_CANCELLED', 'STATUS_CLOSED', 'STATUS_AUTO_CANCELLED', 'STATUS_RESCINDED_ACKNOWLEDGED', 'STATUS_INVALID_CANCELLED'] as const) {
      expect(pilotActions(final), final).toEqual([]);
    }
  });

  it('treats pending and approved as active', () => {
    expect(isActive('STATUS_PENDING') && isActive('STATUS_APPROVED')).toBe(true);
    expect(isActive('STATUS_CLOSED')).toBe(false);
  });
});
