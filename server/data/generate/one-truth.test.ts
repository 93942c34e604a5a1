/**
 * One truth per place, on the generated sandbox with the FAA files laid over it (docs/briefing-rules.md
 * "One truth per place" and "Coverage"): one feature per airspace, and the briefing, the legacy check
 * and LAANC give the same status and channel from the same evaluation; special-use airspace the
 * sandbox does not hold is "not modelled here", never CLEAR_TO_FLY and never LAANC auto-approval.
 */
import type { Polygon } from 'geojson';
import { beforeAll, describe, expect, it } from 'vitest';
import { Dataset } from '../dataset';
import { assessArea, briefArea, briefLocation, checkAirspace, flightWindow } from '../../domain/briefing';
import { evaluateLaanc } from '../../domain/laanc/candidates';
import { dateNote } from '../../routes/system/system.handlers';
import { generateSandboxDataset } from './index';

const NOW = new Date('2026-12-08T00:30:00Z');
let ds: Dataset;

beforeAll(async () => {
  ds = new Dataset(await generateSandboxDataset({ now: NOW }));
}, 120_000);

const square = (lat: number, lon: number, d = 0.003): Polygon => ({ type: 'Polygon', coordinates: [[[lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d], [lon - d, lat - d]]] });
const laanc = (boundary: Polygon, license: 'LICENSE_PART_107' | 'LICENSE_SECTION_44809' = 'LICENSE_PART_107') =>
  evaluateLaanc(ds, { boundary, maxAltitude: 100, altitudeUnit: 'UNITS_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_VLOS', startTime: new Date(NOW.getTime() + 3_600_000), endTime: new Date(NOW.getTime() + 7_200_000), license, fixedAltitude: false, now: NOW });
const check = (boundary: Polygon) => checkAirspace(ds, boundary, { ...flightWindow({ now: NOW }), maxAltitudeFt: 100 });

/** The surfaces of one place: briefing (area), check, LAANC. */
function surfaces(lat: number, lon: number) {
  const area = square(lat, lon);
  return { area, brief: briefArea(ds, area, { now: NOW, maxAltitudeFt: 100, includeGeometry: false }), check: check(area), laanc: laanc(area) };
}

describe('one truth per place in the sandbox', () => {
  it("has Boeing Field's Class D once: the real area, with the generated part past the Seattle file's extent joined to it", () => {
    const bfiD = ds.features.filter((f) => f.layer === 'class_airspace' && f.subtype === 'CLASS_D' && f.facility === 'BFI');
    expect(bfiD.map((f) => f.id)).toEqual(['class:BFI:D:1042']);
    expect(bfiD[0]!.props?.modelledSourceId).toBe('sandbox-class-airspace');
    // South of the city limits, on the joined part, the briefing names the one airspace with both sources.
    const south = briefLocation(ds, 47.49, -122.27, { now: NOW });
    const d = south.notices!.filter((n) => n.dataSubtype === 'NOTICE_DATA_SUBTYPE_CLASS_D' && n.distance === 0 && /BOEING/.test(n.title ?? ''));
    expect(d).toHaveLength(1);
    expect(d[0]!.provenance!.map((p) => p.sourceId).sort()).toEqual(['faa:class_airspace:class_airspace_seattle', 'sandbox-class-airspace']);
  });

  it('gives one channel at Boeing Field: the briefing, its notices, the check and LAANC all say "not through LAANC"', () => {
    const { area, brief, check: c, laanc: l } = surfaces(47.53, -122.302);
    expect(brief.authorizationType).toBe('AUTHORIZATION_TYPE_DRONE_ZONE');
    // The Class D notice (the map popup reads the location briefing's notices) no longer says LAANC here.
    const classD = brief.notices!.find((n) => n.dataSubtype === 'NOTICE_DATA_SUBTYPE_CLASS_D' && n.dataSource !== 'NOTICE_DATA_SOURCE_UASFM_CEILING' && /BOEING/.test(n.title ?? ''))!;
    expect(classD.dataSource).toBe('NOTICE_DATA_SOURCE_LAANC_NOT_ENABLED_CONTROLLED_AIRSPACE');
    const popup = briefLocation(ds, 47.53, -122.302, { now: NOW, maxAltitudeFt: 100 });
    expect(popup.authorizationType).toBe('AUTHORIZATION_TYPE_DRONE_ZONE');
    expect(popup.notices!.filter((n) => n.distance === 0).some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE')).toBe(false);
    expect(c).toEqual({ controlled: true, enabled: false, restricted: false });
    // LAANC: no candidate to offer, and the blocked cells named in one notice, not one per cell.
    expect(l.candidates).toEqual([]);
    const reasons = l.notices.map((n) => `${n.action}:${n.reason}`);
    expect(reasons).toEqual([...new Set(reasons)]);
    expect(l.notices.find((n) => n.reason === 'REASON_NOT_LAANC_ENABLED')!.ids.length).toBeGreaterThan(1);
    expect(assessArea(ds, area, { now: NOW, maxAltitudeFt: 100 }).filter((e) => e.features.some((f) => f.layer === 'class_airspace')).map((e) => e.authorization)).not.toContain('AUTHORIZATION_TYPE_LAANC');
  });

  it('agrees where LAANC serves Boeing Field: briefing LAANC, check enabled, candidates offered', () => {
    const { brief, check: c, laanc: l } = surfaces(47.555, -122.32);
    expect(brief.authorizationType).toBe('AUTHORIZATION_TYPE_LAANC');
    expect(c).toEqual({ controlled: true, enabled: true, restricted: false });
    expect(l.candidates.length).toBeGreaterThan(0);
  });

  it('restricts P-56 on every surface: WARNING, restricted, no LAANC candidate', () => {
    const { brief, check: c, laanc: l } = surfaces(38.8895, -77.0353);
    expect(brief).toMatchObject({ status: 'NOTICE_STATUS_WARNING', authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED' });
    expect(c).toEqual({ controlled: false, enabled: false, restricted: true });
    expect(l.candidates).toEqual([]);
    expect(l.notices.map((n) => n.reason)).toContain('REASON_OPERATION_IN_PROHIBITED_AREA');
  });

  it.each([
    ['R-2524 China Lake', 35.7, -117.6],
    ['Yuma Proving Ground', 33.0, -114.3],
    ['R-2501 Twentynine Palms', 34.3, -116.2],
  ])('does not say CLEAR_TO_FLY or offer LAANC auto-approval in %s, whose restricted area the sandbox does not hold', (_, lat, lon) => {
    const r = briefLocation(ds, lat, lon, { now: NOW });
    expect(r.status).not.toBe('NOTICE_STATUS_CLEAR_TO_FLY');
    expect(r.notices!.map((n) => n.title)).toContain('Special-use airspace not modelled here');
    const l = laanc(square(lat, lon));
    expect(l.candidates.some((c) => c.submissionType === 'SUBMISSION_TYPE_AUTO_AUTHORIZATION')).toBe(false);
  });

  it("dates an undated shipped FAA file by its retrieval, never by the sandbox's generation (/v1/status)", () => {
    const p = ds.sources.find((s) => s.id === 'faa:sua:Prohibited_Areas')!;
    expect(p.effectiveDateStated).toBe(false);
    expect(p.retrievedAt).toBe('2026-11-24T01:17:27Z');
    expect(p.retrievedAt).not.toBe(ds.generatedAt);
    expect(dateNote(p, ds.kind)).toBe('undated, retrieved at 2026-11-24T01:17:27Z');
    expect(dateNote(ds.sources.find((s) => s.id === 'faa:uasfm:uasfm_seattle')!, ds.kind)).toBe('effective 2025-10-30T00:00:00Z');
  });

  it('keeps special-use airspace known where the FAA file is shipped (Washington), and Class G there CLEAR_TO_FLY', () => {
    // East of the Cascades, no controlled airspace near: WA SUA file covers, the model covers the rest.
    const r = briefLocation(ds, 47.2, -119.3, { now: NOW });
    expect(r.notices!.map((n) => n.title)).not.toContain('Special-use airspace not modelled here');
  });
});
