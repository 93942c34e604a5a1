/**
 * MSL floors where no DEM covers the flight (docs/briefing-rules.md "Altitude"): the dataset's airports
 * bound the ground. ADDS exports carry no ground elevation, so a Class C shelf at 7,400 ft MSL around
 * Colorado Springs (field 6,187 ft, ground to 7,000 ft and more) was taken as 6,600 ft above the drone
 * and briefed CLEAR_TO_FLY. The files are real ADDS exports (Seattle) moved there and re-labelled.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BriefingResult } from '../../contract/briefing';
import { Dataset } from '../../data/dataset';
import { importFiles } from '../../data/import/import-files';
import { hasRealData, readReal, warnIfNoRealData } from '../../data/import/realdata';
import type { FeatureGeometry } from '../../data/model';
import { briefLocation, restrictionsFor } from '.';
import { TERRAIN_MARGIN_FT, TERRAIN_RADIUS_NM, terrainBound } from './terrain';

const NOW = new Date('2025-11-20T18:00:00Z');
/** West of Colorado Springs airport, where the city climbs towards the foothills. */
const P = { lon: -104.83, lat: 38.84 };
const box = (lon: number, lat: number, d: number): number[][][] => [[[lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d], [lon - d, lat - d]]];
const dms = (v: number, pos: string, neg: string) => {
  const a = Math.abs(v);
  const d = Math.floor(a), m = Math.floor((a - d) * 60), s = ((a - d) * 60 - m) * 60;
  return `${d}-${String(m).padStart(2, '0')}-${s.toFixed(4).padStart(7, '0')}${v < 0 ? neg : pos}`;
};

warnIfNoRealData('MSL floors over high ground');

/**
 * Class G here, the shelf not counted: only a class airspace file is imported, so the layers it does not
 * hold (facility map, SUA, TFRs) are "no data here" and the status is CAUTION for that alone (coverage).
 */
const classGOnly = (r: BriefingResult) =>
  r.status === 'NOTICE_STATUS_CAUTION' &&
  r.notices!.some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_CLASS_G') &&
  r.notices!.filter((n) => n.distance === 0 && n.status === 'NOTICE_STATUS_CAUTION').every((n) => /^No FAA .* data here$/.test(n.title ?? ''));

describe.skipIf(!hasRealData)('an ADDS Class C shelf over high ground, no DEM', () => {
  let dir: string;
  const files: Record<string, string> = {};
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'terrain-'));
    const cls = JSON.parse(readReal('faa-seattle/class_airspace_seattle.geojson'));
    const areaB = cls.features.find((f: { properties: { LOWER_VAL: number } }) => f.properties.LOWER_VAL === 1100);
    const shelf = { ...areaB, geometry: { type: 'Polygon', coordinates: box(P.lon, P.lat, 0.05) } };
    shelf.properties = { ...areaB.properties, NAME: 'COLORADO SPRINGS CLASS C', IDENT: 'COS', ICAO_ID: 'KCOS', CLASS: 'C', LOCAL_TYPE: 'CLASS_C', SECTOR: 'OUTER', LOWER_VAL: 7400, UPPER_VAL: 10200 };
    files.shelf = path.join(dir, 'class_airspace_cos.geojson');
    writeFileSync(files.shelf, JSON.stringify({ ...cls, features: [shelf] }));
    const sua = JSON.parse(readReal('faa-seattle/special_use_airspace_wa.geojson'));
    const r = sua.features.find((f: { properties: { NAME: string } }) => f.properties.NAME === 'R-6703A');
    const restricted = { ...r, geometry: { type: 'Polygon', coordinates: box(P.lon, P.lat, 0.03) }, properties: { ...r.properties, NAME: 'R-9999', LOWER_VAL: '7000', LOWER_CODE: 'MSL', TIMESOFUSE: 'CONTINUOUS' } };
    files.sua = path.join(dir, 'special_use_airspace_co.geojson');
    writeFileSync(files.sua, JSON.stringify({ ...sua, features: [restricted] }));
    const apt = JSON.parse(readReal('faa-seattle/airports_seattle.geojson'));
    const airport = (ident: string, lon: number, lat: number, elevation: number) => ({
      ...apt.features[0],
      geometry: { type: 'Point', coordinates: [lon, lat, 0] },
      properties: { ...apt.features[0].properties, IDENT: ident, NAME: ident, LATITUDE: dms(lat, 'N', 'S'), LONGITUDE: dms(lon, 'E', 'W'), ELEVATION: elevation },
    });
    // KCOS (6,187 ft) and Meadow Lake (00V, 6,874 ft), both within 10 NM of P; a mountain strip far outside.
    files.airports = path.join(dir, 'airports_co.geojson');
    writeFileSync(files.airports, JSON.stringify({ ...apt, features: [airport('COS', -104.7, 38.806, 6187), airport('00V', -104.7, 38.92, 6874), airport('FAR', -106.3, 39.5, 9900)] }));
  });

  const brief = async (names: string[], maxAltitudeFt = 400) => {
    const ds = new Dataset(await importFiles(names.map((n) => files[n]!), { now: NOW }));
    return { ds, r: briefLocation(ds, P.lat, P.lon, { now: NOW, maxAltitudeFt }) };
  };

  it('counts the 7,400 ft MSL shelf when the airports within 10 NM lie at up to 6,874 ft MSL', async () => {
    const { r } = await brief(['shelf', 'airports']);
    expect(r.status).toBe('NOTICE_STATUS_CAUTION');
    const shelf = r.notices!.find((n) => n.title?.startsWith('COLORADO SPRINGS CLASS C'))!;
    expect(shelf.distance).toBe(0);
    expect(shelf.description).toContain(`the highest airport within ${TERRAIN_RADIUS_NM} NM (00V, 6,874 ft MSL) plus a ${TERRAIN_MARGIN_FT} ft margin (7,374 ft MSL)`);
    expect(shelf.description).toContain('Floor 7,400 ft MSL is taken as 26 ft above the ground');
  });

  it('was briefed CLEAR_TO_FLY on the 800 ft assumption alone: without the airports nothing bounds the ground', async () => {
    const { r } = await brief(['shelf']);
    expect(classGOnly(r)).toBe(true);
  });

  it('uses a DEM covering the flight before the airports: ground at 6,200 ft leaves the shelf 1,150 ft above', async () => {
    const ds = new Dataset(await importFiles([files.shelf!, files.airports!], { now: NOW }));
    const r = briefLocation(ds, P.lat, P.lon, { now: NOW, groundMaxFt: () => ({ maxFt: 6200, source: 'dem:t', complete: true }) });
    expect(classGOnly(r)).toBe(true);
    // A DEM covering part of the flight never lowers the bound below the airports'.
    const partial = briefLocation(ds, P.lat, P.lon, { now: NOW, groundMaxFt: () => ({ maxFt: 6200, source: 'dem:t', complete: false }) });
    expect(partial.status).toBe('NOTICE_STATUS_CAUTION');
  });

  it('restricts a LAANC flight under a restricted area whose 7,000 ft MSL floor lies near the ground', async () => {
    const ds = new Dataset(await importFiles([files.sua!, files.airports!], { now: NOW }));
    const area: FeatureGeometry = { type: 'Polygon', coordinates: box(P.lon, P.lat, 0.002) };
    const found = restrictionsFor(ds, area, { start: NOW, end: new Date(NOW.getTime() + 3_600_000), maxAltitudeFt: 200 });
    expect(found.map((r) => r.name)).toEqual(['R-9999']);
  });

  it('bounds by the highest airport of the box widened by 10 NM, and says nothing where none is near', async () => {
    const ds = new Dataset(await importFiles([files.airports!], { now: NOW }));
    expect(terrainBound(ds, { type: 'Point', coordinates: [P.lon, P.lat] })).toEqual({ groundFt: 6874 + TERRAIN_MARGIN_FT, ident: '00V', airportFt: 6874 });
    expect(terrainBound(ds, { type: 'Point', coordinates: [-100, 35] })).toBeUndefined();
  });
});
