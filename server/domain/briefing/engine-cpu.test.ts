/**
 * Work the engine no longer does (docs/perf.md, "Briefings, seventh round"), each with the proof that the
 * answers stay the same: an area well inside or around a feature is decided without turf (and every area's
 * contact and distance still match turf and the brute force), far candidates are dropped by the dataset's
 * boxes before their geometry is read, the request's clock is read every 16th candidate, a facility map's
 * ceiling is an override rather than a copy of its cell.
 */
import fc from 'fast-check';
import type { Polygon, Position } from 'geojson';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as turf from '@turf/turf';
import { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { Budget, BudgetExceededError } from '../budget';
import { briefLocation } from '.';
import { box, SOURCE_ID } from './fixtures/build';
import { fixtureDataset, fixtureFile, NOW } from './fixtures';
import { circlePolygon, separationNm } from './geometry';
import { referenceSeparation } from './geometry.test-helpers';
import { buildNotice } from './notice';
import { classify } from './rules';
import { activity, activityState } from './time';

// The engine's turf calls, counted (the reference of geometry.test-helpers.ts calls turf too: counts are read around the engine alone).
const calls = vi.hoisted(() => ({ booleanIntersects: 0 }));
vi.mock('@turf/turf', async (original) => {
  const actual = await original<typeof turf>();
  return {
    ...actual,
    booleanIntersects: (a: Parameters<typeof actual.booleanIntersects>[0], b: Parameters<typeof actual.booleanIntersects>[1]) => {
      calls.booleanIntersects++;
      return actual.booleanIntersects(a, b);
    },
  };
});

const X = -77.04, Y = 38.89;
const ring = (pts: Position[]): Position[] => [...pts, pts[0]!];
const feature = (id: string, layer: AirspaceFeature['layer'], geometry: FeatureGeometry, props?: Record<string, unknown>): AirspaceFeature =>
  ({ id, name: id, sourceId: SOURCE_ID, layer, geometry, ...(props ? { props } : {}) }) as AirspaceFeature;

const shapes: AirspaceFeature[] = [
  // A long boundary (the SFRA has ~70 vertices, a Class B ring 130): 720 here, so it is indexed after a few questions.
  feature('longRing', 'washington_sfra', circlePolygon([X, Y], 8, 720)),
  feature('annulus', 'class_airspace', { type: 'Polygon', coordinates: [circlePolygon([X, Y], 3, 200).coordinates[0]!, [...circlePolygon([X, Y], 1, 100).coordinates[0]!].reverse()] }),
  feature('concave', 'sua', { type: 'Polygon', coordinates: [ring([[X, Y], [X + 0.06, Y], [X + 0.06, Y + 0.02], [X + 0.02, Y + 0.02], [X + 0.02, Y + 0.04], [X + 0.06, Y + 0.04], [X + 0.06, Y + 0.06], [X, Y + 0.06]])] }),
  feature('overlapping', 'tfr', { type: 'MultiPolygon', coordinates: [[ring([[X, Y], [X + 0.03, Y], [X + 0.03, Y + 0.03], [X, Y + 0.03]])], [ring([[X + 0.02, Y + 0.02], [X + 0.05, Y + 0.02], [X + 0.05, Y + 0.05], [X + 0.02, Y + 0.05]])]] }),
  feature('airport', 'airport', { type: 'Point', coordinates: [X + 0.01, Y + 0.01] }),
  feature('stadium', 'stadium', { type: 'Point', coordinates: [X + 0.02, Y - 0.01] }),
  feature('mtr', 'mtr', { type: 'LineString', coordinates: [[X - 0.05, Y], [X + 0.02, Y + 0.03], [X + 0.06, Y - 0.02]] }, { widthNm: 1 }),
];

/** Rectangles and triangles around the shapes: anywhere, with a corner on a vertex or an edge of a shape, or a hair off it. */
const area: fc.Arbitrary<Polygon> = fc
  .record({
    cx: fc.double({ min: -0.12, max: 0.12, noNaN: true }),
    cy: fc.double({ min: -0.12, max: 0.12, noNaN: true }),
    hx: fc.double({ min: 0.0005, max: 0.05, noNaN: true }),
    hy: fc.double({ min: 0.0005, max: 0.05, noNaN: true }),
    triangle: fc.boolean(),
    snap: fc.option(fc.tuple(fc.nat(shapes.length - 1), fc.nat(), fc.constantFrom(0, 1e-12, -1e-9, 1e-7)), { freq: 3 }),
  })
  .map(({ cx, cy, hx, hy, triangle, snap }) => {
    let [x, y] = [X + cx, Y + cy];
    if (snap) {
      const g = shapes[snap[0]]!.geometry;
      const vs = g.type === 'Point' ? [g.coordinates] : g.type === 'LineString' ? g.coordinates : (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).flat(2);
      const v = vs[snap[1] % vs.length]!;
      [x, y] = [v[0]! + hx + snap[2], v[1]! + hy + snap[2]];
    }
    const pts: Position[] = triangle ? [[x - hx, y - hy], [x + hx, y - hy / 2], [x, y + hy]] : [[x - hx, y - hy], [x + hx, y - hy], [x + hx, y + hy], [x - hx, y + hy]];
    return { type: 'Polygon', coordinates: [ring(pts)] };
  });

describe('an area against a feature', () => {
  beforeEach(() => {
    calls.booleanIntersects = 0;
  });

  it('decides contact and distance as turf and the brute force did, for rectangles and triangles anywhere, on vertices and a hair off them', () => {
    fc.assert(
      fc.property(area, fc.nat(shapes.length - 1), fc.constantFrom(0, 2, Infinity), (a, k, limit) => {
        const f = shapes[k]!;
        const want = referenceSeparation(a, f);
        const got = separationNm(a, f, limit);
        // Contact exactly as turf decided it: a false "no contact" would be a false CLEAR.
        expect(got === 0, `${f.id} ${JSON.stringify(a.coordinates)}: ${got} vs ${want}`).toBe(want === 0);
        if (want <= limit) expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-12);
        else expect(got).toBeGreaterThan(limit);
      }),
      { numRuns: 1500 },
    );
  });

  it('needs no turf for an area well inside a long boundary, or around a feature', () => {
    const inside = box(X - 0.01, Y - 0.01, X + 0.01, Y + 0.01);
    expect(separationNm(inside, shapes[0]!, 0)).toBe(0);
    // Around the airport's point and across the concave shape's corner (its first vertex inside the area).
    expect(separationNm(box(X + 0.005, Y + 0.005, X + 0.015, Y + 0.015), shapes[4]!, 0)).toBe(0);
    expect(separationNm(box(X - 0.005, Y - 0.005, X + 0.005, Y + 0.005), shapes[2]!, 0)).toBe(0);
    expect(calls.booleanIntersects).toBe(0);
  });

  it('asks turf where no vertex of either lies inside the other (a cross), and where the area sits in a hole', () => {
    // A bar across the concave shape's waist: it crosses two edges with no vertex inside either shape.
    const bar = box(X + 0.01, Y - 0.01, X + 0.015, Y + 0.07);
    expect(separationNm(bar, shapes[2]!, 0)).toBe(0);
    expect(calls.booleanIntersects).toBe(1);
    const inHole = box(X - 0.002, Y - 0.002, X + 0.002, Y + 0.002);
    expect(separationNm(inHole, shapes[1]!, 2)).toBeGreaterThan(0.8);
    expect(calls.booleanIntersects).toBe(2);
  });
});

describe('the candidates of a briefing', () => {
  it('drops features beyond reach by their box in the dataset, without reading their geometry', () => {
    const near = feature('uasfm:NEAR', 'uasfm', box(X, Y, X + 0.008, Y + 0.008));
    // ~3.5 NM east: inside the 5 NM prefilter (2 NM and a stadium's 3), beyond the 2 NM a location briefing lists.
    const far = feature('uasfm:FAR', 'uasfm', box(X + 0.075, Y, X + 0.083, Y + 0.008));
    const ds = new Dataset({ ...fixtureFile(), features: [near, far] });
    expect(ds.searchNear({ type: 'Point', coordinates: [X + 0.004, Y + 0.004] }, 5).map((f) => f.id)).toEqual(['uasfm:NEAR', 'uasfm:FAR']);
    const reads = new Map<string, number>();
    for (const f of ds.features) {
      const g = f.geometry;
      Object.defineProperty(f, 'geometry', { get: () => (reads.set(f.id, (reads.get(f.id) ?? 0) + 1), g), configurable: true, enumerable: true });
    }
    const r = briefLocation(ds, Y + 0.004, X + 0.004, { now: NOW, maxAltitudeFt: 200 });
    expect(r.notices!.some((n) => n.dataSource === 'NOTICE_DATA_SOURCE_UASFM_CEILING' && n.distance === 0)).toBe(true);
    expect(reads.get('uasfm:NEAR')).toBeGreaterThan(0);
    expect(reads.get('uasfm:FAR') ?? 0).toBe(0);
  });

  it('reads the request\'s clock at the first candidate and every 16th after it, and still stops past the deadline', () => {
    const ds = fixtureDataset();
    // Boeing Field: the fixture's facility-map grid and Class B/D around it, many candidates.
    const candidates = ds.searchNear({ type: 'Point', coordinates: [-122.302, 47.53] }, 5).length;
    expect(candidates).toBeGreaterThan(40);
    let reads = 0;
    const clock = () => (reads++, 0);
    briefLocation(ds, 47.53, -122.302, { now: NOW, budget: new Budget('main-thread', 250, 0, clock) });
    expect(reads).toBe(Math.ceil(candidates / 16));
    // Past its deadline at the first candidate: the briefing stops there, as before.
    expect(() => briefLocation(ds, 47.53, -122.302, { now: NOW, budget: new Budget('main-thread', 250, 0, () => 1_000) })).toThrow(BudgetExceededError);
  });
});

describe('a facility map\'s notice', () => {
  it('takes the group\'s lowest ceiling as an override, leaving the cell as it is', () => {
    const cell = { ...feature('uasfm:C', 'uasfm', box(X, Y, X + 0.008, Y + 0.008)), ceilingFt: 200, facility: 'DCA' } as AirspaceFeature;
    const outcome = classify(cell, 'active', true)!;
    const ctx = { window: { start: NOW, end: new Date(NOW.getTime() + 3_600_000) }, maxAltitudeFt: 100, includeGeometry: false };
    const n = buildNotice({ feature: cell, outcome, distanceNm: 0, ctx, ceilingFt: 50, title: 't', description: 'd' });
    expect(n.upperAltitude?.value).toBe(50);
    expect(n.lowerAltitude?.value).toBe(0);
    expect(cell.ceilingFt).toBe(200);
    expect(buildNotice({ feature: cell, outcome, distanceNm: 0, ctx, title: 't', description: 'd' }).upperAltitude?.value).toBe(200);
  });
});

describe('a hit\'s state', () => {
  it('is activity().state for every feature of the fixture, scheduled or not, over windows from a day before to two days after', () => {
    const ds = fixtureDataset();
    const HOUR = 3_600_000;
    fc.assert(
      fc.property(fc.integer({ min: -24 * 4, max: 48 * 4 }), fc.integer({ min: 0, max: 24 }), (quarters, hours) => {
        const start = new Date(NOW.getTime() + quarters * (HOUR / 4));
        const w = { start, end: new Date(start.getTime() + hours * HOUR) };
        for (const f of ds.features) expect(activityState(f, w), f.id).toBe(activity(f, w).state);
      }),
      { numRuns: 60 },
    );
  });
});
