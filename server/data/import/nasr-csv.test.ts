import type { Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { parseNasrAirports } from './nasr-csv';
import { hasRealData, readReal, warnIfNoRealData } from './realdata';

const opts = { fileName: 'APT_BASE.csv', retrievedAt: '2025-11-20T00:00:00.000Z' };

warnIfNoRealData('NASR CSV real-data tests');

describe.skipIf(!hasRealData)('NASR APT CSV: the real FAA files', () => {
  const r = hasRealData
    ? parseNasrAirports(readReal('faa-nasr/APT_BASE.csv'), opts, { text: readReal('faa-nasr/APT_RWY.csv'), fileName: 'APT_RWY.csv' })
    : undefined;

  it('reads all 15 landing facilities with the cycle date', () => {
    expect(r!.features).toHaveLength(15);
    expect(r!.warnings).toEqual([]);
    expect(r!.source).toMatchObject({ version: '2025-09-04', effectiveDate: '2025-09-04T00:00:00Z' });
  });

  it('puts LAX where NASR says, towered, with its four runways', () => {
    const lax = r!.features.find((f) => f.ident === 'LAX')!;
    expect((lax.geometry as Point).coordinates).toEqual([-118.40804861, 33.94249638]);
    expect(lax).toMatchObject({ id: 'airport:LAX', subtype: 'AIRPORT', name: 'LOS ANGELES INTL' });
    expect(lax.props).toMatchObject({ icaoId: 'KLAX', towered: true, elevationFt: 127.8, runwayCount: 4, longestRunwayFt: 12923, state: 'CA' });
    expect(String(lax.props?.runways)).toContain('07L/25R 12923x150 ft CONC');
  });

  it('maps site types and tower codes', () => {
    const by = (id: string) => r!.features.find((f) => f.ident === id)!;
    expect(by('AL39').subtype).toBe('HELIPORT');
    expect(by('HEY')).toMatchObject({ subtype: 'HELIPORT', props: { towered: true } });
    expect(by('OZR').props).toMatchObject({ towered: true, towerType: 'ATCT-A/C', runwayCount: 7 });
    expect(by('AZ86').props).toMatchObject({ siteType: 'G', towered: false }); // a gliderport
    expect(r!.features.filter((f) => f.props?.towered).map((f) => f.ident).sort()).toEqual(['ATL', 'HEY', 'LAX', 'ORD', 'OZR']);
  });
});

const HEADER = 'EFF_DATE,SITE_NO,SITE_TYPE_CODE,ARPT_ID,ARPT_NAME,LAT_DECIMAL,LONG_DECIMAL,TWR_TYPE_CODE';

describe('NASR APT CSV: hostile and edge input', () => {
  it('falls back to degrees, minutes and seconds when there is no decimal', () => {
    const text = 'EFF_DATE,SITE_NO,SITE_TYPE_CODE,ARPT_ID,LAT_DEG,LAT_MIN,LAT_SEC,LAT_HEMIS,LONG_DEG,LONG_MIN,LONG_SEC,LONG_HEMIS\n' +
      '2025/09/04,1.,C,X1,33,56,32.987,N,118,24,28.975,W\n';
    const f = parseNasrAirports(text, opts).features[0]!;
    expect(f.subtype).toBe('SEAPLANE_BASE');
    expect((f.geometry as Point).coordinates[1]).toBeCloseTo(33.94249638, 6);
    expect((f.geometry as Point).coordinates[0]).toBeCloseTo(-118.40804861, 6);
  });

  it('names the row with a latitude out of range', () => {
    expect(() => parseNasrAirports(`${HEADER}\n2025/09/04,1.,A,BAD,Bad,95.5,-100,NON-ATCT\n`, opts)).toThrow(/APT_BASE.csv: row 2 \(BAD\): latitude 95.5 is out of range/);
  });

  it('refuses other CSV files, ragged rows and broken quoting', () => {
    expect(() => parseNasrAirports('A,B\n1,2\n', opts)).toThrow(/not a NASR APT_BASE file/);
    expect(() => parseNasrAirports(`${HEADER}\n2025/09/04,1.,A\n`, opts)).toThrow(/not valid CSV: record 1 has 3 fields/);
    expect(() => parseNasrAirports(`${HEADER}\n"2025/09/04,1.,A,X,Y,1,1,ATCT\n`, opts)).toThrow(/never closed/);
    expect(() => parseNasrAirports(`${HEADER}\n2025/09/04,1.,A,,Y,1,1,ATCT\n`, opts)).toThrow(/row 2: ARPT_ID is empty/);
  });

  it('refuses a runway file that is not APT_RWY', () => {
    expect(() => parseNasrAirports(`${HEADER}\n2025/09/04,1.,A,X,Y,1,1,ATCT\n`, opts, { text: 'A,B\n1,2\n', fileName: 'R.csv' })).toThrow(/R.csv: not a NASR APT_RWY file/);
  });
});
