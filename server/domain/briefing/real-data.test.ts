/**
 * The engine over real FAA files (/work/shared/realdata) read by the importers: the Seattle UDDS
 * facility map, ADDS class airspace, Washington SUA, stadiums and heliports, the prohibited areas and
 * the DC FRZ/SFRA NOTAMs. Skipped, with a message, when the samples are absent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BriefingResultSchema, type BriefingResult } from '../../contract/briefing';
import { Dataset } from '../../data/dataset';
import { importFiles } from '../../data/import/import-files';
import { hasRealData, realPath, warnIfNoRealData } from '../../data/import/realdata';
import { briefLocation, facilityMapCells } from '.';

const NOW = new Date('2025-11-20T18:00:00Z');
const FILES = [
  'faa-seattle/uasfm_seattle.geojson',
  'faa-seattle/class_airspace_seattle.geojson',
  'faa-seattle/special_use_airspace_wa.geojson',
  'faa-seattle/stadiums_seattle.geojson',
  'faa-seattle/airports_seattle.geojson',
  'faa-adds/Prohibited_Areas.geojson',
  'faa-tfr-xml/detail_4_2565.xml',
  'faa-tfr-xml/detail_4_9433.xml',
];

warnIfNoRealData('briefing over real FAA data');

describe.skipIf(!hasRealData)('the engine over real FAA data', () => {
  let ds: Dataset;
  beforeAll(async () => {
    ds = new Dataset(await importFiles(FILES.map(realPath), { now: NOW }));
  });

  const at = (lat: number, lon: number, maxAltitudeFt = 400): BriefingResult => {
    const r = briefLocation(ds, lat, lon, { now: NOW, maxAltitudeFt, includeGeometry: true });
    expect(BriefingResultSchema.safeParse(r).success).toBe(true);
    return r;
  };
  const here = (r: BriefingResult) => r.notices!.filter((n) => n.distance === 0);

  it('reads the real 100 ft cell at Lumen Field (UDDS, MAP_EFF 10/30/2025) inside Boeing Field Class D', () => {
    const cells = facilityMapCells(ds, { type: 'Point', coordinates: [-122.3316, 47.5952] });
    expect(cells.map((c) => [c.facility, c.ceilingFt, c.laancEnabled])).toEqual([['BFI', 100, true]]);
    const r = at(47.5952, -122.3316, 200);
    expect(r).toMatchObject({ status: 'NOTICE_STATUS_CAUTION', authorizationType: 'AUTHORIZATION_TYPE_LAANC' });
    const fm = here(r).find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING')!;
    expect(fm.upperAltitude?.value).toBe(100);
    expect(fm.description).toMatch(/above the 100 ft ceiling/);
    expect(here(r).find((n) => n.dataSource === 'NOTICE_DATA_SOURCE_LAANC_ENABLED_CONTROLLED_AIRSPACE')?.dataSubtype).toBe('NOTICE_DATA_SUBTYPE_CLASS_D');
  });

  it('leaves the Seattle Class E5/E6 floors (700 and 1,200 ft AGL) and high Class B shelves out', () => {
    // North Seattle, outside Boeing Field's Class D, under Class B AREA H (3,000 MSL) and the E5/E6 areas.
    const r = at(47.68, -122.35);
    // Class G from the Seattle files, which cover here; no TFR list was imported, so CAUTION says that (coverage).
    expect(r).toMatchObject({ status: 'NOTICE_STATUS_CAUTION', authorizationType: 'AUTHORIZATION_TYPE_NOT_REQUIRED' });
    // North Seattle lies past the facility-map file's extent (its 230 cells are south and central Seattle): said too.
    expect(here(r).map((n) => n.title)).toEqual(expect.arrayContaining(['No FAA TFR data here', 'No FAA facility-map data here', 'Class G airspace']));
    expect(here(r).some((n) => n.title === 'No FAA class airspace data here')).toBe(false);
    expect(here(r).some((n) => n.dataSubtype === 'NOTICE_DATA_SUBTYPE_CLASS_E')).toBe(false);
  });

  it('blocks over P-51 Bangor, folding the copies of both ADDS files into one notice', () => {
    const r = at(47.73, -122.73);
    expect(r).toMatchObject({ status: 'NOTICE_STATUS_WARNING', authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED' });
    expect(here(r).filter((n) => n.dataSource === 'NOTICE_DATA_SOURCE_SUA')).toHaveLength(1);
  });

  it('blocks over the White House (FDC 4/2565 FRZ and P-56) and cautions in the SFRA', () => {
    const wh = at(38.8977, -77.0365);
    expect(wh).toMatchObject({ status: 'NOTICE_STATUS_WARNING', authorizationType: 'AUTHORIZATION_TYPE_RESTRICTED' });
    expect(new Set(here(wh).map((n) => n.dataSource))).toEqual(
      new Set(['NOTICE_DATA_SOURCE_WASHINGTON_FRZ', 'NOTICE_DATA_SOURCE_WASHINGTON_SFRA', 'NOTICE_DATA_SOURCE_SUA', 'NOTICE_DATA_SOURCE_UNSPECIFIED']),
    );
    // No class airspace file covers DC: never "Class G" there (the DCA Class B is not imported).
    expect(here(wh).some((n) => n.title === 'No FAA class airspace data here')).toBe(true);
    const gaithersburg = at(39.1434, -77.2014);
    expect(gaithersburg).toMatchObject({ status: 'NOTICE_STATUS_CAUTION', authorizationType: 'AUTHORIZATION_TYPE_NOT_REQUIRED' });
  });

  it('names the ADDS times of use of R-6703A and restricts it on a weekday', () => {
    // Thursday 20 November 2025, 10:00 PST, inside 0700-2300 Mon-Fri. Where only the text of the times of
    // use is known, a restricted area counts as active (docs/briefing-rules.md), so this holds either way.
    const r = at(47.05, -122.67);
    const sua = here(r).find((n) => n.title?.startsWith('R-6703'))!;
    expect(sua.description).toMatch(/0700 - 2300/);
    expect(r.status).toBe('NOTICE_STATUS_WARNING');
  });
});
