import type { PlatformOperation } from '../../../../server/contract/operations';
import type { PolygonGeometry } from '../../../geo/types';

export const square = (w: number, s: number, size: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [[[w, s], [w + size, s], [w + size, s + size], [w, s + size], [w, s]]],
});

/** The plan of the tests: about 0.4 NM a side south of Boeing Field, 16:00–17:00 UTC. */
export const PLAN = square(-122.31, 47.52, 0.008);
export const WINDOW = { startTime: '2026-07-01T16:00:00Z', endTime: '2026-07-01T17:00:00Z' };

export function operation(id: string, boundary: PolygonGeometry, startTime: string, endTime: string, name = id): PlatformOperation {
  return {
    id,
    name,
    pilotId: 'pilot-1',
    boundary,
    minAltitude: 0,
    maxAltitude: 200,
    startTime,
    endTime,
    timezone: 'America/Los_Angeles',
    altitudeUnit: 'ALTITUDE_UNIT_FEET',
    altitudeReference: 'ALTITUDE_REFERENCE_AGL',
    flightType: 'FLIGHT_TYPE_COMMERCIAL',
    authorizationProviders: [],
    desc: '',
    createdBy: 'pilot-1',
    createdDate: '2026-06-30T12:00:00Z',
  };
}
