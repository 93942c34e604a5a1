import { booleanPointInPolygon, distance } from '@turf/turf';
import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature } from '../model';
import { hasRealData, readReal, warnIfNoRealData } from './realdata';
import { areaGroupGeometry } from './tfr-shapes';
import { parseTfrXml } from './tfr-xml';

const opts = { fileName: 'detail.xml', retrievedAt: '2025-11-20T00:00:00.000Z' };
const contains = (f: { geometry: AirspaceFeature['geometry'] }, lat: number, lon: number) =>
  booleanPointInPolygon([lon, lat], f.geometry as Polygon | MultiPolygon);
const DCA: [number, number] = [-77.03638889, 38.85944444];
const WHITE_HOUSE = [38.8977, -77.0365] as const;
const BALTIMORE = [39.2904, -76.6122] as const;
const DULLES = [38.9531, -77.4565] as const;

warnIfNoRealData('TFR XML real-data tests');

describe.skipIf(!hasRealData)('TFR XML: the real tfr.faa.gov files', () => {
  it('detail_4_2565 is the Washington DC FRZ over the White House, not Baltimore or Dulles', () => {
    const text = readReal('faa-tfr-xml/detail_4_2565.xml');
    expect(text.charCodeAt(0)).toBe(0xfeff); // the file really starts with a byte-order mark
    const r = parseTfrXml(text, { ...opts, fileName: 'detail_4_2565.xml' });
    expect(r.features).toHaveLength(1);
    const frz = r.features[0]!;
    expect(frz).toMatchObject({ id: 'washington_frz:4_2565', layer: 'washington_frz', ident: '4/2565' });
    expect(frz.lower).toEqual({ value: 0, reference: 'SFC' });
    expect(frz.upper).toEqual({ value: 17999, reference: 'AGL' }); // "SFC-17999FT AGL"
    expect(contains(frz, ...WHITE_HOUSE)).toBe(true);
    expect(contains(frz, ...BALTIMORE)).toBe(false);
    expect(contains(frz, ...DULLES)).toBe(false);
    expect((frz.geometry as Polygon).coordinates[0]).toHaveLength(72);
    expect(frz.schedule).toMatchObject({ startTime: '2024-06-24T16:00:00.000Z', text: 'Until further notice' });
    expect(frz.schedule?.endTime).toBeUndefined();
    expect(frz.props).toMatchObject({ notamType: '99.7', facility: 'ZDC', geometryFrom: 'merged' });
    expect(String(frz.props?.notamText)).toContain('WI THE AREA DESCRIBED AS DC FRZ');
    expect(r.source).toMatchObject({ version: '4/2565@2025-11-01T04:50:53', refreshMinutes: 10 });
  });

  it('detail_4_9433 is the SFRA: it holds Dulles and the White House, not Baltimore; its outline is the 30 NM circle', () => {
    const r = parseTfrXml(readReal('faa-tfr-xml/detail_4_9433.xml'), { ...opts, fileName: 'detail_4_9433.xml' });
    const sfra = r.features[0]!;
    expect(sfra).toMatchObject({ layer: 'washington_sfra', ident: '4/9433' });
    expect(contains(sfra, ...DULLES)).toBe(true);
    expect(contains(sfra, ...WHITE_HOUSE)).toBe(true);
    expect(contains(sfra, ...BALTIMORE)).toBe(false);
    const ring = (sfra.geometry as Polygon).coordinates[0]!;
    expect(ring).toHaveLength(73);
    for (const p of ring) expect(Math.abs(distance(DCA, p, { units: 'nauticalmiles' }) - 30)).toBeLessThan(0.2);
  });

  it('the SFRA built from its CIR shape instead of the merged outline covers the same places', async () => {
    const { XMLParser } = await import('fast-xml-parser');
    const doc = new XMLParser({ parseTagValue: false, isArray: (n) => ['Avx', 'Abd', 'aseShapes', 'Aac'].includes(n) })
      .parse(readReal('faa-tfr-xml/detail_4_9433.xml').replace(/^\uFEFF/, ''));
    const group = doc['XNOTAM-Update'].Group.Add.Not.TfrNot.TFRAreaGroup;
    delete group.abdMergedArea;
    const built = areaGroupGeometry(group, 'SFRA');
    expect(built.from).toBe('shapes');
    expect(contains(built, ...DULLES)).toBe(true);
    expect(contains(built, ...BALTIMORE)).toBe(false);
  });
});

const avx = (type: string, lat: string, lon: string, extra = '') =>
  `<Avx><codeType>${type}</codeType><geoLat>${lat}</geoLat><geoLong>${lon}</geoLong>${extra}</Avx>`;
const tfrXml = (opt: { type?: string; merged?: string; shapes?: string; aac?: string; dates?: string; text?: string }) => `\uFEFF<?xml version="1.0"?>
<XNOTAM-Update version="0.1" created="2026-01-01T00:00:00"><Group><Add><Not>
  <NotUid><txtNameAcctFac>FDC</txtNameAcctFac><noSeqNo>1234</noSeqNo><dateIssued>2026-01-01T10:00:00</dateIssued><txtLocalName>6/1234</txtLocalName></NotUid>
  ${opt.dates ?? ''}
  <AffLocGroup><txtNameCity>SPRINGFIELD</txtNameCity><txtNameUSState>ILLINOIS</txtNameUSState></AffLocGroup>
  <TfrNot><codeType>${opt.type ?? '91.137'}</codeType><TFRAreaGroup>
    <aseTFRArea><AseUid><codeId>1</codeId></AseUid><codeDistVerUpper>ALT</codeDistVerUpper><valDistVerUpper>3000</valDistVerUpper><uomDistVerUpper>FT</uomDistVerUpper>
      <codeDistVerLower>HEI</codeDistVerLower><valDistVerLower>0</valDistVerLower><uomDistVerLower>FT</uomDistVerLower></aseTFRArea>
    ${opt.aac ?? ''}
    ${opt.merged ? `<abdMergedArea>${opt.merged}</abdMergedArea>` : ''}
    ${opt.shapes ?? ''}
  </TFRAreaGroup></TfrNot>
  <txtDescrTraditional>${opt.text ?? '!FDC 6/1234 ZAU IL..AIRSPACE SPRINGFIELD, IL..TEMPORARY FLIGHT RESTRICTIONS. ALL ACFT OPS ARE PROHIBITED WI 3NM RADIUS. 2601011200-2601021800'}</txtDescrTraditional>
</Not></Add></Group></XNOTAM-Update>`;
const circleShape = (id: string, nm: number) =>
  `<aseShapes><AseUid><codeId>${id}</codeId></AseUid><Abd>${avx('CIR', '39.80000000N', '089.65000000W', `<valRadiusArc>${nm}</valRadiusArc><uomRadiusArc>NM</uomRadiusArc>`)}</Abd></aseShapes>`;

describe('TFR XML: other TFRs (our own small fixtures)', () => {
  it('a 91.137 TFR made of one circle becomes a tfr with its NOTAM window', () => {
    const r = parseTfrXml(tfrXml({ shapes: circleShape('2', 3) }), opts);
    const f = r.features[0]!;
    expect(f).toMatchObject({ id: 'tfr:6_1234', layer: 'tfr', ident: '6/1234', lower: { value: 0, reference: 'SFC' }, upper: { value: 3000, reference: 'MSL' } });
    expect(f.schedule).toMatchObject({ startTime: '2026-01-01T12:00:00.000Z', endTime: '2026-01-02T18:00:00.000Z' });
    expect(f.description).toContain('ALL ACFT OPS ARE PROHIBITED WI 3NM RADIUS.');
    for (const p of (f.geometry as Polygon).coordinates[0]!) expect(distance([-89.65, 39.8], p, { units: 'nauticalmiles' })).toBeCloseTo(3, 3);
  });

  it('explicit dateEffective/dateExpire win over the text', () => {
    const dates = '<dateEffective>2026-03-01T14:00:00</dateEffective><dateExpire>2026-03-01T20:00:00</dateExpire>';
    const f = parseTfrXml(tfrXml({ shapes: circleShape('2', 3), dates }), opts).features[0]!;
    expect(f.schedule).toMatchObject({ startTime: '2026-03-01T14:00:00.000Z', endTime: '2026-03-01T20:00:00.000Z' });
  });

  it('subtracts a SUBTR shape from the base shape', () => {
    const aac = (id: string, op: string) => `<Aac><AacUid><AseUidChi><codeId>1</codeId></AseUidChi><AseUidPar><codeId>${id}</codeId></AseUidPar></AacUid><codeOpr>${op}</codeOpr></Aac>`;
    const f = parseTfrXml(tfrXml({ shapes: circleShape('2', 5) + circleShape('3', 1), aac: aac('2', 'BASE') + aac('3', 'SUBTR') }), opts).features[0]!;
    expect(contains(f, 39.8, -89.65)).toBe(false); // the hole
    expect(contains(f, 39.8 + 3 / 60, -89.65)).toBe(true); // 3 NM north
  });

  it('follows a clockwise arc between GRC vertices', () => {
    const arc = '<geoLatArc>39.80000000N</geoLatArc><geoLongArc>089.65000000W</geoLongArc>';
    const merged = avx('CWA', '39.85000000N', '089.65000000W', arc) + avx('GRC', '39.80000000N', '089.58500000W') + avx('GRC', '39.80000000N', '089.65000000W');
    const f = parseTfrXml(tfrXml({ merged }), opts).features[0]!;
    expect(contains(f, 39.83, -89.62)).toBe(true); // inside the quarter disc, outside the triangle
  });
});

describe('TFR XML: hostile input gives clear errors', () => {
  it('refuses what is not a well-formed TFR detail file', () => {
    expect(() => parseTfrXml('<XNOTAM-Update><Group>', opts)).toThrow(/detail.xml: not well-formed XML/);
    expect(() => parseTfrXml('this is not xml', opts)).toThrow(/not well-formed XML/);
    expect(() => parseTfrXml('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>', opts)).toThrow(/DOCTYPE/);
    expect(() => parseTfrXml('<rss><channel/></rss>', opts)).toThrow(/not a tfr.faa.gov TFR detail file \(root element rss\)/);
    expect(() => parseTfrXml('<XNOTAM-Update><Group/></XNOTAM-Update>', opts)).toThrow(/holds no NOTAM/);
  });

  it('names the vertex with a latitude out of range, and a TFR without any area', () => {
    const merged = avx('GRC', '99.00000000N', '089.65W') + avx('GRC', '39.9N', '089.6W') + avx('GRC', '39.9N', '089.7W');
    expect(() => parseTfrXml(tfrXml({ merged }), opts)).toThrow(/NOTAM 6\/1234 area 1 merged area vertex 1: latitude 99.00000000N is out of range/);
    expect(() => parseTfrXml(tfrXml({}), opts)).toThrow(/neither a merged area nor a shape/);
  });
});
