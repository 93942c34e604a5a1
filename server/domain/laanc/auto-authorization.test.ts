/**
 * LAANC offers automatic approval only where the FAA enables it: a cell whose APTn_Enabled list lacks
 * 107-AA (Part 107) or 44809-AA (recreational) is never an auto-authorization candidate.
 */
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import type { DatasetFile } from '../../data/model';
import { evaluateLaanc, type LaancRequest } from './candidates';
import { COL, ROW, inCell, kbfiDataset } from './test-fixture';

const T0 = new Date('2026-12-01T15:00:00Z');
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);
const CELL_ID = `uasfm:BFI:${ROW.a}:${COL.c2}`; // a 400 ft cell

function withEnabled(props: Record<string, boolean>): Dataset {
  const file: DatasetFile = kbfiDataset(T0);
  return new Dataset({ ...file, features: file.features.map((f) => (f.id === CELL_ID ? { ...f, props: { ...f.props, ...props } } : f)) });
}

function req(over: Partial<LaancRequest> = {}): LaancRequest {
  return {
    boundary: inCell(COL.c2, ROW.a), maxAltitude: 200, altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL', startTime: h(4), endTime: h(5), license: 'LICENSE_PART_107', fixedAltitude: false, now: T0, ...over,
  };
}

describe('LAANC auto-authorization follows the FAA enablement of each cell', () => {
  it('offers auto-authorization where the cell is enabled for it (107-AA), or where the data does not say', () => {
    for (const ds of [withEnabled({ part107AutoAuthorization: true, part107FurtherCoordination: true }), new Dataset(kbfiDataset(T0))]) {
      expect(evaluateLaanc(ds, req()).candidates.map((c) => c.submissionType)).toEqual(['SUBMISSION_TYPE_AUTO_AUTHORIZATION']);
    }
  });

  it('without 107-AA a Part 107 flight gets further coordination and a warning naming the cell, never auto', () => {
    const r = evaluateLaanc(withEnabled({ part107AutoAuthorization: false, part107FurtherCoordination: true }), req());
    expect(r.candidates.map((c) => c.submissionType)).toEqual(['SUBMISSION_TYPE_FURTHER_COORDINATION']);
    expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_WARN', reason: 'REASON_NOT_LAANC_ENABLED', ids: [CELL_ID] })]);
  });

  it('with neither 107-AA nor 107-FC nothing is offered to a Part 107 flight', () => {
    const r = evaluateLaanc(withEnabled({ part107AutoAuthorization: false, part107FurtherCoordination: false }), req());
    expect(r.candidates).toEqual([]);
  });

  it('without 44809-AA a recreational flight is blocked there, even at or below the ceiling', () => {
    const r = evaluateLaanc(withEnabled({ recreationalAutoAuthorization: false }), req({ license: 'LICENSE_SECTION_44809', flightType: 'FLIGHT_TYPE_RECREATIONAL' }));
    expect(r.candidates).toEqual([]);
    expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_NOT_LAANC_ENABLED', ids: [CELL_ID] })]);
  });
});
