import { describe, expect, it } from 'vitest';
import { decodeWeather, nearest, stationsOf } from './metar';

const NOW = new Date('2026-12-08T18:00:00Z');
const obs = (over: Record<string, unknown> = {}) => ({
  icaoId: 'KBFI',
  name: 'Seattle/Boeing Fld',
  lat: 47.545,
  lon: -122.314,
  obsTime: NOW.getTime() / 1000 - 20 * 60,
  wdir: 160,
  wspd: 12,
  wgst: 22,
  visib: '10+',
  clouds: [{ cover: 'SCT', base: 2500 }, { cover: 'BKN', base: 4000 }],
  fltCat: 'VFR',
  rawOb: 'METAR KBFI 081735Z 16012G22KT 10SM SCT025 BKN040 08/04 A3001',
  ...over,
});
const kbfi = (over: Record<string, unknown> = {}) => nearest(stationsOf([obs(over)]), 47.53, -122.30)!;

describe('METAR decoding against 14 CFR 107.51', () => {
  it('decodes wind, gusts, visibility, the lowest cloud base and the category, and finds the minima met', () => {
    const w = decodeWeather(kbfi(), 'TAF KBFI 081720Z 0818/0918 16012KT P6SM BKN040', 400, NOW);
    expect(w).toMatchObject({
      available: true,
      station: { id: 'KBFI', name: 'Seattle/Boeing Fld', distanceNm: 1.1 },
      windDirectionDeg: 160,
      windSpeedKt: 12,
      windGustKt: 22,
      visibilitySm: 10,
      visibilityOrMore: true,
      cloudBaseFtAgl: 2500,
      cloudCover: 'SCT',
      flightCategory: 'VFR',
      part107: 'MEETS_MINIMA',
      rawTaf: 'TAF KBFI 081720Z 0818/0918 16012KT P6SM BKN040',
    });
    expect(w.observationTime).toBe('2026-12-08T17:40:00.000Z');
  });

  it('is below the minima under 3 SM, or with less than 500 ft between the flight and the clouds', () => {
    expect(decodeWeather(kbfi({ visib: 2 }), null, 200, NOW)).toMatchObject({ part107: 'BELOW_MINIMA', message: expect.stringMatching(/visibility 2 SM is under the 3 SM/) });
    const low = decodeWeather(kbfi({ clouds: [{ cover: 'OVC', base: 800 }] }), null, 400, NOW);
    expect(low).toMatchObject({ part107: 'BELOW_MINIMA', message: expect.stringMatching(/clouds at 800 ft leave less than 500 ft above a flight up to 400 ft/) });
    expect(decodeWeather(kbfi({ clouds: [{ cover: 'OVC', base: 800 }] }), null, 300, NOW).part107).toBe('MEETS_MINIMA');
  });

  it('never guesses: missing visibility or clouds is unknown, an old or undated observation is no weather', () => {
    expect(decodeWeather(kbfi({ visib: undefined }), null, 200, NOW).part107).toBe('UNKNOWN');
    expect(decodeWeather(kbfi({ clouds: 'lots' }), null, 200, NOW).part107).toBe('UNKNOWN');
    expect(decodeWeather(kbfi({ clouds: [] }), null, 200, NOW).part107).toBe('MEETS_MINIMA');
    const old = decodeWeather(kbfi({ obsTime: NOW.getTime() / 1000 - 3 * 3600 }), null, 200, NOW);
    expect(old).toMatchObject({ available: false, part107: 'UNKNOWN', visibilitySm: null });
    expect(decodeWeather(kbfi({ obsTime: null, reportTime: undefined }), null, 200, NOW).available).toBe(false);
  });

  it('keeps only observations with a station and a position, and picks the nearest', () => {
    const list = stationsOf([obs({ icaoId: 'KSEA', lat: 47.44, lon: -122.31 }), obs(), { icaoId: 'KXXX' }, 'garbage', null]);
    expect(list.map((s) => s.id)).toEqual(['KSEA', 'KBFI']);
    expect(nearest(list, 47.53, -122.3)!.id).toBe('KBFI');
    expect(stationsOf({ not: 'a list' })).toEqual([]);
  });
});
