/**
 * Facility-map fidelity on the FAA's own Seattle cells (shipped in data/faa): a cell in the maps of
 * several airports names them all, an FAA dataset with only the facility map still says the class of
 * the airspace, and the same SUA from two FAA files is one feature in /v1/aviation.
 */
import path from 'node:path';
import { pointOnFeature } from '@turf/turf';
import { beforeAll, describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { faaDataDir } from '../../data/generate/real-files';
import { importFiles } from '../../data/import/import-files';
import type { AirspaceFeature } from '../../data/model';
import { aviationFeatures, briefLocation } from '.';

const NOW = new Date('2025-11-20T18:00:00Z');
const shipped = (rel: string) => path.join(faaDataDir(), rel);
const point = (f: AirspaceFeature) => pointOnFeature({ type: 'Feature', geometry: f.geometry, properties: {} }).geometry.coordinates as [number, number];

describe('facility-map cells of the FAA file, alone in a dataset', () => {
  let ds: Dataset;
  beforeAll(async () => {
    ds = new Dataset(await importFiles([shipped('faa-seattle/uasfm_seattle.geojson')], { now: NOW }));
  });

  it('a cell of BFI and SEA names both airports, in the importer and in the briefing notice', () => {
    const cell = ds.get('uasfm:BFI:47.49584:-122.37085')!;
    expect(cell.props).toMatchObject({ airports: 'BFI,SEA', laancAirports: 'BFI,SEA', airportNames: 'BFI Boeing Fld/King County Intl; SEA Seattle-Tacoma Intl' });
    expect(cell.description).toContain('BFI (Boeing Fld/King County Intl), shared with SEA (Seattle-Tacoma Intl)');
    const [lon, lat] = point(cell);
    const notice = briefLocation(ds, lat, lon, { now: NOW }).notices!.find((n) => n.distance === 0 && n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING')!;
    expect(notice.title).toBe('Facility map BFI: ceiling 400 ft AGL');
    expect(notice.description).toContain('also lie in the facility map of SEA');
  });

  it('brings the cell\'s AIRSPACE_n class into the briefing when no class-airspace layer is loaded', () => {
    expect(ds.ofLayers(['class_airspace'])).toEqual([]);
    const renton = ds.features.find((f) => f.facility === 'RNT')!;
    expect(renton.subtype).toBe('CLASS_D');
    const [lon, lat] = point(renton);
    const r = briefLocation(ds, lat, lon, { now: NOW });
    expect(r.status).toBe('NOTICE_STATUS_CAUTION');
    const notice = r.notices!.find((n) => n.distance === 0 && n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING')!;
    expect(notice.dataSubtype).toBe('NOTICE_DATA_SUBTYPE_CLASS_D');
    expect(notice.description).toContain('(Class D airspace)');
    expect(r.notices!.some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_CLASS_G' && n.distance === 0)).toBe(false);
  });
});

describe('the same SUA in two FAA files', () => {
  it('is one feature in the aviation listing (same GLOBAL_ID: P-51 in Prohibited Areas and in the Washington SUA)', async () => {
    const ds = new Dataset(await importFiles([shipped('faa-adds/Prohibited_Areas.geojson'), shipped('faa-seattle/special_use_airspace_wa.geojson')], { now: NOW }));
    const p51 = ds.ofLayers(['sua']).filter((f) => f.name === 'P-51');
    expect(p51).toHaveLength(2); // both files' copies are in the dataset...
    expect(p51[0]!.props?.globalId).toBe(p51[1]!.props?.globalId);
    const [lon, lat] = point(p51[0]!);
    const listed = aviationFeatures(ds, { type: 'Point', coordinates: [lon, lat] }, ['sua'], { now: NOW });
    expect(listed.filter((f) => f.properties?.name === 'P-51')).toHaveLength(1); // ...and listed once
  });

  it('without a GLOBAL_ID, name and type decide', () => {
    const box = { type: 'Polygon' as const, coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] };
    const f = (id: string, sourceId: string): AirspaceFeature => ({ id, layer: 'sua', subtype: 'RESTRICTED', name: 'R-9999', geometry: box, sourceId });
    const ds = new Dataset({ format: 'skyplan-airspace-dataset', formatVersion: 1, version: 't', generatedAt: NOW.toISOString(), kind: 'faa', sources: [], features: [f('a', 's1'), f('b', 's2')] });
    expect(aviationFeatures(ds, { type: 'Point', coordinates: [0.5, 0.5] }, ['sua'], { now: NOW })).toHaveLength(1);
  });
});
