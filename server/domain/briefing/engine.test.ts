/** The engine's parts one by one: time, geometry, facility-map cells, restrictions, the airspace check, notice contents. */
import { describe, expect, it } from 'vitest';
import { briefArea, briefLocation, checkAirspace, facilityMapCells, restrictionsFor } from '.';
import { Dataset } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { box } from './fixtures/build';
import { fixtureDataset, fixtureFile, NOW } from './fixtures';
import { gapNm, roundNm, separationNm } from './geometry';
import { activity, inEffectWithin, timeOfUseIntervals } from './time';

const ds = fixtureDataset();
const win = (start: string, minutes = 60) => ({ start: new Date(start), end: new Date(Date.parse(start) + minutes * 60_000) });

describe('time awareness', () => {
  it('reads daily windows in the feature zone, across daylight saving', () => {
    const tou = { dailyStart: '07:00', dailyEnd: '23:00' };
    const [jan] = timeOfUseIntervals(tou, 'America/Los_Angeles', Date.parse('2025-01-17T12:00:00Z'), Date.parse('2025-01-17T16:00:00Z'));
    expect(new Date(jan!.start).toISOString()).toBe('2025-01-17T15:00:00.000Z'); // 07:00 PST
    const [jul] = timeOfUseIntervals(tou, 'America/Los_Angeles', Date.parse('2025-07-04T12:00:00Z'), Date.parse('2025-07-04T15:00:00Z'));
    expect(new Date(jul!.start).toISOString()).toBe('2025-07-04T14:00:00.000Z'); // 07:00 PDT
  });

  it('reads a window at its widest where clocks change: it never ends before the latest its end can mean', () => {
    // 2026-03-08 in Seattle: 02:00-03:00 is skipped. A window 00:00-02:30 closes at 03:30 PDT (10:30Z),
    // not at 01:30 PST (09:30Z), so a flight at 03:15 PDT is inside it.
    const early = { dailyStart: '00:00', dailyEnd: '02:30' };
    const [spring] = timeOfUseIntervals(early, 'America/Los_Angeles', Date.parse('2026-03-08T10:15:00Z'), Date.parse('2026-03-08T10:20:00Z'));
    expect(spring && new Date(spring.end).toISOString()).toBe('2026-03-08T10:30:00.000Z');
    // A window from 02:30 opens at 01:30 PST, the earliest reading.
    const [late] = timeOfUseIntervals({ dailyStart: '02:30', dailyEnd: '05:00' }, 'America/Los_Angeles', Date.parse('2026-03-08T09:40:00Z'), Date.parse('2026-03-08T09:45:00Z'));
    expect(late && new Date(late.start).toISOString()).toBe('2026-03-08T09:30:00.000Z');
    // 2026-11-01: 01:00-02:00 happens twice. A window ending at 01:30 closes at its second occurrence (PST).
    const [autumn] = timeOfUseIntervals({ dailyStart: '00:00', dailyEnd: '01:30' }, 'America/Los_Angeles', Date.parse('2026-11-01T09:10:00Z'), Date.parse('2026-11-01T09:20:00Z'));
    expect(autumn && new Date(autumn.end).toISOString()).toBe('2026-11-01T09:30:00.000Z');
  });

  it('handles windows that cross midnight and days of the week', () => {
    const night = { daysActive: ['FRI' as const], dailyStart: '22:00', dailyEnd: '06:00' };
    // Saturday 02:00 in New York belongs to Friday's night window.
    const hits = timeOfUseIntervals(night, 'America/New_York', Date.parse('2025-07-05T06:00:00Z'), Date.parse('2025-07-05T06:30:00Z'));
    expect(hits).toHaveLength(1);
    expect(new Date(hits[0]!.end).toISOString()).toBe('2025-07-05T10:00:00.000Z');
    expect(timeOfUseIntervals(night, 'America/New_York', Date.parse('2025-07-06T06:00:00Z'), Date.parse('2025-07-06T06:30:00Z'))).toHaveLength(0);
  });

  it('widens stadium events by an hour on each side and tells expired from upcoming', () => {
    const lumen = ds.get('stadium:lumen')!;
    expect(activity(lumen, win('2025-07-04T18:59:00Z', 1)).state).toBe('inactive');
    expect(activity(lumen, win('2025-07-04T19:01:00Z', 1)).state).toBe('active');
    const bend = ds.get('tfr:bend-fire')!;
    expect(activity(bend, win('2025-07-02T00:00:00Z')).state).toBe('upcoming');
    expect(activity(bend, win('2025-07-06T00:00:00Z')).state).toBe('expired');
    expect(activity(bend, win('2025-07-05T23:30:00Z')).state).toBe('active');
  });

  it('gives the parts of the window in effect, clipped to the window and the schedule, merged', () => {
    const iso = (l: { start: number; end: number }[]) => l.map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()]);
    const f: AirspaceFeature = {
      id: 'x', layer: 'nsufr', name: 'x', geometry: { type: 'Point', coordinates: [0, 0] }, sourceId: 's',
      // 10:00-12:00 and 11:00-13:00 UTC overlap (merged); the schedule ends on the second day at 12:30.
      schedule: { startTime: '2025-07-01T00:00:00Z', endTime: '2025-07-02T12:30:00Z', timesOfUse: [{ dailyStart: '10:00', dailyEnd: '12:00' }, { dailyStart: '11:00', dailyEnd: '13:00' }] },
    };
    expect(iso(inEffectWithin(f, { start: new Date('2025-07-01T11:30:00Z'), end: new Date('2025-07-03T00:00:00Z') }))).toEqual([
      ['2025-07-01T11:30:00.000Z', '2025-07-01T13:00:00.000Z'],
      ['2025-07-02T10:00:00.000Z', '2025-07-02T12:30:00.000Z'],
    ]);
    expect(inEffectWithin(f, { start: new Date('2025-07-01T14:00:00Z'), end: new Date('2025-07-01T15:00:00Z') })).toEqual([]);
    expect(inEffectWithin(f, { start: new Date('2025-07-03T11:00:00Z'), end: new Date('2025-07-03T12:00:00Z') })).toEqual([]);
  });
});

describe('geometry', () => {
  it('measures nautical miles: one degree of latitude is 60 NM', () => {
    const d = gapNm({ type: 'Point', coordinates: [-98, 39] }, { type: 'Point', coordinates: [-98, 40] });
    expect(d).toBeCloseTo(60, 1);
  });

  it('treats a stadium as its 3 NM circle and an MTR as its corridor', () => {
    const arrowhead = ds.get('stadium:arrowhead')!;
    const east = (nm: number): AirspaceFeature['geometry'] => ({ type: 'Point', coordinates: [-94.4839 + nm / (60 * Math.cos((39.0489 * Math.PI) / 180)), 39.0489] });
    expect(separationNm(east(2.9), arrowhead)).toBe(0);
    expect(separationNm(east(4), arrowhead)).toBeCloseTo(1, 1);
    const mtr = ds.get('mtr:fixture')!;
    expect(separationNm({ type: 'Point', coordinates: [-99.7, 38.9] }, mtr)).toBe(0);
  });

  it('rounds distances to hundredths and never to 0 for something apart', () => {
    expect(roundNm(0.0001)).toBe(0.01);
    expect(roundNm(1.234)).toBe(1.23);
    expect(roundNm(0)).toBe(0);
  });
});

describe('facilityMapCells', () => {
  it('returns every intersecting cell with its ceiling, lowest first', () => {
    const cells = facilityMapCells(ds, box(-122.32, 47.44, -122.3, 47.47));
    expect(cells.length).toBeGreaterThan(10);
    expect(new Set(cells.map((c) => c.facility))).toEqual(new Set(['SEA', 'BFI']));
    expect(cells[0]!.ceilingFt).toBe(0);
    expect(cells.map((c) => c.ceilingFt)).toEqual([...cells.map((c) => c.ceilingFt)].sort((a, b) => a - b));
    expect(cells.every((c) => c.laancEnabled && c.geometry.type === 'Polygon' && c.effectiveDate === '2025-06-12T00:00:00Z')).toBe(true);
  });

  it('returns nothing in Class G', () => {
    expect(facilityMapCells(ds, { type: 'Point', coordinates: [-98.5795, 39.8283] })).toEqual([]);
  });
});

describe('restrictionsFor', () => {
  it('lists what blocks over the White House', () => {
    const r = restrictionsFor(ds, { type: 'Point', coordinates: [-77.0365, 38.8977] }, win(NOW.toISOString()));
    expect(r.map((x) => x.kind).sort()).toEqual(['PROHIBITED_AREA', 'WASHINGTON_FRZ']);
  });

  it('gives the blocking period of a TFR and of a stadium event', () => {
    const [tfr] = restrictionsFor(ds, { type: 'Point', coordinates: [-121.45, 44.02] }, win(NOW.toISOString()));
    expect(tfr).toMatchObject({ kind: 'TFR', ident: '5/4321', startTime: '2025-07-03T00:00:00Z', endTime: '2025-07-06T00:00:00Z' });
    const [stadium] = restrictionsFor(ds, { type: 'Point', coordinates: [-94.4839, 39.0489] }, win('2025-07-05T02:30:00Z'));
    expect(stadium).toMatchObject({ kind: 'STADIUM', startTime: '2025-07-04T22:00:00Z', endTime: '2025-07-05T03:00:00Z' });
    expect(stadium!.geometry.type).toBe('Polygon');
  });

  it('gives every period in effect within the window: part-time hours, TFR schedule, the whole window for the FRZ', () => {
    const iso = (l: { start: number; end: number }[]) => l.map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()]);
    // Grand Coulee: 06:00-22:00 Los Angeles (PDT in July) = 13:00-05:00 UTC.
    const coulee = (start: string, minutes: number) => restrictionsFor(ds, { type: 'Point', coordinates: [-118.9819, 47.956] }, win(start, minutes)).find((r) => r.featureId === 'nsufr:grand-coulee');
    expect(iso(coulee('2025-07-04T03:00:00Z', 36 * 60)!.periods)).toEqual([
      ['2025-07-04T03:00:00.000Z', '2025-07-04T05:00:00.000Z'],
      ['2025-07-04T13:00:00.000Z', '2025-07-05T05:00:00.000Z'],
      ['2025-07-05T13:00:00.000Z', '2025-07-05T15:00:00.000Z'],
    ]);
    expect(coulee('2025-07-04T06:00:00Z', 60)).toBeUndefined();
    const [tfr] = restrictionsFor(ds, { type: 'Point', coordinates: [-121.45, 44.02] }, win('2025-07-05T23:00:00Z', 120));
    expect(iso(tfr!.periods)).toEqual([['2025-07-05T23:00:00.000Z', '2025-07-06T00:00:00.000Z']]);
    const frz = restrictionsFor(ds, { type: 'Point', coordinates: [-77.0365, 38.8977] }, win(NOW.toISOString())).find((r) => r.kind === 'WASHINGTON_FRZ')!;
    expect(iso(frz.periods)).toEqual([[NOW.toISOString(), new Date(NOW.getTime() + 3_600_000).toISOString()]]);
    // A full-time NSUFR restricts whatever times of use it carries: the whole window.
    const file = fixtureFile();
    file.features.push({ id: 'nsufr:full', layer: 'nsufr', name: 'Full time', geometry: box(-98.6, 39.8, -98.5, 39.9), props: { partTime: false }, schedule: { timesOfUse: [{ dailyStart: '01:00', dailyEnd: '02:00' }] }, sourceId: 's' });
    const [full] = restrictionsFor(new Dataset(file), { type: 'Point', coordinates: [-98.55, 39.85] }, win(NOW.toISOString()));
    expect(full).toMatchObject({ kind: 'NSUFR', featureId: 'nsufr:full' });
    expect(iso(full!.periods)).toEqual([[NOW.toISOString(), new Date(NOW.getTime() + 3_600_000).toISOString()]]);
  });

  it('lists nothing in Class G or a restriction that is not in effect', () => {
    expect(restrictionsFor(ds, { type: 'Point', coordinates: [-98.5795, 39.8283] }, win(NOW.toISOString()))).toEqual([]);
    expect(restrictionsFor(ds, { type: 'Point', coordinates: [-121.45, 44.02] }, win('2025-07-07T00:00:00Z'))).toEqual([]);
  });
});

describe('checkAirspace (spec 4.4 combinations)', () => {
  const at = (lon: number, lat: number) => checkAirspace(ds, { type: 'Point', coordinates: [lon, lat] }, win(NOW.toISOString()));
  it.each([
    ['Class G, Lebanon KS', -98.5795, 39.8283, { controlled: false, enabled: false, restricted: false }],
    ['a LAANC grid at Sea-Tac', -122.3016, 47.4435, { controlled: true, enabled: true, restricted: false }],
    ['Class D without LAANC, McChord', -122.4765, 47.1377, { controlled: true, enabled: false, restricted: false }],
    ['the FRZ, the White House', -77.0365, 38.8977, { controlled: false, enabled: false, restricted: true }],
  ])('%s', (_n, lon, lat, expected) => expect(at(lon, lat)).toEqual(expected));
});

describe('notice contents', () => {
  it('fills a notice as far as the data allows', () => {
    const r = briefLocation(ds, 44.02, -121.45, { now: NOW });
    const tfr = r.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_TFR_ACTIVE')!;
    expect(tfr).toMatchObject({
      title: expect.stringContaining('Bend'),
      description: expect.stringMatching(/In effect from 2025-07-03 00:00 UTC to 2025-07-06 00:00 UTC/),
      status: 'NOTICE_STATUS_WARNING',
      code: 'NOTICE_CODE_FLIGHT_RESTRICTED_AIRSPACE',
      ruleCode: 'RULE_CODE_5_3F',
      ruleDescription: expect.stringContaining('14 CFR 91.137'),
      authority: 'Federal Aviation Administration',
      sourceUrl: 'https://tfr.faa.gov/',
      contact: { text: expect.any(String), phoneNumber: '202-267-8276' },
      lowerAltitude: { value: 0, reference: 'ALTITUDE_REFERENCE_AGL', unit: 'ALTITUDE_UNIT_FEET' },
      upperAltitude: { value: 9000, reference: 'ALTITUDE_REFERENCE_AMSL', unit: 'ALTITUDE_UNIT_FEET' },
      schedule: { startTime: '2025-07-03T00:00:00Z', endTime: '2025-07-06T00:00:00Z', timezone: 'America/Los_Angeles' },
      dataSubtype: 'NOTICE_DATA_SUBTYPE_EMERGENCY',
    });
    expect(tfr.geometry?.type).toBe('Polygon');
  });

  it('leaves geometry out when asked and gives stadiums their 3 NM circle and events', () => {
    const without = briefLocation(ds, 47.5952, -122.3316, { now: NOW, includeGeometry: false });
    expect(without.notices!.every((n) => n.geometry === undefined)).toBe(true);
    const withGeom = briefLocation(ds, 47.5952, -122.3316, { now: NOW, includeGeometry: true });
    const lumen = withGeom.notices!.find((n) => n.title === 'Lumen Field')!;
    expect(lumen.geometry?.type).toBe('Polygon');
    expect(lumen.events?.[0]).toMatchObject({ name: 'Seattle Sounders FC vs LA Galaxy', startTime: '2025-07-04T20:00:00Z' });
    expect(lumen.upperAltitude).toEqual({ value: 3000, reference: 'ALTITUDE_REFERENCE_AGL', unit: 'ALTITUDE_UNIT_FEET' });
  });

  it('gives nearby notices their distance in NM', () => {
    const r = briefLocation(ds, 40.7033, -74.017, { now: NOW });
    const liberty = r.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_NSUFR_FULL_TIME')!;
    expect(liberty.distance).toBeGreaterThan(1.1);
    expect(liberty.distance).toBeLessThan(1.35);
    expect(r.status).toBe('NOTICE_STATUS_CLEAR_TO_FLY');
  });

  it('folds Class B sectors into one notice and names the facility-map cells', () => {
    const r = briefArea(ds, box(-122.33, 47.52, -122.3, 47.54), { now: NOW });
    expect(r.notices!.filter((n) => n.dataSubtype === 'NOTICE_DATA_SUBTYPE_CLASS_B')).toHaveLength(1);
    const fm = r.notices!.find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING')!;
    expect(fm.description).toMatch(/uasfm:BFI:47\.\d{4}:-122\.\d{4}/);
    expect(fm.upperAltitude?.value).toBe(0);
  });
});
