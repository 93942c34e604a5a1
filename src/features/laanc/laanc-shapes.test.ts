import { describe, expect, it } from 'vitest';
import { authorization, candidate, laanc } from '../operations/test/operation-fixtures';
import { changeLock, laancShapes } from './laanc-shapes';

describe('LAANC on the map and its locks', () => {
  it('draws candidates by submission type and authorizations by status', () => {
    const shapes = laancShapes(
      laanc({
        candidates: [candidate({ hashCode: 'x', submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION' })],
        authorizations: [authorization({ id: 'a', status: 'STATUS_RESCINDED' })],
      }),
    );
    expect(shapes.map((s) => [s.id, s.kind, s.tone])).toEqual([
      ['candidate:x', 'candidate', 'warning'],
      ['authorization:a', 'authorization', 'danger'],
    ]);
  });

  it('locks the operation while an authorization is pending or approved, not after', () => {
    expect(changeLock(laanc({ authorizations: [authorization({ status: 'STATUS_PENDING' })] }))).toMatch(/pending or approved/);
    expect(changeLock(laanc({ authorizations: [authorization({ status: 'STATUS_CLOSED' })] }))).toBeNull();
    expect(changeLock(null)).toBeNull();
  });

});
