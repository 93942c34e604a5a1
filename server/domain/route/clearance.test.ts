/**
 * Issue #15: a suggested route keeps clear of what it goes around by half the path's width, so the
 * route flown as a path (the service's 50 m each side, the portal's 100 ft) does not graze it. docs/route.md.
 * Each case fails without the clearance, i.e. with the code before it (no rings around blocked cells,
 * smoothing judging the bare line). Setting ROUTE_CLEARANCE_M to 0 alone is not that: the rings never
 * drop below one, and a zero-width buffer is no polygon, which turns smoothing off.
 */
import type { Position } from 'geojson';
import { getHexagonEdgeLengthAvg } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import { assessArea } from '../briefing';
import { datasetFile } from '../briefing/fixtures/build';
import { NOW } from '../briefing/fixtures';
import { nationwide } from '../briefing/fixtures/nationwide';
import { washingtonState } from '../briefing/fixtures/washington-state';
import { bufferLineString, LINESTRING_BUFFER_METERS } from '../operations/limits';
import { clearanceRings, MAX_RESOLUTION, MIN_RESOLUTION, planRoute, RouteBlockedError, ROUTE_CLEARANCE_M, type RouteRequest } from './plan';

const req = (positions: Position[], more: Partial<RouteRequest> = {}): RouteRequest => ({ positions, maxAltitudeFt: 200, density: () => 0, briefing: { now: NOW, start: NOW }, ...more });
const PORTAL_HALF_WIDTH_M = 30.48; // the portal flies a path 100 ft each side
/** Restricted notices of the route flown as a path of the given half width. */
const restrictedAsPath = (ds: Dataset, coordinates: Position[], halfWidthM: number) =>
  assessArea(ds, bufferLineString({ type: 'LineString', coordinates }, halfWidthM)!, { now: NOW, start: NOW, maxAltitudeFt: 200 })
    .filter((e) => e.authorization === 'AUTHORIZATION_TYPE_RESTRICTED')
    .map((e) => e.features[0]?.id);

const p51 = new Dataset(datasetFile(washingtonState.filter((f) => f.id === 'sua:P-51')));
const washington = new Dataset(datasetFile(washingtonState));
const p56 = new Dataset(datasetFile(nationwide.filter((f) => f.id.startsWith('sua:P-56'))));

describe('the route keeps a clearance of half the path width', () => {
  it('keeps the clearance of the service default path width, which covers the portal path', () => {
    expect(ROUTE_CLEARANCE_M).toBeGreaterThanOrEqual(LINESTRING_BUFFER_METERS);
    expect(ROUTE_CLEARANCE_M).toBeGreaterThanOrEqual(PORTAL_HALF_WIDTH_M);
    for (let r = MIN_RESOLUTION; r <= MAX_RESOLUTION; r++) {
      // A cell beyond the rings lies at least the rings' width of hexagons (80% of √3 × the average edge) away.
      expect(clearanceRings(r) * Math.sqrt(3) * 0.8 * getHexagonEdgeLengthAvg(r, 'm')).toBeGreaterThanOrEqual(ROUTE_CLEARANCE_M);
    }
    expect(clearanceRings(10)).toBe(1);
  });

  // Around P-51's south-east corner, a short hop (resolution 10): without the clearance (no rings,
  // smoothing judging the bare line) the smoothed line passes the corner so close that the path flown
  // 30 m or 50 m each side enters P-51; with it, neither does.
  const AROUND_CORNER: Position[] = [[-122.7, 47.69], [-122.687, 47.7]];

  it('around P-51 (Bangor, WA; fixture box, Class G and with the facility map allowed): the route flown as a path briefs no restriction', () => {
    const r = planRoute(p51, req(AROUND_CORNER));
    expect(restrictedAsPath(p51, AROUND_CORNER, 1)).toEqual(['sua:P-51']); // the straight line crosses its corner
    expect(restrictedAsPath(p51, r.coordinates, PORTAL_HALF_WIDTH_M)).toEqual([]);
    expect(restrictedAsPath(p51, r.coordinates, LINESTRING_BUFFER_METERS)).toEqual([]);
    const allowed = planRoute(washington, req(AROUND_CORNER, { allowControlled: true }));
    expect(restrictedAsPath(washington, allowed.coordinates, PORTAL_HALF_WIDTH_M)).toEqual([]);
    expect(restrictedAsPath(washington, allowed.coordinates, LINESTRING_BUFFER_METERS)).toEqual([]);
  });

  it('around P-56: the route flown as the default path briefs no restriction (before the clearance it grazed P-56A)', () => {
    const r = planRoute(p56, req([[-77.075, 38.892], [-76.985, 38.892]]));
    expect(restrictedAsPath(p56, r.coordinates, LINESTRING_BUFFER_METERS)).toEqual([]);
  });

  it('refuses a start within the clearance of P-51, naming it', () => {
    // 40 m south of P-51's southern edge (47.694): outside it, in a cell that does not touch it, but inside
    // the clearance (without it this start is accepted).
    const run = () => planRoute(p51, req([[-122.75, 47.694 - 40 / 111_200], [-122.67, 47.72]]));
    expect(run).toThrow(RouteBlockedError);
    expect(run).toThrow(/clearance.*P-51/);
  });
});
