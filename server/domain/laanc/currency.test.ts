/**
 * Data currency (docs/briefing-rules.md, "Audit 2026-11-28, third pass"): a facility-map cell whose FAA
 * cycle (effective date + 56 days) ended before the flight starts is never auto-authorized; the briefing,
 * the advisories and provenance say when the data stopped being current. Generated (sandbox) cells and
 * FAA data without a cycle are not touched.
 */
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { validUntil, type DatasetFile, type DatasetSource } from '../../data/model';
import { loadShippedFaaData } from '../../data/generate/real-files';
import { advisoriesFor, briefArea } from '../briefing';
import { flightWindow } from '../briefing/time';
import { evaluateLaanc, type LaancRequest } from './candidates';
import { COL, ROW, inCell, kbfiDataset } from './test-fixture';

/** The fixture's cells as an imported FAA facility map of the cycle effective 2025-10-30 (UDDS MAP_EFF). */
function faaCycle(file: DatasetFile, extra: Partial<DatasetSource> = {}): Dataset {
  return new Dataset({
    ...file,
    sources: file.sources.map((s) =>
      s.id === 'fixture-uasfm'
        ? { ...s, kind: 'faa', file: 'uasfm_seattle.geojson', effectiveDateStated: true, effectiveDate: '2025-10-30T00:00:00Z', attribution: 'FAA UAS Data Delivery System (UDDS)', cycleDays: 56, ...extra }
        : s,
    ),
  });
}

const TODAY = new Date('2026-11-28T18:00:00Z');
const IN_CYCLE = new Date('2025-11-20T18:00:00Z');
const h = (t0: Date, n: number) => new Date(t0.getTime() + n * 3_600_000);

function req(now: Date, over: Partial<LaancRequest> = {}): LaancRequest {
  return {
    boundary: inCell(COL.c2, ROW.a),
    maxAltitude: 200, altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_COMMERCIAL',
    startTime: h(now, 4), endTime: h(now, 5), license: 'LICENSE_PART_107', fixedAltitude: false, now,
    ...over,
  };
}

describe('an FAA facility-map cycle past its end', () => {
  it('is never auto-authorized: further coordination for Part 107 with a warning, a block for a recreational flyer', () => {
    const ds = faaCycle(kbfiDataset(TODAY));
    const r = evaluateLaanc(ds, req(TODAY));
    expect(r.candidates.map((c) => [c.airTrafficControl, c.submissionType, c.altitude])).toEqual([['BFI', 'SUBMISSION_TYPE_FURTHER_COORDINATION', 200]]);
    expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_WARN', reason: 'REASON_FACILITY_MAP_NOT_CURRENT', ids: [`uasfm:BFI:${ROW.a}:${COL.c2}`] })]);
    const rec = evaluateLaanc(ds, req(TODAY, { license: 'LICENSE_SECTION_44809' }));
    expect(rec.candidates).toEqual([]);
    expect(rec.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_FACILITY_MAP_NOT_CURRENT' })]);
  });

  it('is auto-authorized while the cycle is current, and not for a flight that starts after it ends', () => {
    const inCycle = faaCycle(kbfiDataset(IN_CYCLE));
    const r = evaluateLaanc(inCycle, req(IN_CYCLE));
    expect(r.candidates.map((c) => c.submissionType)).toEqual(['SUBMISSION_TYPE_AUTO_AUTHORIZATION']);
    expect(r.notices).toEqual([]);
    // The cycle ends 2025-12-25T00:00Z: a flight starting then (asked a month ahead, in cycle) is not auto-authorized.
    const end = new Date('2025-12-25T00:00:00Z');
    const ahead = evaluateLaanc(inCycle, req(IN_CYCLE, { startTime: end, endTime: h(end, 1) }));
    expect(ahead.candidates.map((c) => c.submissionType)).toEqual(['SUBMISSION_TYPE_FURTHER_COORDINATION']);
    const lastMinute = evaluateLaanc(inCycle, req(IN_CYCLE, { startTime: h(end, -1), endTime: h(end, 0) }));
    expect(lastMinute.candidates.map((c) => c.submissionType)).toEqual(['SUBMISSION_TYPE_AUTO_AUTHORIZATION']);
  });

  it('leaves generated (sandbox) cells and FAA cells without a stated cycle as they were', () => {
    // The fixture as it is: generated sources (kind by id), effective 2026-10-30, a year before TODAY plus.
    const later = new Date('2027-06-01T18:00:00Z');
    expect(evaluateLaanc(new Dataset(kbfiDataset(later)), req(later)).candidates.map((c) => c.submissionType)).toEqual(['SUBMISSION_TYPE_AUTO_AUTHORIZATION']);
    // An FAA file without MAP_EFF states no date: its effectiveDate is the retrieval time, no cycle to end.
    const undated = faaCycle(kbfiDataset(TODAY), { effectiveDateStated: false, cycleDays: undefined });
    expect(evaluateLaanc(undated, req(TODAY)).notices).toEqual([]);
  });

  it('says so in the briefing, the advisories and provenance (validUntil = effective date + 56 days)', () => {
    const ds = faaCycle(kbfiDataset(TODAY));
    const window = { start: h(TODAY, 4), end: h(TODAY, 5) };
    const b = briefArea(ds, inCell(COL.c2, ROW.a), { ...window, now: TODAY, maxAltitudeFt: 200 });
    const map = b.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING')!;
    expect(map.status).toBe('NOTICE_STATUS_CAUTION');
    expect(map.description).toContain('FAA data of the cycle effective 2025-10-30, which ended 2025-12-25: it may no longer be current.');
    expect(map.description).toContain('LAANC does not auto-authorize from it');
    expect(map.description).not.toContain('LAANC can auto-authorize');
    expect(map.provenance).toEqual([expect.objectContaining({ kind: 'faa', effectiveDate: '2025-10-30T00:00:00Z', validUntil: '2025-12-25T00:00:00Z' })]);
    const adv = advisoriesFor(ds, inCell(COL.c2, ROW.a), { window: flightWindow({ ...window, now: TODAY }), maxAltitudeFt: 200, category: 'faa_107', source: 'all' });
    const cell = adv.find((a) => a.properties?.advisoryType === 'uasfm_ceiling')!;
    expect(cell.properties?.message).toContain('which ended 2025-12-25: it may no longer be current');
    expect(cell.properties?.message).not.toContain('can auto-authorize');
    // In cycle: as before, word for word.
    const current = briefArea(faaCycle(kbfiDataset(IN_CYCLE)), inCell(COL.c2, ROW.a), { start: h(IN_CYCLE, 4), end: h(IN_CYCLE, 5), now: IN_CYCLE, maxAltitudeFt: 200 });
    expect(current.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING')!.description).toMatch(/LAANC can auto-authorize it\.$/);
  });

  it('the shipped Seattle facility map (MAP_EFF 2025-10-30) ended 2025-12-25: no auto-authorization at Boeing Field today', () => {
    const real = loadShippedFaaData('2026-11-01T00:00:00Z');
    const uasfm = real.sources.find((s) => s.file === 'uasfm_seattle.geojson')!;
    expect(validUntil(uasfm, 'sandbox')).toBe('2025-12-25T00:00:00Z');
    // ADDS layers state no date, the TFR XML ends by its own schedule: no cycle.
    expect(real.sources.filter((s) => validUntil(s, 'sandbox')).map((s) => s.file)).toEqual(['uasfm_seattle.geojson']);
    const ds = new Dataset({ format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'shipped', generatedAt: '2026-11-01T00:00:00Z', kind: 'sandbox', sources: real.sources, features: real.features });
    // The portal's demo square west of Boeing Field (e2e PLACES.autoApproval), 200 ft.
    const boundary = { type: 'Polygon' as const, coordinates: [[[-122.414, 47.52], [-122.404, 47.52], [-122.404, 47.53], [-122.414, 47.53], [-122.414, 47.52]]] };
    const today = evaluateLaanc(ds, req(TODAY, { boundary }));
    expect(today.candidates.length).toBeGreaterThan(0);
    expect(new Set(today.candidates.map((c) => c.submissionType))).toEqual(new Set(['SUBMISSION_TYPE_FURTHER_COORDINATION']));
    expect(today.notices.map((n) => n.reason)).toContain('REASON_FACILITY_MAP_NOT_CURRENT');
    const then = evaluateLaanc(ds, req(IN_CYCLE, { boundary }));
    expect(new Set(then.candidates.map((c) => c.submissionType))).toEqual(new Set(['SUBMISSION_TYPE_AUTO_AUTHORIZATION']));
  }, 60_000);
});
