/** Frozen answers of the service for the briefing tests, shaped by the contract. */
import type { AreaBriefingV1Request, BriefingResult } from '../../../../server/contract/briefing';
import type { Status } from '../../../../server/contract/system';

const square = (w: number, s: number, d: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [w, s],
      [w + d, s],
      [w + d, s + d],
      [w, s + d],
      [w, s],
    ],
  ],
});

export const KBFI_INPUT: AreaBriefingV1Request = {
  boundary: square(-122.31, 47.525, 0.01),
  startTime: '2026-07-01T16:00:00Z',
  endTime: '2026-07-01T17:00:00Z',
  maxAltitude: 200,
};

export const FACILITY_MAP_GEOMETRY = square(-122.315, 47.52, 0.0083);

export const KBFI_RESULT: BriefingResult = {
  status: 'NOTICE_STATUS_CAUTION',
  authorizationType: 'AUTHORIZATION_TYPE_LAANC',
  notices: [
    {
      dataSource: 'NOTICE_DATA_SOURCE_UASFM_CEILING',
      title: 'KBFI facility map: 100 ft ceiling',
      description: 'LAANC can authorize up to 100 ft AGL in this grid cell.',
      status: 'NOTICE_STATUS_CAUTION',
      code: 'NOTICE_CODE_CONTROLLED_AIRSPACE',
      ruleCode: 'RULE_CODE_5_3C',
      ruleDescription: 'Controlled airspace needs authorization.',
      authority: 'FAA',
      sourceUrl: 'https://www.faa.gov/uas/commercial_operators/uas_facility_maps',
      contact: { phoneNumber: '+1 206 555 0100', email: 'atc@example.gov' },
      lowerAltitude: { value: 0, reference: 'ALTITUDE_REFERENCE_AGL', unit: 'ALTITUDE_UNIT_FEET' },
      upperAltitude: { value: 100, reference: 'ALTITUDE_REFERENCE_AGL', unit: 'ALTITUDE_UNIT_FEET' },
      geometry: FACILITY_MAP_GEOMETRY,
      distance: 0,
    },
    {
      dataSource: 'NOTICE_DATA_SOURCE_AIRPORT',
      title: 'Boeing Field / King County International',
      status: 'NOTICE_STATUS_INFORMATIONAL',
      geometry: { type: 'Point', coordinates: [-122.302, 47.53] },
    },
  ],
};

export const STATUS: Status = {
  status: 'ok',
  profile: 'sandbox',
  time: '2026-07-01T15:00:00Z',
  store: { engine: 'pglite', ok: true },
  dataset: {
    version: 'sandbox-test-1',
    kind: 'sandbox',
    generatedAt: '2026-07-01T14:00:00Z',
    features: 10,
    sources: [
      { id: 'uasfm', name: 'UAS facility maps', version: '1', effectiveDate: '2026-06-12', retrievedAt: '2026-07-01T14:00:00Z', ageSeconds: 3600, attribution: 'FAA', licence: 'public domain' },
    ],
  },
};
