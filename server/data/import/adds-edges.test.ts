/**
 * Real ADDS exports edited as other exports may write them (audit 2026-11-25): nothing that is
 * airspace may be dropped, since a dropped restriction briefs as clear.
 */
import { describe, expect, it } from 'vitest';
import { hasRealData, readReal, warnIfNoRealData } from './realdata';
import { parseTfrXml } from './tfr-xml';
import { addsAltitude } from './udds-airspace';
import { parseUddsGeoJson } from './udds-geojson';

const NOW = new Date('2025-11-20T18:00:00Z');
warnIfNoRealData('ADDS exports with fields left out');

describe.skipIf(!hasRealData)('the Seattle Class Airspace export', () => {
  const file = 'class_airspace_seattle.geojson';
  const parse = (edit: (p: Record<string, unknown>) => void) => {
    const fc = JSON.parse(readReal(`faa-seattle/${file}`));
    for (const f of fc.features) if (String(f.properties.NAME).includes('BOEING FIELD')) edit(f.properties);
    return parseUddsGeoJson(fc, { fileName: file, retrievedAt: NOW.toISOString() }).features;
  };

  it('keeps Boeing Field Class D when CLASS is left out but LOCAL_TYPE says it (it was skipped)', () => {
    const all = parse(() => {});
    const without = parse((p) => delete p.CLASS);
    expect(without.length).toBe(all.length);
    expect(without.find((f) => f.name.includes('BOEING FIELD'))).toMatchObject({ layer: 'class_airspace', subtype: 'CLASS_D', lower: { reference: 'SFC' } });
  });

  it('reads a floor it cannot parse as the surface, never as overhead', () => {
    const f = parse((p) => Object.assign(p, { LOWER_VAL: 'GND', LOWER_CODE: 'OTHER' })).find((x) => x.name.includes('BOEING FIELD'))!;
    expect(f.lower).toEqual({ value: 0, reference: 'SFC' });
  });
});

describe.skipIf(!hasRealData)('the Prohibited Areas export', () => {
  const file = 'Prohibited_Areas.geojson';
  const parse = (edit: (p: Record<string, unknown>) => void) => {
    const fc = JSON.parse(readReal(`faa-adds/${file}`));
    for (const f of fc.features) edit(f.properties);
    return parseUddsGeoJson(fc, { fileName: file, retrievedAt: NOW.toISOString() }).features;
  };

  it('keeps every area prohibited when TYPE_CODE is a word or missing (an unknown code was information only)', () => {
    const n = parse(() => {}).length;
    for (const edit of [(p: Record<string, unknown>) => (p.TYPE_CODE = 'PROHIBITED'), (p: Record<string, unknown>) => delete p.TYPE_CODE]) {
      const fs = parse(edit);
      expect(fs).toHaveLength(n);
      expect(fs.filter((f) => f.subtype !== 'PROHIBITED').map((f) => f.name)).toEqual([]);
    }
  });
});

describe.skipIf(!hasRealData)('a TFR detail file whose times are not in UTC', () => {
  const parse = (zone: string) =>
    parseTfrXml(readReal('faa-tfr-xml/detail_4_2565.xml').replace(/<codeTimeZone>UTC<\/codeTimeZone>/, `<codeTimeZone>${zone}</codeTimeZone><dateEffective>2024-06-24T16:00:00</dateEffective>`), { fileName: 'detail_4_2565.xml', retrievedAt: NOW.toISOString() }).features[0]!;

  it('reads UTC as written, and widens another zone by the farthest offsets (it was read as UTC: hours off)', () => {
    // Without dateEffective the NOTAM text's own time (UTC by definition) holds, whatever the zone.
    expect(parseTfrXml(readReal('faa-tfr-xml/detail_4_2565.xml').replace(/<codeTimeZone>UTC</, '<codeTimeZone>EDT<'), { fileName: 'x.xml', retrievedAt: NOW.toISOString() }).features[0]!.schedule?.startTime).toBe('2024-06-24T16:00:00.000Z');
    expect(parse('UTC').schedule?.startTime).toBe('2024-06-24T16:00:00.000Z');
    // 1600 local lies between 02:00Z (UTC+14) and 04:00Z next day (UTC-12): the window starts at the earliest.
    expect(parse('EDT').schedule?.startTime).toBe('2024-06-24T02:00:00.000Z');
  });
});

describe.skipIf(!hasRealData)('a facility map with its ceilings in metres', () => {
  it('rounds metres down to whole feet: the ceiling is the most LAANC may grant', () => {
    const fc = JSON.parse(readReal('faa-seattle/uasfm_seattle_first10.geojson'));
    fc.features = fc.features.slice(0, 3);
    [30.48, 30.63, 121.9].forEach((m, i) => Object.assign(fc.features[i].properties, { CEILING: m, UNIT: 'm' }));
    const cells = parseUddsGeoJson(fc, { fileName: 'uasfm.geojson', retrievedAt: NOW.toISOString() }).features;
    expect(cells.map((c) => c.ceilingFt)).toEqual([100, 100, 399]);
  });
});

describe.skipIf(!hasRealData)('a TFR floor without its code', () => {
  const floor = (edit: (xml: string) => string) =>
    parseTfrXml(edit(readReal('faa-tfr-xml/detail_4_2565.xml').replace('<valDistVerLower>0<', '<valDistVerLower>300<')), { fileName: 'x.xml', retrievedAt: NOW.toISOString() }).features[0]!.lower;

  it('reads HEI as AGL, and a missing or unknown code as MSL (AGL placed an MSL floor too high)', () => {
    expect(floor((x) => x)).toEqual({ value: 300, reference: 'AGL' });
    expect(floor((x) => x.replace('<codeDistVerLower>HEI</codeDistVerLower>', ''))).toEqual({ value: 300, reference: 'MSL' });
    expect(floor((x) => x.replace('<codeDistVerLower>HEI<', '<codeDistVerLower>W84<'))).toEqual({ value: 300, reference: 'MSL' });
  });
});

describe('limits in metres (contract/units.ts: to the restrictive side)', () => {
  it('an ADDS floor in metres rounds down and a top up (2 m was 7 ft: a 7 ft flight passed under a 6.56 ft floor)', () => {
    expect(addsAltitude('2', 'M', 'SFC', 'lower')).toEqual({ value: 6, reference: 'AGL' });
    expect(addsAltitude('2', 'M', 'SFC', 'upper')).toEqual({ value: 7, reference: 'AGL' });
    expect(addsAltitude('152.4', 'M', 'MSL', 'lower')).toEqual({ value: 500, reference: 'MSL' });
    expect(addsAltitude('30.5', 'M', 'MSL', 'upper')).toEqual({ value: 101, reference: 'MSL' });
  });
});

describe.skipIf(!hasRealData)('a TFR with its limits in metres', () => {
  const limits = (lower: string, upper: string) => {
    const xml = readReal('faa-tfr-xml/detail_4_2565.xml')
      .replace(/<valDistVerLower>[^<]*<\/valDistVerLower>/, `<valDistVerLower>${lower}</valDistVerLower>`)
      .replace(/<uomDistVerLower>[^<]*</, '<uomDistVerLower>M<')
      .replace(/<valDistVerUpper>[^<]*<\/valDistVerUpper>/, `<valDistVerUpper>${upper}</valDistVerUpper>`)
      .replace(/<uomDistVerUpper>[^<]*</, '<uomDistVerUpper>M<');
    const f = parseTfrXml(xml, { fileName: 'x.xml', retrievedAt: NOW.toISOString() }).features[0]!;
    return [f.lower?.value, f.upper?.value];
  };

  it('rounds the floor down and the top up (a 2 m floor was 7 ft, a 30.5 m top 100 ft)', () => {
    expect(limits('2', '30.5')).toEqual([6, 101]);
    expect(limits('121.92', '152.4')).toEqual([400, 500]);
  });
});
