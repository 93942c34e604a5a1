/** The pure conformance rule: area with tolerance (also across 180°), ceiling units and references, time window, flood rule. */
import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { checkPosition, conformanceArea, operationCeiling, type ConformanceOperation } from './rules';

const T = new Date('2026-12-01T15:00:00Z');
const op = (boundary: Polygon, over: Partial<ConformanceOperation> = {}): ConformanceOperation => ({
  boundary, maxAltitude: 400, altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_AGL', startTime: T, endTime: new Date(T.getTime() + 3_600_000), ...over,
});
const at = (lon: number, lat: number, altitude = 100, altitudeReference: 'AGL' | 'MSL' = 'AGL') => ({ time: '2026-12-01T15:10:00Z', longitude: lon, latitude: lat, altitude, altitudeReference });
const noGround = () => null;
const check = (o: ConformanceOperation, p: ReturnType<typeof at>, ground: (lon: number, lat: number) => number | null = noGround) =>
  checkPosition(o, conformanceArea(o.boundary), p, ground).map((n) => n.reason);

describe('conformance rules', () => {
  it('an operation area across the antimeridian is the small box, not the band around the globe', () => {
    // 179.99° → -179.99°: about 1.5 km wide across 180°.
    const across = op({ type: 'Polygon', coordinates: [[[179.99, -17], [-179.99, -17], [-179.99, -16.99], [179.99, -16.99], [179.99, -17]]] });
    expect(check(across, at(179.995, -16.995))).toEqual([]);
    expect(check(across, at(-179.995, -16.995))).toEqual([]);
    expect(check(across, at(180, -16.995))).toEqual([]);
    // 0.01° of longitude (about 1 km) beyond each edge; and the far side of the globe.
    expect(check(across, at(179.98, -16.995))).toEqual(['OUTSIDE_AREA']);
    expect(check(across, at(-179.98, -16.995))).toEqual(['OUTSIDE_AREA']);
    expect(check(across, at(0, -16.995))).toEqual(['OUTSIDE_AREA']);
  });

  it('converts a ceiling in metres and takes WGS84 as MSL', () => {
    expect(operationCeiling({ maxAltitude: 120, altitudeUnit: 'ALTITUDE_UNIT_METERS', altitudeReference: 'ALTITUDE_REFERENCE_AGL' }).ft).toBeCloseTo(393.7, 1);
    expect(operationCeiling({ maxAltitude: 500, altitudeUnit: 'ALTITUDE_UNIT_FEET', altitudeReference: 'ALTITUDE_REFERENCE_WGS84' }).reference).toBe('MSL');
    const box: Polygon = { type: 'Polygon', coordinates: [[[0, 0], [0.01, 0], [0.01, 0.01], [0, 0.01], [0, 0]]] };
    const metres = op(box, { maxAltitude: 120, altitudeUnit: 'ALTITUDE_UNIT_METERS' });
    expect(check(metres, at(0.005, 0.005, 440))).toEqual([]);
    expect(check(metres, at(0.005, 0.005, 450))).toEqual(['ABOVE_ALTITUDE']);
    // Same reference: no ground needed even where the model has none.
    expect(check(op(box, { altitudeReference: 'ALTITUDE_REFERENCE_AMSL' }), at(0.005, 0.005, 300, 'MSL'))).toEqual([]);
    expect(check(op(box), at(0.005, 0.005, 300, 'MSL'))).toEqual(['ALTITUDE_UNKNOWN']);
    // MSL position over ground of 1000 ft (taken as 958): 1400 MSL is 442 AGL, within 400 + 50; 1410 is not.
    expect(check(op(box), at(0.005, 0.005, 1400, 'MSL'), () => 1000)).toEqual([]);
    expect(check(op(box), at(0.005, 0.005, 1410, 'MSL'), () => 1000)).toEqual(['ABOVE_ALTITUDE']);
  });
});
