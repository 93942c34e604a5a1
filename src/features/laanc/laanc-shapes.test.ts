import { describe, expect, it } from 'vitest';
import { authorization, candidate, laanc } from '../operations/test/operation-fixtures';
import { ceilingsFromNotices, changeLock, laancShapes } from './laanc-shapes';

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

  it('reads the lowest ceiling per facility from the briefing’s facility-map notices', () => {
    const n = (title: string, value: number) => ({ dataSource: 'NOTICE_DATA_SOURCE_UASFM_CEILING', title, upperAltitude: { value } });
    const c = ceilingsFromNotices([n('Facility map BFI: ceiling 200 ft AGL', 200), n('Facility map BFI: ceiling 100 ft AGL', 100), n('Facility map SEA: ceiling 50 ft AGL', 50), { dataSource: 'NOTICE_DATA_SOURCE_AIRPORT', title: 'Facility map X' }]);
    expect(Object.fromEntries(c)).toEqual({ BFI: 100, SEA: 50 });
  });
});
