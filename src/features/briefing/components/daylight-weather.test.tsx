import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Daylight, Weather } from '../../../../server/contract/briefing';
import { DaylightWeather } from './daylight-weather';

const DAYLIGHT: Daylight = {
  sunrise: '2026-12-08T15:46:00.000Z',
  sunset: '2026-12-09T00:18:00.000Z',
  civilTwilightStart: '2026-12-08T15:09:00.000Z',
  civilTwilightEnd: '2026-12-09T00:55:00.000Z',
  periods: ['DAY', 'CIVIL_TWILIGHT'],
  message: 'Part of the window is in civil twilight: 14 CFR 107.29 requires anti-collision lighting visible for at least 3 statute miles.',
};
const WEATHER: Weather = {
  available: true,
  message: 'Below the Part 107 weather minima at KBFI (Seattle/Boeing Fld), 1.1 NM away, observed 2026-12-08T17:40:00.000Z: clouds at 700 ft leave less than 500 ft above a flight up to 400 ft (14 CFR 107.51).',
  station: { id: 'KBFI', name: 'Seattle/Boeing Fld', distanceNm: 1.1 },
  observationTime: '2026-12-08T17:40:00.000Z',
  windDirectionDeg: 160,
  windSpeedKt: 12,
  windGustKt: 22,
  visibilitySm: 10,
  visibilityOrMore: true,
  cloudBaseFtAgl: 700,
  cloudCover: 'OVC',
  flightCategory: 'MVFR',
  part107: 'BELOW_MINIMA',
  rawMetar: 'METAR KBFI 081735Z 16012G22KT 10SM OVC007',
  rawTaf: 'TAF KBFI 081720Z 0818/0918 16012KT P6SM OVC007',
};

describe('DaylightWeather', () => {
  it('gives the sun’s times on the area’s clocks, what the window crosses and what 107.29 requires', () => {
    render(<DaylightWeather daylight={DAYLIGHT} weather={WEATHER} timeZone="America/Los_Angeles" />);
    const d = screen.getByTestId('briefing:daylight').textContent!;
    expect(d).toContain('the window is in daylight, then civil twilight');
    expect(d).toContain('anti-collision lighting');
    expect(d).toMatch(/sunset Tue, Dec 8, 16:18 PST \(Dec 9 00:18 UTC\)/);
  });

  it('decodes the weather, says it is below the Part 107 minima, and shows the raw METAR and TAF', () => {
    render(<DaylightWeather daylight={DAYLIGHT} weather={WEATHER} timeZone="America/Los_Angeles" />);
    const w = screen.getByTestId('briefing:weather');
    expect(w.getAttribute('data-part107')).toBe('BELOW_MINIMA');
    expect(w.textContent).toContain('Wind 160° 12 kt, gusts 22 kt · visibility 10+ SM · clouds OVC 700 ft · MVFR');
    expect(w.textContent).toContain('METAR KBFI 081735Z');
    expect(w.textContent).toContain('TAF KBFI 081720Z');
  });

  it('without weather says there is none, and shows no value', () => {
    const none: Weather = { ...WEATHER, available: false, message: 'No weather: the weather service (could not be reached). Nothing is assumed: check an official source before flying.', part107: 'UNKNOWN', station: null, visibilitySm: null, cloudBaseFtAgl: null, windSpeedKt: null, rawMetar: null, rawTaf: null };
    render(<DaylightWeather daylight={DAYLIGHT} weather={none} timeZone="America/Los_Angeles" />);
    const w = screen.getByTestId('briefing:weather');
    expect(w.textContent).toBe('No weather: the weather service (could not be reached). Nothing is assumed: check an official source before flying.');
    expect(w.textContent).not.toMatch(/SM|kt|ft/);
  });
});
