import { describe, expect, it } from 'vitest';
import { advisoryRequest, bySeverity, TYPE_TEXT, type AdvisoryArea } from './advisory-filters';

const area: AdvisoryArea = {
  boundary: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] },
  startTime: '2026-07-01T16:00:00Z',
  endTime: '2026-07-01T17:30:00Z',
  maxAltitude: 200,
  category: 'faa_107',
};

describe('advisoryRequest', () => {
  it('asks for the flight window by default, in whole minutes', () => {
    expect(advisoryRequest(area, { source: 'all', window: 'flight' })).toEqual({
      geometry: area.boundary,
      category: 'faa_107',
      source: 'all',
      maxAltitude: 200,
      startTime: '2026-07-01T16:00Z',
      endTime: '2026-07-01T17:30Z',
    });
  });

  it('leaves the window to the service for "now", and takes 24 h from the start for "day"', () => {
    expect(advisoryRequest(area, { source: 'faa', window: 'now' })).not.toHaveProperty('startTime');
    expect(advisoryRequest(area, { source: 'community', window: 'day' })).toMatchObject({ source: 'community', startTime: '2026-07-01T16:00Z', endTime: '2026-07-02T16:00Z' });
  });
});

describe('bySeverity', () => {
  it('puts warnings first and sorts by title within a severity', () => {
    const list = [{ severity: 'information', title: 'A' }, { severity: 'caution', title: 'B' }, { severity: 'warning', title: 'Z' }, { severity: 'caution', title: 'A' }, {}];
    expect(list.sort(bySeverity).map((p) => `${p.severity ?? '-'}:${p.title ?? ''}`)).toEqual(['warning:Z', 'caution:A', 'caution:B', 'information:A', '-:']);
  });
});

describe('TYPE_TEXT', () => {
  // Every advisoryType the service sends (server/domain/briefing/advisories.ts, advisoryType): a pilot
  // in the DC area read "washington_sfra · FAA" and "national_parks · FAA" under two advisories.
  const SENT = [
    'controlled_airspace', 'uasfm_ceiling', 'sua', 'washington_frz', 'washington_sfra', 'satr', 'nsufr_pt', 'nsufr_ft', 'stadium', 'tfr',
    'faa_helipads', 'seaport', 'airports', 'national_parks_simple', 'recreational_flyer_fixed_sites', 'mtr_buffer', 'community_advisories', 'notams',
    // what an older deployment sends
    'national_parks', 'mtr',
  ];
  it.each(SENT)('has words for %s', (code) => {
    expect(TYPE_TEXT[code]).toMatch(/^[A-Z][A-Za-z ()-]+$/);
  });
});
