/**
 * Coverage (docs/briefing-rules.md "Coverage"): outside the area a layer's data is complete for, the
 * briefing says there is no data of that kind and is at most CAUTION; Class G is never inferred there.
 */
import { describe, expect, it } from 'vitest';
import { fileCoverage, parseRegion, uncoveredLayers } from '../../data/coverage';
import { Dataset } from '../../data/dataset';
import { importFiles } from '../../data/import/import-files';
import { hasRealData, realPath, warnIfNoRealData } from '../../data/import/realdata';
import type { AirspaceFeature, DatasetFile } from '../../data/model';
import { evaluateLaanc } from '../laanc/candidates';
import { briefArea, briefLocation } from '.';
import { box, sfc, msl } from './fixtures/build';

const NOW = new Date('2025-11-20T18:00:00Z');

/** An FAA import of one class airspace file around (47.5, -122.3), with or without a declared region. */
function imported(region?: Parameters<typeof fileCoverage>[1]): Dataset {
  const features: AirspaceFeature[] = [
    { id: 'class:XYZ:D', layer: 'class_airspace', subtype: 'CLASS_D', name: 'XYZ Class D', facility: 'XYZ', geometry: box(-122.35, 47.45, -122.25, 47.55), lower: sfc, upper: msl(2500), sourceId: 'faa:class_airspace:x' },
    { id: 'sua:R-1', layer: 'sua', subtype: 'RESTRICTED', name: 'R-1', geometry: box(-122.6, 47.6, -122.5, 47.7), lower: sfc, upper: msl(5000), sourceId: 'faa:sua:x' },
    { id: 'uasfm:XYZ:1', layer: 'uasfm', name: 'cell', facility: 'XYZ', ceilingFt: 100, laancEnabled: true, geometry: box(-122.35, 47.45, -122.3, 47.5), upper: { value: 100, reference: 'AGL' }, sourceId: 'faa:uasfm:x' },
  ];
  const source = (id: string) => {
    const coverage = fileCoverage(features.filter((f) => f.sourceId === id), region);
    return { id, name: id, version: '1', effectiveDate: NOW.toISOString(), retrievedAt: NOW.toISOString(), attribution: 'FAA', licence: 'PD', ...(coverage ? { coverage } : {}) };
  };
  const file: DatasetFile = { format: 'skyplan-airspace-dataset', formatVersion: 1, version: 'c', generatedAt: NOW.toISOString(), kind: 'faa', sources: ['faa:class_airspace:x', 'faa:sua:x', 'faa:uasfm:x'].map(source), features };
  return new Dataset(file);
}

const titles = (r: ReturnType<typeof briefLocation>) => r.notices!.filter((n) => (n.distance ?? 0) === 0).map((n) => n.title);

describe('coverage of imported files', () => {
  const ds = imported();

  it('is each file\'s extent: never Class G or CLEAR_TO_FLY past it, with a notice per missing kind of data', () => {
    // 100 NM east of every file: nothing is known there.
    const far = briefLocation(ds, 47.5, -120, { now: NOW });
    expect(far.status).toBe('NOTICE_STATUS_CAUTION');
    expect(titles(far)).toEqual(['No FAA class airspace data here', 'No FAA facility-map data here', 'No FAA special-use airspace data here', 'No FAA TFR data here']);
    expect(far.notices!.some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_CLASS_G')).toBe(false);
    expect(far.authorizationType).toBe('AUTHORIZATION_TYPE_UNSPECIFIED');
    // No rule is claimed for a place nothing is known of (not the Class G rule).
    for (const n of far.notices!) expect(n).toMatchObject({ ruleCode: 'RULE_CODE_UNSPECIFIED' });
    expect(far.notices!.some((n) => n.ruleDescription)).toBe(false);
    // The files name themselves as what the service has of each kind, elsewhere.
    expect(far.notices!.find((n) => n.title === 'No FAA class airspace data here')!.provenance!.map((p) => p.sourceId)).toEqual(['faa:class_airspace:x']);
  });

  it('keeps the answers inside the extent; an area reaching out of it is not covered', () => {
    const inD = briefLocation(ds, 47.47, -122.32, { now: NOW });
    expect(inD.authorizationType).toBe('AUTHORIZATION_TYPE_LAANC');
    expect(titles(inD)).not.toContain('No FAA class airspace data here');
    // Inside the class file's extent, outside the cell's: no facility-map data here, never Class G from the map's absence.
    expect(titles(briefLocation(ds, 47.53, -122.27, { now: NOW }))).toContain('No FAA facility-map data here');
    const straddling = box(-122.3, 47.5, -122.1, 47.52);
    expect(titles(briefArea(ds, straddling, { now: NOW }))).toContain('No FAA class airspace data here');
  });

  it('is the declared region when one is given (--region), and national when declared so', () => {
    const boxed = imported([-123, 47, -121, 48]);
    expect(uncoveredLayers(boxed, [-121.5, 47.2, -121.5, 47.2])).toEqual(['tfr']);
    expect(uncoveredLayers(boxed, [-120, 47.2, -120, 47.2])).toEqual(['class_airspace', 'uasfm', 'sua', 'tfr']);
    expect(uncoveredLayers(imported('national'), [-98.5, 38.5, -98.5, 38.5])).toEqual(['tfr']);
  });

  it('takes no special-use coverage from a file of prohibited areas alone, and no TFR coverage from TFR details unless declared', () => {
    const p56: AirspaceFeature = { id: 'sua:P-56A', layer: 'sua', subtype: 'PROHIBITED', name: 'P-56A', geometry: box(-77.04, 38.88, -77.03, 38.9), sourceId: 'p' };
    expect(fileCoverage([p56])).toBeUndefined();
    const tfr: AirspaceFeature = { id: 'tfr:1', layer: 'tfr', name: 'TFR', geometry: box(-77.04, 38.88, -77.03, 38.9), sourceId: 't' };
    expect(fileCoverage([tfr])).toBeUndefined();
    expect(fileCoverage([tfr], 'national')).toMatchObject({ layers: ['tfr'], area: 'national', basis: 'declared' });
  });

  it('parses --region or names what is wrong', () => {
    expect(parseRegion('national')).toBe('national');
    expect(parseRegion('-123,47,-121,48')).toEqual([-123, 47, -121, 48]);
    for (const bad of ['', 'usa', '1,2,3', '-121,47,-123,48', '-123,47,-121,95']) expect(() => parseRegion(bad)).toThrow(/--region/);
  });

  it('lets LAANC auto-authorize only where the special-use airspace is known', () => {
    const cell = box(-122.34, 47.46, -122.335, 47.465);
    const req = { boundary: cell, maxAltitude: 100, altitudeUnit: 'UNITS_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', flightType: 'FLIGHT_TYPE_VLOS', startTime: new Date(NOW.getTime() + 3_600_000), endTime: new Date(NOW.getTime() + 7_200_000), license: 'LICENSE_PART_107' as const, fixedAltitude: false, now: NOW };
    // The SUA file's extent (around R-1, north-west) does not reach the cell.
    const unknown = evaluateLaanc(ds, req);
    expect(unknown.candidates.map((c) => c.submissionType)).toEqual(['SUBMISSION_TYPE_FURTHER_COORDINATION']);
    expect(unknown.notices.map((n) => n.reason)).toContain('REASON_SUA_NOT_MODELLED');
    const recreational = evaluateLaanc(ds, { ...req, license: 'LICENSE_SECTION_44809' });
    expect(recreational.candidates).toEqual([]);
    const known = evaluateLaanc(imported('national'), req);
    expect(known.candidates.map((c) => c.submissionType)).toEqual(['SUBMISSION_TYPE_AUTO_AUTHORIZATION']);
  });
});

warnIfNoRealData('coverage of a Seattle-only import');

describe.skipIf(!hasRealData)('an instance with only the Seattle FAA files imported', () => {
  const files = ['uasfm_seattle.geojson', 'class_airspace_seattle.geojson', 'special_use_airspace_wa.geojson', 'stadiums_seattle.geojson', 'airports_seattle.geojson'];

  it.each([
    ["O'Hare", 41.978, -87.905],
    ['rural Kansas', 38.5, -98.5],
    ['inside R-2524 China Lake', 35.7, -117.6],
  ])('says there is no FAA data at %s, never CLEAR_TO_FLY or Class G', async (_, lat, lon) => {
    const ds = new Dataset(await importFiles(files.map((f) => realPath(`faa-seattle/${f}`)), { now: NOW }));
    const r = briefLocation(ds, lat, lon, { now: NOW });
    expect(r.status).toBe('NOTICE_STATUS_CAUTION');
    expect(r.notices!.some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_CLASS_G')).toBe(false);
    expect(titles(r)).toEqual(expect.arrayContaining(['No FAA class airspace data here', 'No FAA special-use airspace data here']));
    // Not the Seattle files as if they said something here: the notice names them as what is held elsewhere.
    expect(r.notices!.find((n) => n.title === 'No FAA class airspace data here')!.description).toMatch(/does not cover this place/);
  });
});
