/** The route planner against hand-made datasets at real places: straight in Class G, around P-56, blocked, controlled. */
import { booleanIntersects, lineString } from '@turf/turf';
import { cellToLatLng, greatCircleDistance } from 'h3-js';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import type { AirspaceFeature } from '../../data/model';
import { assessArea } from '../briefing';
import { annulus, circle, datasetFile, grid, msl, sfc, SOURCE_ID } from '../briefing/fixtures/build';
import { fixtureDataset, NOW } from '../briefing/fixtures';
import { nationwide } from '../briefing/fixtures/nationwide';
import { Budget, BudgetExceededError } from '../budget';
import { MAX_VIA_POINTS, planRoute, RouteBlockedError, RouteInputError, RouteTooLargeError, type RouteRequest } from './plan';

const flat = () => 0;
const req = (positions: Position[], more: Partial<RouteRequest> = {}): RouteRequest => ({ positions, maxAltitudeFt: 200, density: flat, briefing: { now: NOW, start: NOW }, ...more });
const p56 = nationwide.filter((f) => f.id.startsWith('sua:P-56'));
const p56Only = new Dataset(datasetFile(p56));
const toPos = ([lat, lon]: number[]): Position => [lon!, lat!];
const gc = (a: Position, b: Position) => greatCircleDistance([a[1]!, a[0]!], [b[1]!, b[0]!], 'm');
const restricted = (ds: Dataset, coordinates: Position[]) =>
  assessArea(ds, { type: 'LineString', coordinates }, { now: NOW, start: NOW, maxAltitudeFt: 200 }).filter((e) => e.authorization === 'AUTHORIZATION_TYPE_RESTRICTED');

describe('planRoute', () => {
  it('flies (nearly) straight in Class G', () => {
    const a = [-99.0, 38.0], b = [-98.95, 38.03];
    const r = planRoute(p56Only, req([a, b]));
    expect(r.coordinates[0]).toEqual(a);
    expect(r.coordinates.at(-1)).toEqual(b);
    expect(r.coordinates.length).toBeLessThanOrEqual(3);
    expect(r.distanceM / gc(a, b)).toBeLessThan(1.01);
    expect(r.briefing.authorizationType).not.toBe('AUTHORIZATION_TYPE_RESTRICTED');
  });

  it('stops with the budget: a spent route budget ends the search instead of holding the event loop', () => {
    const west: Position = [-77.075, 38.892];
    const east: Position = [-76.985, 38.892];
    let clock = 0;
    const budget = new Budget('route', 50, 0, () => (clock += 10)); // every check costs 10 ms of a 50 ms budget
    expect(() => planRoute(p56Only, { ...req([west, east]), budget })).toThrow(BudgetExceededError);
    expect(clock).toBeLessThan(200); // it stopped at the first checks past the deadline
  });

  it('goes around P-56 and never touches it (the engine and turf agree)', () => {
    const west = [-77.075, 38.892], east = [-76.985, 38.892];
    expect(restricted(p56Only, [west, east]).length).toBeGreaterThan(0); // the straight line would cross P-56A
    const r = planRoute(p56Only, req([west, east]));
    expect(restricted(p56Only, r.coordinates)).toEqual([]);
    for (const f of p56) expect(booleanIntersects(lineString(r.coordinates), f.geometry as never), f.id).toBe(false);
    expect(r.distanceM).toBeGreaterThan(gc(west, east));
    expect(r.distanceM).toBeLessThan(gc(west, east) * 1.6);
    expect(r.briefing.notices?.some((n) => n.title?.includes('P-56'))).toBe(false);
  });

  it('joins positions that share a cell with a straight segment (found by the fuzzer)', () => {
    const pts = [[-124, 35.2277], [-123.999, 35.2277], [-123.999, 35.2287]];
    const r = planRoute(p56Only, req(pts, { resolution: 6 }));
    expect(r.coordinates).toEqual(pts);
    expect(r.cells).toBe(1);
  });

  it('goes around a TFR active in the window, and straight through once it has expired', () => {
    const ds = fixtureDataset();
    const a = [-121.7, 44.02], b = [-121.2, 44.02];
    const active = planRoute(ds, req([a, b]));
    expect(restricted(ds, active.coordinates)).toEqual([]);
    expect(active.distanceM).toBeGreaterThan(gc(a, b) * 1.05);
    const later = new Date('2025-07-10T12:00:00Z');
    const after = planRoute(ds, req([a, b], { briefing: { now: later, start: later } }));
    expect(after.distanceM / gc(a, b)).toBeLessThan(1.01);
  });

  it('weighs ground risk: with avoid population it bends around a dense town, without it barely', () => {
    const town = [-98.975, 38.0], a = [-99.0, 38.0], b = [-98.95, 38.0];
    const density = (cell: string) => (gc(toPos(cellToLatLng(cell)), town) < 1200 ? 500 : 0);
    const minGap = (coords: Position[]) => Math.min(...Array.from({ length: 101 }, (_, i) => i / 100).flatMap((t) => coords.slice(1).map((q, k) => gc([coords[k]![0]! + (q[0]! - coords[k]![0]!) * t, coords[k]![1]! + (q[1]! - coords[k]![1]!) * t], town))));
    const plain = planRoute(p56Only, req([a, b], { density }));
    const avoiding = planRoute(p56Only, req([a, b], { density, avoidPopulation: true }));
    expect(minGap(avoiding.coordinates)).toBeGreaterThan(1000);
    expect(minGap(plain.coordinates)).toBeLessThan(minGap(avoiding.coordinates));
    expect(avoiding.distanceM).toBeGreaterThan(plain.distanceM);
  });

  it('passes through a via point', () => {
    const via = [-77.02, 38.87];
    const r = planRoute(p56Only, req([[-77.075, 38.892], via, [-76.985, 38.892]]));
    expect(r.coordinates).toContainEqual(via);
  });

  it('refuses a start inside the Washington FRZ with the FRZ named', () => {
    const run = () => planRoute(fixtureDataset(), req([[-77.075, 38.892], [-76.985, 38.892]]));
    expect(run).toThrow(RouteBlockedError);
    expect(run).toThrow(/Flight Restricted Zone/);
  });

  it('names what surrounds an unreachable end', () => {
    const ring: AirspaceFeature = { id: 'sua:P-99', layer: 'sua', subtype: 'PROHIBITED', name: 'P-99 Test Ring', ident: 'P-99', sourceId: SOURCE_ID, geometry: annulus(39, -100, 0.5, 1), lower: sfc, upper: msl(18000), schedule: { text: 'CONTINUOUS' } };
    const ds = new Dataset(datasetFile([ring]));
    try {
      planRoute(ds, req([[-100.06, 39], [-100, 39]]));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RouteBlockedError);
      expect((e as RouteBlockedError).message).toMatch(/P-99/);
      expect((e as RouteBlockedError).blockers.map((b) => b.id)).toContain('sua:P-99');
    }
  });

  describe('controlled airspace', () => {
    const lat = 39.5, lon = -101;
    const classD: AirspaceFeature = { id: 'class:TST:D', layer: 'class_airspace', subtype: 'CLASS_D', name: 'Test Class D', ident: 'TST', facility: 'TST', laancEnabled: true, sourceId: SOURCE_ID, geometry: circle(lat, lon, 1), lower: sfc, upper: msl(6000) };
    const ds = new Dataset(datasetFile([classD, ...grid({ facility: 'TST', lat, lon, radiusNm: 1.2, ceiling: () => 100, laancEnabled: true })]));
    const a = [lon - 0.04, lat], b = [lon + 0.04, lat];

    it('is avoided unless allowed', () => {
      const r = planRoute(ds, req([a, b]));
      expect(booleanIntersects(lineString(r.coordinates), classD.geometry as never)).toBe(false);
      expect(r.laancFacilities).toEqual([]);
    });

    it('is entered when allowed (a start inside it), and the notices name the LAANC facility; refused when not', () => {
      const inside = [lon, lat];
      expect(() => planRoute(ds, req([inside, b]))).toThrow(/Test Class D|TST/);
      const r = planRoute(ds, req([inside, b], { allowControlled: true }));
      expect(r.distanceM / gc(inside, b)).toBeLessThan(1.05);
      expect(r.laancFacilities).toEqual(['TST']);
      expect(r.briefing.authorizationType).toBe('AUTHORIZATION_TYPE_LAANC');
      expect(r.briefing.notices?.some((n) => n.title?.includes('TST'))).toBe(true);
    });
  });

  describe('hostile input', () => {
    it('refuses too many via points, the antimeridian and too large a region, naming the field', () => {
      const many = Array.from({ length: MAX_VIA_POINTS + 3 }, (_, i) => [-99 + i * 0.001, 38]);
      expect(() => planRoute(p56Only, req(many))).toThrow(RouteInputError);
      expect(() => planRoute(p56Only, req([[179.99, 0], [-179.99, 0]]))).toThrow(/antimeridian/);
      expect(() => planRoute(p56Only, req([[-99, 38], [-98, 38.5]], { resolution: 10 }))).toThrow(RouteTooLargeError);
    });
  });
});
