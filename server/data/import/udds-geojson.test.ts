import { booleanPointInPolygon } from '@turf/turf';
import type { MultiPolygon, Point, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature } from '../model';
import { parseCoordinate } from './geometry';
import { hasRealData, readReal, warnIfNoRealData } from './realdata';
import { parseUddsGeoJson } from './udds-geojson';

const opts = { fileName: 'test.geojson', retrievedAt: '2025-11-20T00:00:00.000Z' };
const real = (rel: string) => parseUddsGeoJson(readReal(rel), { ...opts, fileName: rel.split('/').pop()! });
const contains = (f: AirspaceFeature, lat: number, lon: number) => booleanPointInPolygon([lon, lat], f.geometry as Polygon | MultiPolygon);

warnIfNoRealData('UDDS/ADDS GeoJSON real-data tests');

describe.skipIf(!hasRealData)('UDDS/ADDS GeoJSON: the real FAA files', () => {
  it('uasfm_seattle: 230 grid cells of BFI and RNT, ceilings 0 to 400 ft in 50 ft steps', () => {
    const r = real('faa-seattle/uasfm_seattle.geojson');
    expect(r.layer).toBe('uasfm');
    expect(r.features).toHaveLength(230);
    expect(r.warnings).toEqual([]);
    const ceilings = r.features.map((f) => f.ceilingFt!);
    expect(Math.min(...ceilings)).toBe(0);
    expect(Math.max(...ceilings)).toBe(400);
    expect(ceilings.every((c) => c % 50 === 0)).toBe(true);
    expect(ceilings.filter((c) => c === 400)).toHaveLength(76);
    // APT1 is the authorizing facility: 229 cells are Boeing Field's, one is Renton's; SEA shares three.
    expect(new Set(r.features.map((f) => f.facility))).toEqual(new Set(['BFI', 'RNT']));
    expect(r.features.filter((f) => String(f.props?.airports).split(',').includes('SEA'))).toHaveLength(3);
    expect(r.features.filter((f) => f.geometry.type === 'MultiPolygon')).toHaveLength(6);
    // The seven cells without LAANC are 0 ft cells by the BFI runways.
    const noLaanc = r.features.filter((f) => !f.laancEnabled);
    expect(noLaanc).toHaveLength(7);
    expect(noLaanc.every((f) => f.ceilingFt === 0)).toBe(true);
    expect(new Set(r.features.map((f) => f.id)).size).toBe(230);
    expect(r.source.version).toBe('2025-10-30');
    expect(r.source.effectiveDate).toBe('2025-10-30T00:00:00Z');
    const cell = r.features.find((f) => f.id === 'uasfm:BFI:47.49584:-122.37085')!;
    expect(cell.props).toMatchObject({ airports: 'BFI,SEA', part107AutoAuthorization: true, recreationalAutoAuthorization: true });
    expect((cell.geometry as Polygon).coordinates[0]![0]).toHaveLength(2); // z dropped
  });

  it('class_airspace_seattle: Seattle Class B areas and Boeing Field Class D; MODE C is skipped', () => {
    const r = real('faa-seattle/class_airspace_seattle.geojson');
    expect(r.layer).toBe('class_airspace');
    expect(r.features).toHaveLength(10);
    expect(r.warnings).toEqual(['skipped 1 feature: not Class B/C/D/E airspace (MODE C)']);
    const b = r.features.filter((f) => f.subtype === 'CLASS_B');
    expect(b.map((f) => f.props?.sector).sort()).toEqual(['AREA B', 'AREA D', 'AREA F', 'AREA G', 'AREA H']);
    expect(b.every((f) => f.ident === 'SEA' && f.upper?.value === 10000 && f.upper.reference === 'MSL')).toBe(true);
    expect(b.map((f) => f.lower!.value).sort((x, y) => x - y)).toEqual([1100, 1800, 2000, 2000, 3000]);
    const bfi = r.features.find((f) => f.ident === 'BFI')!;
    expect(bfi).toMatchObject({ subtype: 'CLASS_D', facility: 'BFI', lower: { value: 0, reference: 'SFC' }, upper: { value: 2500, reference: 'MSL' } });
    expect(bfi.props?.surface).toBe(true);
    expect(contains(bfi, 47.53, -122.3019)).toBe(true); // King County International Airport
    const e5 = r.features.find((f) => f.props?.localType === 'CLASS_E5')!;
    expect(e5.lower).toEqual({ value: 700, reference: 'AGL' }); // LOWER_VAL 700, LOWER_CODE SFC
    expect(e5.upper).toEqual({ value: 17999, reference: 'MSL' }); // UPPER_VAL -9998
    expect(e5.props?.surface).toBe(false);
    expect(r.features.find((f) => f.ident === 'RNT')!.schedule?.text).toBe('Legal description references NOTAM');
  });

  it('Prohibited_Areas: 13 prohibited areas, P-56 as two polygons over the White House and the Naval Observatory', () => {
    const r = real('faa-adds/Prohibited_Areas.geojson');
    expect(r.layer).toBe('sua');
    expect(r.features).toHaveLength(13);
    expect(r.features.every((f) => f.subtype === 'PROHIBITED' && f.geometry.type === 'Polygon')).toBe(true);
    // The ADDS layer names both parts "P-56" (no A/B suffix); the ids tell them apart.
    const p56 = r.features.filter((f) => f.ident === 'P-56');
    expect(p56).toHaveLength(2);
    const whiteHouse = p56.find((f) => contains(f, 38.8977, -77.0365))!;
    expect(whiteHouse.upper).toEqual({ value: 18000, reference: 'MSL' });
    expect(p56.find((f) => f !== whiteHouse && contains(f, 38.9217, -77.0669))).toBeDefined();
    expect(r.features.map((f) => f.ident)).toEqual(expect.arrayContaining(['P-40', 'P-47', 'P-49', 'P-50', 'P-51', 'P-67', 'P-73', 'P-204', 'P-205', 'P-206', '(MY)P3002']));
    expect(r.features.find((f) => f.ident === '(MY)P3002')!.authority).toBe('Nassau ACC');
  });

  it('special_use_airspace_wa: 42 areas by type, unlimited tops kept as such', () => {
    const r = real('faa-seattle/special_use_airspace_wa.geojson');
    const count = (s: string) => r.features.filter((f) => f.subtype === s).length;
    expect(r.features).toHaveLength(42);
    expect([count('RESTRICTED'), count('MOA'), count('WARNING_AREA'), count('ALERT'), count('PROHIBITED')]).toEqual([19, 13, 8, 1, 1]);
    const w237c = r.features.find((f) => f.ident === 'W-237C')!;
    expect(w237c.upper).toBeUndefined();
    expect(w237c.props?.upperRaw).toBe('-9998 UNLTD');
    expect(r.features.find((f) => f.ident === 'W-237A')!.upper).toEqual({ value: 50000, reference: 'MSL' }); // FL500
    expect(r.features.find((f) => f.ident === 'CHINOOK A MOA')!.lower).toEqual({ value: 300, reference: 'MSL' });
  });

  it('stadiums_seattle: three points, T-Mobile Park where its DMS fields put it', () => {
    const r = real('faa-seattle/stadiums_seattle.geojson');
    expect(r.layer).toBe('stadium');
    expect(r.features.map((f) => f.name).sort()).toEqual(['Husky Stadium', 'Lumen Field', 'T-Mobile Park']);
    const park = r.features.find((f) => f.name === 'T-Mobile Park')!;
    const [lon, lat] = (park.geometry as Point).coordinates as [number, number];
    expect(lat).toBeCloseTo(47.591, 3);
    expect(lon).toBeCloseTo(-122.332, 3);
    expect(parseCoordinate('47-35-29.29N', 'lat')).toBeCloseTo(lat, 4);
    expect(park.upper).toEqual({ value: 3000, reference: 'AGL' });
  });

  it('airports_seattle: seven heliports and two seaplane bases', () => {
    const r = real('faa-seattle/airports_seattle.geojson');
    expect(r.layer).toBe('airport');
    expect(r.features.filter((f) => f.subtype === 'HELIPORT')).toHaveLength(7);
    expect(r.features.filter((f) => f.subtype === 'SEAPLANE_BASE').map((f) => f.ident).sort()).toEqual(['0W0', 'W55']);
    expect(r.features.find((f) => f.ident === 'WA53')!.props).toMatchObject({ elevationFt: 322, privateUse: true });
  });
});

const fc = (features: unknown[], extra: Record<string, unknown> = {}) => ({ type: 'FeatureCollection', ...extra, features });
const square = { type: 'Polygon', coordinates: [[[-77, 38], [-76.9, 38], [-76.9, 38.1], [-77, 38.1], [-77, 38]]] };

describe('UDDS/ADDS GeoJSON: layers without a real sample (our own small fixtures)', () => {
  it('reads a part-time national security restriction with its activation times', () => {
    const r = parseUddsGeoJson(
      fc([{ type: 'Feature', properties: { OBJECTID: 7, Facility: 'Test Base Gate', Base: 'Test Base', Reason: 'Security', Ceiling: '400', ACTIVETIME: 1767225600000, ENDTIME: 1767268800000 }, geometry: square }]),
      opts,
    );
    expect(r.layer).toBe('nsufr');
    const f = r.features[0]!;
    expect(f.props).toMatchObject({ partTime: true, base: 'Test Base', reason: 'Security' });
    expect(f.upper).toEqual({ value: 400, reference: 'AGL' });
    expect(f.schedule).toEqual({ startTime: '2026-01-01T00:00:00.000Z', endTime: '2026-01-01T12:00:00.000Z' });
  });

  it('defaults a full-time restriction to the surface to 400 ft AGL of 14 CFR 99.7', () => {
    const r = parseUddsGeoJson(fc([{ type: 'Feature', properties: { Facility: 'Dam', State: 'WA' }, geometry: square }]), { ...opts, fileName: 'DoD_Mar_13.geojson' });
    expect(r.features[0]).toMatchObject({ layer: 'nsufr', lower: { value: 0, reference: 'SFC' }, upper: { value: 400, reference: 'AGL' }, props: { partTime: false } });
  });

  it('reads a recreational flyer fixed site, point or polygon', () => {
    const r = parseUddsGeoJson(fc([{ type: 'Feature', properties: { SITE_NAME: 'Club field', SITE_ID: 'RF-1', CEILING: 200 }, geometry: { type: 'Point', coordinates: [-77, 38] } }]), opts);
    expect(r.features[0]).toMatchObject({ layer: 'recreational_flyer_fixed_site', id: 'recreational_flyer_fixed_site:RF-1', upper: { value: 200, reference: 'AGL' } });
  });

  it('follows an explicit layer over detection', () => {
    const r = parseUddsGeoJson(fc([{ type: 'Feature', properties: { NAME: 'Somewhere' }, geometry: square }]), { ...opts, layer: 'nsufr' });
    expect(r.features[0]!.layer).toBe('nsufr');
  });
});

describe('UDDS/ADDS GeoJSON: hostile input gives clear errors', () => {
  const uasfmProps = { CEILING: 100, APT1_FAAID: 'BFI', APT1_LAANC: 1, MAP_EFF: '10/30/2025' };
  it('refuses garbage, non-collections and ArcGIS error bodies', () => {
    expect(() => parseUddsGeoJson('{"type": "FeatureCollection", "features": [', opts)).toThrow(/test.geojson: not valid JSON/);
    expect(() => parseUddsGeoJson('[1,2,3]', opts)).toThrow(/not a GeoJSON object/);
    expect(() => parseUddsGeoJson({ type: 'Feature' }, opts)).toThrow(/not a GeoJSON FeatureCollection/);
    expect(() => parseUddsGeoJson({ error: { code: 500, message: 'Internal' } }, opts)).toThrow(/ArcGIS service answered with an error: Internal/);
    expect(() => parseUddsGeoJson(fc([42]), opts)).toThrow(/feature 1 is not a GeoJSON Feature/);
  });

  it('names the feature with a ring that is not closed or a latitude out of range', () => {
    const open = { type: 'Polygon', coordinates: [[[-77, 38], [-76.9, 38], [-76.9, 38.1], [-77, 38.1]]] };
    expect(() => parseUddsGeoJson(fc([{ type: 'Feature', properties: uasfmProps, geometry: open }]), opts)).toThrow(/feature 1 \(BFI\): polygon outer ring is not closed/);
    const far = { type: 'Polygon', coordinates: [[[-77, 38], [-76.9, 98], [-76.9, 38.1], [-77, 38]]] };
    expect(() => parseUddsGeoJson(fc([{ type: 'Feature', properties: uasfmProps, geometry: far }]), opts)).toThrow(/latitude 98 is out of range/);
    expect(() => parseUddsGeoJson(fc([{ type: 'Feature', properties: { ...uasfmProps, CEILING: 900 }, geometry: square }]), opts)).toThrow(/CEILING 900 ft/);
  });

  it('refuses projected coordinates and layers it cannot recognize', () => {
    const crs = { crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } } };
    expect(() => parseUddsGeoJson(fc([], crs), opts)).toThrow(/EPSG::3857, not WGS84/);
    expect(() => parseUddsGeoJson(fc([{ type: 'Feature', properties: { foo: 1 }, geometry: square }]), opts)).toThrow(/cannot tell which FAA layer.*pass --layer/);
  });

  it('skips features without geometry and says how many', () => {
    const r = parseUddsGeoJson(fc([{ type: 'Feature', properties: uasfmProps, geometry: null }, { type: 'Feature', properties: uasfmProps, geometry: square }]), opts);
    expect(r.features).toHaveLength(1);
    expect(r.warnings).toEqual(['skipped 1 feature: no geometry']);
  });
});
