import { beforeAll, describe, expect, it } from 'vitest';
import { loadPathUnion } from '../../geo/path-union';
import { loadTimeZones } from '../../geo/time-zone-at';
import { DEFAULT_PLAN, type Plan } from '../../features/plan/plan-params';
import { advisoryArea, briefingRequest, deriveArea, operationBase } from './derive-plan';

const ring = (w: number, s: number, d: number): [number, number][] => [
  [w, s],
  [w + d, s],
  [w + d, s + d],
  [w, s + d],
  [w, s],
];
const plan = (over: Partial<Plan>): Plan => ({ ...DEFAULT_PLAN, start: '2026-07-01T16:00Z', ...over });

describe('a path while the code that widens it loads', () => {
  beforeAll(() => loadTimeZones());

  it('has no boundary and no error yet, and nothing is sent', () => {
    const p = plan({ area: { kind: 'path', line: [[-122.31, 47.525], [-122.3, 47.53]] } });
    const area = deriveArea(p);
    expect(area).toMatchObject({ boundary: null, check: null, shapeError: null, bounds: null });
    expect(briefingRequest(p, area).input).toBeNull();
    expect(operationBase(p, area)).toBeNull();
  });
});

describe('what the plan page sends', () => {
  beforeAll(() => Promise.all([loadTimeZones(), loadPathUnion()]));

  it('sends a valid area with its window and altitude in feet', () => {
    const p = plan({ area: { kind: 'polygon', ring: ring(-122.31, 47.525, 0.01) }, maxAltitude: 60, unit: 'm', durationMin: 90 });
    const area = deriveArea(p);
    expect(area.timeZone).toBe('America/Los_Angeles');
    const { input, block } = briefingRequest(p, area);
    expect(block).toBeNull();
    expect(input).toEqual({ boundary: area.boundary, startTime: '2026-07-01T16:00:00Z', endTime: '2026-07-01T17:30:00Z', maxAltitude: 197 });
  });

  it('sends nothing for an area over the limits', () => {
    const p = plan({ area: { kind: 'polygon', ring: ring(-122.4, 47.5, 0.1) } });
    const area = deriveArea(p);
    expect(area.check?.violations.map((v) => v.code)).toContain('area');
    expect(briefingRequest(p, area)).toEqual({ input: null, block: 'limits' });
    expect(operationBase(p, area)).toBeNull();
  });

  it('sends nothing while the altitude is out of range', () => {
    const p = plan({ area: { kind: 'point', center: [-77.04, 38.9] }, maxAltitude: 500 });
    const area = deriveArea(p);
    expect(area.timeZone).toBe('America/New_York');
    expect(briefingRequest(p, area)).toEqual({ input: null, block: 'details' });
  });

  it('describes the operation as the contract wants it', () => {
    const p = plan({ area: { kind: 'path', line: [[-122.31, 47.525], [-122.3, 47.53]] }, flightType: 'recreational' });
    const base = operationBase(p, deriveArea(p))!;
    expect(base).toMatchObject({
      minAltitude: 0,
      maxAltitude: 200,
      startTime: '2026-07-01T16:00:00Z',
      endTime: '2026-07-01T17:00:00Z',
      timezone: 'America/Los_Angeles',
      altitudeUnit: 'ALTITUDE_UNIT_FEET',
      altitudeReference: 'ALTITUDE_REFERENCE_AGL',
      flightType: 'FLIGHT_TYPE_RECREATIONAL',
    });
    expect(base.boundary.type).toBe('Polygon');
  });

  it('describes no operation while the area’s zone is unknown (the zone table still loading)', () => {
    const p = plan({ area: { kind: 'path', line: [[-122.31, 47.525], [-122.3, 47.53]] } });
    expect(operationBase(p, { ...deriveArea(p), timeZone: null })).toBeNull();
  });

  it('asks for advisories exactly when it asks for a briefing, with the flight’s category', () => {
    const p = plan({ area: { kind: 'polygon', ring: ring(-122.31, 47.525, 0.01) }, maxAltitude: 60, unit: 'm', flightType: 'recreational' });
    const area = deriveArea(p);
    expect(advisoryArea(p, area, briefingRequest(p, area).input)).toEqual({
      boundary: area.boundary,
      startTime: '2026-07-01T16:00:00Z',
      endTime: '2026-07-01T17:00:00Z',
      maxAltitude: 197,
      category: 'faa_44809',
    });
    const tooHigh = plan({ area: p.area, maxAltitude: 500 });
    const tooHighArea = deriveArea(tooHigh);
    expect(advisoryArea(tooHigh, tooHighArea, briefingRequest(tooHigh, tooHighArea).input)).toBeNull();
  });
});
