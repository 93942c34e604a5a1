import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { Dataset, geometryBBox } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { briefArea } from '../briefing';
import { evaluateLaanc, type LaancRequest } from './candidates';
import { openWindows } from './restrictions';
import { COL, NSUFR_ID, ROW, TFR_ID, box, inCell, kbfiDataset, CELL } from './test-fixture';

const T0 = new Date('2026-12-01T15:00:00Z');
const ds = new Dataset(kbfiDataset(T0));
const h = (n: number) => new Date(T0.getTime() + n * 3_600_000);

function req(over: Partial<LaancRequest>): LaancRequest {
  return {
    boundary: inCell(COL.c2, ROW.a),
    maxAltitude: 200,
    altitudeUnit: 'ALTITUDE_UNIT_FEET',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL',
    startTime: h(4),
    endTime: h(5),
    license: 'LICENSE_PART_107',
    fixedAltitude: false,
    now: T0,
    ...over,
  };
}

/** Spanning two cells horizontally (col and col+1) in a row. */
const across = (col: number, row: number) => box((col + 0.6) * CELL, (row + 0.3) * CELL, (col + 1.4) * CELL, (row + 0.7) * CELL);

describe('LAANC candidates', () => {
  it('one auto-authorization candidate inside a 400 ft cell, at the requested altitude, Class D', () => {
    const r = evaluateLaanc(ds, req({}));
    expect(r.notices).toEqual([]);
    expect(r.candidates).toHaveLength(1);
    const c = r.candidates[0]!;
    expect(c).toMatchObject({ submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION', altitude: 200, airTrafficControl: 'BFI', startTime: h(4).toISOString(), endTime: h(5).toISOString() });
    expect(c.airspaceClassCodes).toEqual(['CLASS_D']);
    expect(c.facilityMaps).toEqual([{ id: `uasfm:BFI:${ROW.a}:${COL.c2}`, lastEditDate: '2026-10-30T00:00:00.000Z' }]);
    expect(c.geom.type).toBe('Polygon');
  });

  it('auto-adjusts to the lowest ceiling of the facility unless fixedAltitude', () => {
    const free = evaluateLaanc(ds, req({ boundary: across(COL.c1, ROW.a) }));
    expect(free.candidates).toHaveLength(1);
    expect(free.candidates[0]).toMatchObject({ altitude: 100, submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION' });
    const fixed = evaluateLaanc(ds, req({ boundary: across(COL.c1, ROW.a), fixedAltitude: true }));
    expect(fixed.candidates[0]).toMatchObject({ altitude: 200, submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION' });
    expect(fixed.notices).toEqual([expect.objectContaining({ action: 'ACTION_WARN', reason: 'REASON_ABOVE_CEILING', ids: [`uasfm:BFI:${ROW.a}:${COL.c1}`] })]);
  });

  it('splits per facility', () => {
    const boundary = box((COL.c2 + 0.3) * CELL, (ROW.s + 0.5) * CELL, (COL.c2 + 0.7) * CELL, (ROW.a + 0.5) * CELL);
    const r = evaluateLaanc(ds, req({ boundary }));
    expect(r.candidates.map((c) => [c.airTrafficControl, c.altitude, c.submissionType])).toEqual([
      ['BFI', 200, 'SUBMISSION_TYPE_AUTO_AUTHORIZATION'],
      ['SEA', 200, 'SUBMISSION_TYPE_AUTO_AUTHORIZATION'],
    ]);
  });

  it('one area meeting a facility map in two places is one request for that facility, window and altitude (issue 32)', () => {
    // A U: its bar in SEA's cells (row s), its arms up into BFI's 400 ft cells c2 and c3 of row a, with
    // the gap between the arms outside the area. BFI's share is two parts: they were two requests.
    const x = (c: number, f: number) => (c + f) * CELL;
    const y = (r: number, f: number) => (r + f) * CELL;
    const u: Polygon = {
      type: 'Polygon',
      coordinates: [[
        [x(COL.c2, 0.3), y(ROW.s, 0.4)], [x(COL.c3, 0.7), y(ROW.s, 0.4)], [x(COL.c3, 0.7), y(ROW.a, 0.6)], [x(COL.c3, 0.4), y(ROW.a, 0.6)],
        [x(COL.c3, 0.4), y(ROW.s, 0.8)], [x(COL.c2, 0.6), y(ROW.s, 0.8)], [x(COL.c2, 0.6), y(ROW.a, 0.6)], [x(COL.c2, 0.3), y(ROW.a, 0.6)],
        [x(COL.c2, 0.3), y(ROW.s, 0.4)],
      ]],
    };
    const r = evaluateLaanc(ds, req({ boundary: u }));
    const bfi = r.candidates.filter((c) => c.airTrafficControl === 'BFI');
    expect(bfi).toHaveLength(1);
    expect(bfi[0]).toMatchObject({ submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION', altitude: 200 });
    // The one request covers both arms.
    const [w, s, e, n] = geometryBBox(bfi[0]!.geom);
    expect(w).toBeLessThanOrEqual(x(COL.c2, 0.3) + 1e-7);
    expect(e).toBeGreaterThanOrEqual(x(COL.c3, 0.7) - 1e-7);
    expect(s).toBeLessThanOrEqual(y(ROW.a, 0) + 1e-7);
    expect(n).toBeGreaterThanOrEqual(y(ROW.a, 0.6) - 1e-7);
    // No two candidates anywhere ask for the same facility, window and altitude.
    const keys = r.candidates.map((c) => `${c.airTrafficControl}|${c.startTime}|${c.endTime}|${c.altitude}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the hull of a split share counts the ceilings it reaches: lower ones make it further coordination', () => {
    // Arms into BFI c1 (100 ft) and c3 (400 ft) over SEA's row; the hull crosses c2 (400 ft) and c1: 100 ft is the lowest.
    const x = (c: number, f: number) => (c + f) * CELL;
    const y = (r: number, f: number) => (r + f) * CELL;
    const u: Polygon = {
      type: 'Polygon',
      coordinates: [[
        [x(COL.c2, 0.05), y(ROW.s, 0.4)], [x(COL.c3, 0.7), y(ROW.s, 0.4)], [x(COL.c3, 0.7), y(ROW.a, 0.6)], [x(COL.c3, 0.4), y(ROW.a, 0.6)],
        [x(COL.c3, 0.4), y(ROW.s, 0.8)], [x(COL.c2, 0.2), y(ROW.s, 0.8)], [x(COL.c2, 0.2), y(ROW.a, 0.6)], [x(COL.c1, 0.9), y(ROW.a, 0.6)],
        [x(COL.c1, 0.9), y(ROW.a, 0.0) + 1e-6], [x(COL.c2, 0.05), y(ROW.a, 0.0) + 1e-6], [x(COL.c2, 0.05), y(ROW.s, 0.4)],
      ]],
    };
    const r = evaluateLaanc(ds, req({ boundary: u, maxAltitude: 300, fixedAltitude: true }));
    const bfi = r.candidates.filter((c) => c.airTrafficControl === 'BFI');
    expect(bfi).toHaveLength(1);
    expect(bfi[0]!.submissionType).toBe('SUBMISSION_TYPE_FURTHER_COORDINATION');
  });

  it('a 0 ft cell needs further coordination under Part 107 and blocks a recreational flyer', () => {
    const p107 = evaluateLaanc(ds, req({ boundary: inCell(COL.c0, ROW.a) }));
    expect(p107.candidates).toHaveLength(1);
    expect(p107.candidates[0]).toMatchObject({ submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION', altitude: 200 });
    expect(p107.notices.map((n) => [n.action, n.reason])).toEqual([['ACTION_WARN', 'REASON_ZERO_CEILING']]);
    const rec = evaluateLaanc(ds, req({ boundary: inCell(COL.c0, ROW.a), license: 'LICENSE_SECTION_44809', flightType: 'FLIGHT_TYPE_RECREATIONAL' }));
    expect(rec.candidates).toEqual([]);
    expect(rec.notices.map((n) => [n.action, n.reason])).toEqual([['ACTION_BLOCK', 'REASON_ZERO_CEILING']]);
  });

  it('recreational above the ceiling with fixedAltitude gets no candidate and a blocking notice', () => {
    const r = evaluateLaanc(ds, req({ boundary: inCell(COL.c1, ROW.a), license: 'LICENSE_SECTION_44809', fixedAltitude: true }));
    expect(r.candidates).toEqual([]);
    expect(r.notices[0]).toMatchObject({ action: 'ACTION_BLOCK', reason: 'REASON_ABOVE_CEILING' });
  });

  it('a TFR in effect during part of the flight splits the candidates in time and blocks its window', () => {
    const boundary = inCell(COL.c3, ROW.a, 0.002, 0.6, 0.6);
    const r = evaluateLaanc(ds, req({ boundary, startTime: h(1), endTime: h(4) }));
    expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_TFR', ids: [TFR_ID], startTime: h(2).toISOString(), endTime: h(3).toISOString() })]);
    expect(r.candidates.map((c) => [c.startTime, c.endTime])).toEqual([
      [h(1).toISOString(), h(2).toISOString()],
      [h(3).toISOString(), h(4).toISOString()],
    ]);
    // Outside the TFR's hours it does not count.
    expect(evaluateLaanc(ds, req({ boundary, startTime: h(4), endTime: h(5) })).notices).toEqual([]);
  });

  it('blocks too far ahead, in the past, above 400 ft fixed, and non-AGL altitudes', () => {
    const reasons = (o: Partial<LaancRequest>) => evaluateLaanc(ds, req(o)).notices.map((n) => n.reason);
    expect(reasons({ startTime: h(24 * 91), endTime: h(24 * 91 + 1) })).toEqual(['REASON_TOO_FAR_AHEAD']);
    expect(reasons({ startTime: h(-3), endTime: h(-2) })).toEqual(['REASON_OPERATION_IN_PAST']);
    expect(reasons({ maxAltitude: 450, fixedAltitude: true })).toContain('REASON_ABOVE_400_FT');
    expect(reasons({ altitudeReference: 'ALTITUDE_REFERENCE_AMSL' })).toEqual(['REASON_ALTITUDE_REFERENCE_NOT_AGL']);
    expect(evaluateLaanc(ds, req({ startTime: h(24 * 91), endTime: h(24 * 91 + 1) })).candidates).toEqual([]);
  });

  it('blocks cells LAANC does not serve and national-security areas', () => {
    const r = evaluateLaanc(ds, req({ boundary: inCell(COL.c0, ROW.b) }));
    expect(r.candidates).toEqual([]);
    expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_NOT_LAANC_ENABLED' })]);
    const n = evaluateLaanc(ds, req({ boundary: box(-122.26, 47.521, -122.257, 47.524) }));
    expect(n.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_NSUFR', ids: [NSUFR_ID] })]);
  });

  it('blocks prohibited areas and the Washington FRZ, warns in restricted areas, ignores floors above the flight', () => {
    const file = kbfiDataset(T0, 'with-sua');
    const area = inCell(COL.c2, ROW.a, 0.003);
    file.features.push(
      { id: 'sua:P-99', layer: 'sua', subtype: 'PROHIBITED', name: 'P-99', geometry: area, sourceId: 'x' },
      { id: 'frz:DC', layer: 'washington_frz', name: 'FRZ', geometry: area, sourceId: 'x' },
      { id: 'sua:R-99', layer: 'sua', subtype: 'RESTRICTED', name: 'R-99', geometry: area, sourceId: 'x' },
      { id: 'sua:M-99', layer: 'sua', subtype: 'MOA', name: 'MOA', geometry: area, sourceId: 'x' },
      { id: 'tfr:high', layer: 'tfr', name: 'high TFR', geometry: area, lower: { value: 1000, reference: 'AGL' }, sourceId: 'x' },
    );
    const r = evaluateLaanc(new Dataset(file), req({}));
    expect(r.notices.map((n) => [n.action, n.reason, n.ids[0]])).toEqual([
      ['ACTION_WARN', 'REASON_OPERATION_IN_RESTRICTED_AREA', 'sua:R-99'],
      ['ACTION_BLOCK', 'REASON_OPERATION_IN_WASHINGTON_FRZ', 'frz:DC'],
      ['ACTION_BLOCK', 'REASON_OPERATION_IN_PROHIBITED_AREA', 'sua:P-99'],
    ].sort((a, b) => a[2]!.localeCompare(b[2]!)));
    expect(r.candidates).toEqual([]);
  });

  it('blocks controlled airspace that no facility-map cell covers: LAANC cannot authorize there (audit 2026-11-25, second pass)', () => {
    // Inside the fixture's Class D, west of every cell: before, no candidate and no notice ("nothing to authorize").
    const west = box(-122.338, 47.507, -122.336, 47.509);
    const r = evaluateLaanc(ds, req({ boundary: west }));
    expect(r.candidates).toEqual([]);
    expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_NOT_LAANC_ENABLED', ids: ['class:BFI:D'] })]);

    // Imported class airspace whose facility has no grid at all (laancEnabled unknown), from the surface.
    const file = kbfiDataset(T0, 'no-grid');
    const e4 = box(-122.2, 47.45, -122.18, 47.47);
    file.features.push({ id: 'class:RNT:E4', layer: 'class_airspace', subtype: 'CLASS_E', name: 'Renton Class E', facility: 'RNT', geometry: e4, lower: { value: 0, reference: 'SFC' }, sourceId: 'x' });
    file.features.push({ id: 'class:RNT:shelf', layer: 'class_airspace', subtype: 'CLASS_B', name: 'high shelf', facility: 'SEA', geometry: box(-122.17, 47.45, -122.15, 47.47), lower: { value: 3000, reference: 'MSL' }, sourceId: 'x' });
    const d = new Dataset(file);
    const inE4 = evaluateLaanc(d, req({ boundary: box(-122.195, 47.455, -122.19, 47.46) }));
    expect(inE4.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_NOT_LAANC_ENABLED', ids: ['class:RNT:E4'] })]);
    // A shelf whose floor is above the flight needs no authorization: no notice.
    expect(evaluateLaanc(d, req({ boundary: box(-122.165, 47.455, -122.16, 47.46) })).notices).toEqual([]);

    // Half in a cell, half past the last cell inside the Class D: the rest is blocked where it lies, and
    // the flight's one channel is DroneZone (the briefing of the area says so): no candidate for the covered half.
    const straddle = box((COL.c0 - 0.5) * CELL, (ROW.a + 0.3) * CELL, (COL.c0 + 0.5) * CELL, (ROW.a + 0.7) * CELL);
    const s = evaluateLaanc(ds, req({ boundary: straddle }));
    const block = s.notices.find((n) => n.reason === 'REASON_NOT_LAANC_ENABLED');
    expect(block).toMatchObject({ action: 'ACTION_BLOCK', ids: ['class:BFI:D'] });
    const xs = block!.geom.coordinates[0]!.map((p) => p[0]!);
    expect(Math.max(...xs)).toBeCloseTo(COL.c0 * CELL, 6);
    expect(s.candidates).toEqual([]);
    // Wholly inside cells: nothing new (the first test's notices stay []).
  });

  it('warns where the briefing says "Modelled airspace: boundary uncertain": LAANC is not silent near modelled airspace (audit 2026-11-28)', () => {
    // A modelled (sandbox) Class D east of every fixture cell, and an operation 0.4 NM east of it: no cell,
    // no controlled airspace under it. Before, no candidate and no notice; the briefing says CAUTION.
    const modelled = (sourceId: string): Dataset => {
      const file = kbfiDataset(T0, `margin-${sourceId}`);
      file.sources.push({ ...file.sources[0]!, id: sourceId, name: sourceId });
      file.features.push({
        id: 'class:XYZ:D', layer: 'class_airspace', subtype: 'CLASS_D', name: 'XYZ Class D', facility: 'XYZ',
        geometry: box(-122.1, 47.4, -122.08, 47.42), lower: { value: 0, reference: 'SFC' }, sourceId,
      });
      return new Dataset(file);
    };
    const east = box(-122.0695, 47.405, -122.0675, 47.407); // ~0.42 NM east of the Class D's east edge
    const sandbox = modelled('sandbox-class-airspace');
    const brief = briefArea(sandbox, east, { start: h(4), end: h(5), now: T0, maxAltitudeFt: 200 });
    expect(brief.notices?.map((n) => n.title)).toEqual(['Modelled airspace of XYZ: boundary uncertain']);
    const r = evaluateLaanc(sandbox, req({ boundary: east }));
    expect(r.candidates).toEqual([]);
    expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_WARN', reason: 'REASON_MODELLED_AIRSPACE', ids: ['class:XYZ:D'] })]);
    expect(r.notices[0]!.geom.coordinates[0]).toEqual(east.coordinates[0]);
    // Recreational too: nothing to authorize there either way, and the warning stays.
    expect(evaluateLaanc(sandbox, req({ boundary: east, license: 'LICENSE_SECTION_44809' })).notices.map((n) => n.reason)).toEqual(['REASON_MODELLED_AIRSPACE']);
    // Imported FAA airspace keeps its exact edges: Class G there, nothing to say (as the briefing).
    const faa = modelled('faa:class_airspace');
    expect(briefArea(faa, east, { start: h(4), end: h(5), now: T0, maxAltitudeFt: 200 }).status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    expect(evaluateLaanc(faa, req({ boundary: east })).notices).toEqual([]);
    // Beyond the margin (1 NM): nothing.
    expect(evaluateLaanc(sandbox, req({ boundary: box(-122.05, 47.405, -122.048, 47.407) })).notices).toEqual([]);
    // Wholly inside a cell, next to nothing modelled: the first test's notices stay [] (checked there).
  });

  it('converts metres to feet and warns when the license is not set', () => {
    const r = evaluateLaanc(ds, req({ maxAltitude: 60, altitudeUnit: 'ALTITUDE_UNIT_METERS', license: 'LICENSE_UNSPECIFIED' }));
    // 60 m is 196.85 ft: the flight reaches above 196 ft, so it asks for 197.
    expect(r.candidates[0]!.altitude).toBe(197);
    expect(r.notices.map((n) => [n.action, n.reason])).toEqual([['ACTION_WARN', 'REASON_LICENSE_UNSPECIFIED']]);
  });

  it('rounds metres up: a flight a few centimetres above a ceiling or 400 ft is above it (audit 2026-11-25)', () => {
    const m = (maxAltitude: number, over: Partial<LaancRequest> = {}) => evaluateLaanc(ds, req({ maxAltitude, altitudeUnit: 'ALTITUDE_UNIT_METERS', ...over }));
    // 30.5 m = 100.07 ft in the 100 ft cell, the altitude fixed: not within the ceiling.
    const fixed = m(30.5, { boundary: inCell(COL.c1, ROW.a), fixedAltitude: true });
    expect(fixed.candidates[0]).toMatchObject({ altitude: 101, submissionType: 'SUBMISSION_TYPE_FURTHER_COORDINATION' });
    expect(fixed.notices.map((n) => n.reason)).toContain('REASON_ABOVE_CEILING');
    // Exactly 30.48 m is 100 ft: within it.
    expect(m(30.48, { boundary: inCell(COL.c1, ROW.a), fixedAltitude: true }).candidates[0]).toMatchObject({ altitude: 100, submissionType: 'SUBMISSION_TYPE_AUTO_AUTHORIZATION' });
    // 121.95 m = 400.1 ft, fixed: above 400 ft, blocked; 121.92 m is 400 ft exactly.
    expect(m(121.95, { fixedAltitude: true }).notices.map((n) => n.reason)).toContain('REASON_ABOVE_400_FT');
    expect(m(121.92, { fixedAltitude: true }).notices.map((n) => n.reason)).not.toContain('REASON_ABOVE_400_FT');
  });

  it('hashCodes are deterministic and change with what is authorized', () => {
    const a = evaluateLaanc(ds, req({})).candidates[0]!.hashCode;
    expect(evaluateLaanc(new Dataset(kbfiDataset(T0, 'other-version')), req({})).candidates[0]!.hashCode).toBe(a);
    expect(evaluateLaanc(ds, req({ maxAltitude: 150 })).candidates[0]!.hashCode).not.toBe(a);
    expect(evaluateLaanc(ds, req({ endTime: h(6) })).candidates[0]!.hashCode).not.toBe(a);
  });

  describe('time awareness (the briefing engine decides what is in effect when)', () => {
    const area = inCell(COL.c2, ROW.a, 0.003);
    const iso = (n: number) => h(n).toISOString();
    const windows = (e: { candidates: { startTime: string; endTime: string }[] }) => e.candidates.map((c) => [c.startTime, c.endTime]);
    /** 08:00-09:00 in Los Angeles (PST in December) = 16:00-17:00 UTC = h(1)..h(2). */
    const hours = { timezone: 'America/Los_Angeles', timesOfUse: [{ dailyStart: '08:00', dailyEnd: '09:00' }] };
    const withFeature = (f: AirspaceFeature) => {
      const file = kbfiDataset(T0, 'time-aware');
      file.features.push(f);
      return new Dataset(file);
    };

    it('a part-time NSUFR outside its hours does not block; inside them it blocks those hours only', () => {
      const d = withFeature({ id: 'nsufr:part', layer: 'nsufr', name: 'Part-time NSUFR', geometry: area, lower: { value: 0, reference: 'SFC' }, props: { partTime: true }, schedule: hours, sourceId: 'x' });
      const outside = evaluateLaanc(d, req({ startTime: h(4), endTime: h(5) }));
      expect(outside.notices).toEqual([]);
      expect(windows(outside)).toEqual([[iso(4), iso(5)]]);
      const inside = evaluateLaanc(d, req({ startTime: h(0), endTime: h(3) }));
      expect(inside.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_NSUFR', ids: ['nsufr:part'], startTime: iso(1), endTime: iso(2) })]);
      expect(windows(inside)).toEqual([[iso(0), iso(1)], [iso(2), iso(3)]]);
    });

    it('a long flight is blocked in every period in effect, not only in the first days scanned (no candidate in a later day\'s hours)', () => {
      const d = withFeature({ id: 'nsufr:part', layer: 'nsufr', name: 'Part-time NSUFR', geometry: area, lower: { value: 0, reference: 'SFC' }, props: { partTime: true }, schedule: hours, sourceId: 'x' });
      const r = evaluateLaanc(d, req({ startTime: h(0), endTime: h(24 * 20) }));
      const daily = Array.from({ length: 20 }, (_, k) => ({ start: h(1 + 24 * k).getTime(), end: h(2 + 24 * k).getTime() }));
      for (const c of r.candidates) {
        const s = Date.parse(c.startTime), e = Date.parse(c.endTime);
        expect(daily.filter((w) => s < w.end && w.start < e)).toEqual([]);
      }
      expect(r.notices.filter((n) => n.action === 'ACTION_BLOCK').map((n) => n.startTime)).toEqual(daily.map((w) => new Date(w.start).toISOString()));
      expect(r.candidates.length).toBe(21);
      // Longer than the days listed one by one: in effect throughout (restrictive), so nothing to submit.
      const years = evaluateLaanc(d, req({ startTime: h(0), endTime: h(24 * 365 * 3) }));
      expect(years.candidates).toEqual([]);
      expect(years.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_NSUFR', startTime: iso(0), endTime: iso(24 * 365 * 3) })]);
    });

    it('times of use within a TFR schedule narrow it: one blocking notice per period in effect', () => {
      const d = withFeature({ id: 'tfr:daily', layer: 'tfr', name: 'Daily TFR', geometry: area, lower: { value: 0, reference: 'SFC' }, schedule: { startTime: iso(0), endTime: iso(48), ...hours }, sourceId: 'x' });
      expect(evaluateLaanc(d, req({ startTime: h(4), endTime: h(5) })).notices).toEqual([]);
      const r = evaluateLaanc(d, req({ startTime: h(0), endTime: h(27) }));
      expect(r.notices.map((n) => [n.action, n.reason, n.ids, n.startTime, n.endTime])).toEqual([
        ['ACTION_BLOCK', 'REASON_OPERATION_IN_TFR', ['tfr:daily'], iso(1), iso(2)],
        ['ACTION_BLOCK', 'REASON_OPERATION_IN_TFR', ['tfr:daily'], iso(25), iso(26)],
      ]);
      expect(windows(r)).toEqual([[iso(0), iso(1)], [iso(2), iso(25)], [iso(26), iso(27)]]);
    });

    it('a restricted area warns only while it is active and does not split the candidates', () => {
      const d = withFeature({ id: 'sua:R-98', layer: 'sua', subtype: 'RESTRICTED', name: 'R-98', geometry: area, lower: { value: 0, reference: 'SFC' }, schedule: hours, sourceId: 'x' });
      expect(evaluateLaanc(d, req({ startTime: h(4), endTime: h(5) })).notices).toEqual([]);
      const r = evaluateLaanc(d, req({ startTime: h(0), endTime: h(3) }));
      expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_WARN', reason: 'REASON_OPERATION_IN_RESTRICTED_AREA', ids: ['sua:R-98'], startTime: iso(1), endTime: iso(2) })]);
      expect(windows(r)).toEqual([[iso(0), iso(3)]]);
    });

    it('a stadium blocks as a TFR from an hour before to an hour after its event, nothing outside it', () => {
      const [x, y] = [(COL.c2 + 0.5) * CELL, (ROW.a + 0.5) * CELL];
      const d = withFeature({
        id: 'stadium:fixture', layer: 'stadium', name: 'Fixture stadium', geometry: { type: 'Point', coordinates: [x, y] },
        lower: { value: 0, reference: 'SFC' }, upper: { value: 3000, reference: 'AGL' },
        events: [{ name: 'Game', type: 'MLB', startTime: iso(2), endTime: iso(3) }], sourceId: 'x',
      });
      expect(evaluateLaanc(d, req({ startTime: h(5), endTime: h(6) })).notices).toEqual([]);
      const r = evaluateLaanc(d, req({ startTime: h(0), endTime: h(6) }));
      expect(r.notices).toEqual([expect.objectContaining({ action: 'ACTION_BLOCK', reason: 'REASON_OPERATION_IN_TFR', ids: ['stadium:fixture'], startTime: iso(1), endTime: iso(4) })]);
      expect(windows(r)).toEqual([[iso(0), iso(1)], [iso(4), iso(6)]]);
    });
  });

  it('floors come from the briefing engine: AGL as is, MSL over the ground elevation (or an assumed 800 ft MSL ground)', () => {
    const file = kbfiDataset(T0, 'floors');
    const area = inCell(COL.c2, ROW.a, 0.003);
    const tfr = (id: string, lower: AirspaceFeature['lower'], props?: AirspaceFeature['props']): AirspaceFeature => ({ id, layer: 'tfr', name: id, geometry: area, ...(lower ? { lower } : {}), ...(props ? { props } : {}), sourceId: 'x' });
    file.features.push(
      tfr('tfr:agl150', { value: 150, reference: 'AGL' }),
      tfr('tfr:msl1000', { value: 1000, reference: 'MSL' }, { groundElevationFt: 900 }), // 100 ft AGL
      tfr('tfr:msl1500', { value: 1500, reference: 'MSL' }), // at least 700 ft AGL
    );
    const d = new Dataset(file);
    // One notice per reason and window (mergeNotices), naming every restriction that counts.
    const ids = (maxAltitude: number) => evaluateLaanc(d, req({ maxAltitude })).notices.flatMap((n) => n.ids);
    expect(ids(200)).toEqual(['tfr:agl150', 'tfr:msl1000']);
    expect(ids(150)).toEqual(['tfr:msl1000']); // a floor at the top of the flight leaves it clear
    expect(ids(100)).toEqual([]);
  });

  it('openWindows subtracts blocking windows and drops slivers under a minute', () => {
    expect(openWindows({ start: 0, end: 600_000 }, [{ start: 100_000, end: 200_000 }, { start: 150_000, end: 570_000 }])).toEqual([{ start: 0, end: 100_000 }]);
  });
});
