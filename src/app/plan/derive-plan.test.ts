// @isolated-modules: reads the path and zone code before any file has loaded them.
import { beforeAll, describe, expect, it } from 'vitest';
import { pathUnion } from '../../geo/path-union';
import { timeZoneTable } from '../../geo/time-zone-at';
import { decodePlan, DEFAULT_PLAN, encodePlan, type Plan } from '../../features/plan/plan-params';
import { sameGeometry, type DrawGeometry } from '../../map/draw-adapter';
import { advisoryArea, areaOfDrawn, briefingRequest, deriveArea, drawGeometryOf, operationBase } from './derive-plan';

const ring = (w: number, s: number, d: number): [number, number][] => [
  [w, s],
  [w + d, s],
  [w + d, s + d],
  [w, s + d],
  [w, s],
];
const plan = (over: Partial<Plan>): Plan => ({ ...DEFAULT_PLAN, start: '2026-07-01T16:00Z', ...over });

describe('a path while the code that widens it loads', () => {
  beforeAll(() => timeZoneTable.load());

  it('has no boundary and no error yet, and nothing is sent', () => {
    const p = plan({ area: { kind: 'path', line: [[-122.31, 47.525], [-122.3, 47.53]] } });
    const area = deriveArea(p);
    expect(area).toMatchObject({ boundary: null, check: null, shapeError: null, bounds: null });
    expect(briefingRequest(p, area).input).toBeNull();
    expect(operationBase(p, area)).toBeNull();
  });
});

describe('what the plan page sends', () => {
  beforeAll(() => Promise.all([timeZoneTable.load(), pathUnion.load()]));

  it('sends a valid area with its window and altitude in feet', () => {
    const p = plan({ area: { kind: 'polygon', ring: ring(-122.31, 47.525, 0.01) }, maxAltitude: 60, unit: 'm', durationMin: 90 });
    const area = deriveArea(p);
    expect(area.timeZone).toBe('America/Los_Angeles');
    const { input, block } = briefingRequest(p, area);
    expect(block).toBeNull();
    expect(input).toEqual({ boundary: area.boundary, startTime: '2026-07-01T16:00:00Z', endTime: '2026-07-01T17:30:00Z', maxAltitude: 197 });
  });

  it('rounds an altitude in metres up to whole feet (30.5 m is 100.07 ft: asking for 100 ft would pass a 100 ft ceiling)', () => {
    const area = deriveArea(plan({ area: { kind: 'polygon', ring: ring(-122.31, 47.525, 0.01) } }));
    expect(briefingRequest(plan({ area: { kind: 'polygon', ring: ring(-122.31, 47.525, 0.01) }, maxAltitude: 30.5, unit: 'm' }), area).input?.maxAltitude).toBe(101);
    expect(briefingRequest(plan({ area: { kind: 'polygon', ring: ring(-122.31, 47.525, 0.01) }, maxAltitude: 200, unit: 'ft' }), area).input?.maxAltitude).toBe(200);
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

describe('a plan across 180° (the western Aleutians)', () => {
  beforeAll(() => timeZoneTable.load());
  // A 1.5 km box over Semisopochnoi Island, as a shared link holds it: the short way, within -180..180.
  const link = new URLSearchParams('poly=179.99,51.95;-179.99,51.95;-179.99,51.9635;179.99,51.9635&alt=200&u=ft&start=2026-07-01T20:00Z&dur=60&type=107');
  const steps = (xs: number[]) => xs.slice(1).map((x, i) => Math.abs(x - xs[i]!));

  it('opened from a link, is drawn and framed as the small box, measured as ~0.8 sq mi, and sent the short way', () => {
    const p = decodePlan(link);
    const drawn = drawGeometryOf(p.area) as { type: 'Polygon'; coordinates: [number, number][][] };
    const xs = drawn.coordinates[0]!.map((q) => q[0]);
    expect(xs).toEqual([179.99, 180.01, 180.01, 179.99, 179.99]);
    const area = deriveArea(p);
    const [w, s, e, n] = area.bounds!;
    expect(e - w).toBeCloseTo(0.02, 9);
    expect(n - s).toBeCloseTo(0.0135, 9);
    expect(area.check!.ok).toBe(true);
    expect(area.check!.areaSqMi).toBeGreaterThan(0.75);
    expect(area.check!.areaSqMi).toBeLessThan(0.85);
    expect(area.check!.longestSide!.lengthNm).toBeLessThan(1);
    expect(area.timeZone).toBe('America/Adak');
    // What the service gets is what the link holds: within -180..180, the edge across 180° the short way.
    expect(briefingRequest(p, area).input!.boundary).toEqual({ type: 'Polygon', coordinates: [p.area?.kind === 'polygon' ? p.area.ring : []] });
  });

  it('a path or a point across 180° is widened there, not around the world', () => {
    const path = deriveArea({ area: { kind: 'path', line: [[179.995, 51.95], [-179.995, 51.955]] }, widthM: 60, radiusM: 300 });
    expect(path.check!.ok).toBe(true);
    expect(path.check!.areaSqMi).toBeLessThan(0.05);
    expect(path.bounds![2] - path.bounds![0]).toBeLessThan(0.02);
    expect(path.boundary!.coordinates[0]!.every(([x]) => Math.abs(x) <= 180)).toBe(true);
    const point = deriveArea({ area: { kind: 'point', center: [-179.9999, 51.95] }, widthM: 60, radiusM: 300 });
    // π × 300 m², about 0.11 sq mi.
    expect(point.check!.areaSqMi).toBeCloseTo(0.11, 2);
    expect(point.bounds![2] - point.bounds![0]).toBeLessThan(0.01);
    expect(point.boundary!.coordinates[0]!.every(([x]) => Math.abs(x) <= 180)).toBe(true);
    expect(Math.max(...steps(point.boundary!.coordinates[0]!.map(([x]) => x)))).toBeGreaterThan(359);
  });

  it('drawn on the map beyond 180°, goes into the link within -180..180 and comes back the same shape', () => {
    const fromDraw: DrawGeometry = { type: 'Polygon', coordinates: [[[179.99, 51.95], [180.01, 51.95], [180.01, 51.96], [179.99, 51.95]]] };
    const area = areaOfDrawn(fromDraw);
    const reopened = decodePlan(encodePlan({ ...DEFAULT_PLAN, area }));
    expect(reopened.area).not.toBeNull();
    expect(reopened.area?.kind === 'polygon' && reopened.area.ring.every(([x]) => Math.abs(x) <= 180)).toBe(true);
    // Draw already shows it: handing it back must not redraw it under the pilot's hands.
    expect(sameGeometry(drawGeometryOf(reopened.area), fromDraw)).toBe(true);
    expect(sameGeometry({ type: 'Point', coordinates: [-179.99, 51.95] }, { type: 'Point', coordinates: [180.01, 51.95] })).toBe(true);
    expect(sameGeometry({ type: 'Point', coordinates: [-179.99, 51.95] }, { type: 'Point', coordinates: [179.99, 51.95] })).toBe(false);
  });
});
