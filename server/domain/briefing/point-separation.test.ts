/**
 * The point fast path of separationNm (every location briefing: no turf, an even-odd test on the flat
 * arrays) against what the engine computed before it (turf's booleanIntersects, then the brute-force gap):
 * the same contact decision everywhere, the same distance within the limit, over random points inside,
 * outside, on vertices, on edges and a hair off them, for shapes with holes, overlapping parts, long
 * (indexed) boundaries, lines and points with a reach, and shapes cut at the antimeridian. A false "no
 * contact" here would be a false CLEAR.
 */
import fc from 'fast-check';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { circlePolygon, separationNm } from './geometry';
import { referenceSeparation } from './geometry.test-helpers';
import { BFI, DCA_VOR, SEA, fixtureDataset } from './fixtures';

const ring = (pts: Position[]): Position[] => [...pts, pts[0]!];
const square = (x: number, y: number, d: number): Position[] => ring([[x, y], [x + d, y], [x + d, y + d], [x, y + d]]);

const X = -122.3, Y = 47.5;
const shapes: Record<string, { layer: AirspaceFeature['layer']; geometry: FeatureGeometry; props?: Record<string, unknown> }> = {
  square: { layer: 'class_airspace', geometry: { type: 'Polygon', coordinates: [square(X, Y, 0.02)] } },
  // A "C": concave, so rays from inside cross it several times.
  concave: {
    layer: 'sua',
    geometry: { type: 'Polygon', coordinates: [ring([[X, Y], [X + 0.03, Y], [X + 0.03, Y + 0.01], [X + 0.01, Y + 0.01], [X + 0.01, Y + 0.02], [X + 0.03, Y + 0.02], [X + 0.03, Y + 0.03], [X, Y + 0.03]])] },
  },
  // 720 segments: the even-odd test and the distance go through the segment index.
  longRing: { layer: 'class_airspace', geometry: circlePolygon([X + 0.01, Y + 0.01], 0.8, 720) },
  // A hole: points in it are outside; its own hole ring is indexed too.
  annulus: {
    layer: 'class_airspace',
    geometry: { type: 'Polygon', coordinates: [circlePolygon([X + 0.01, Y + 0.01], 1, 360).coordinates[0]!, [...circlePolygon([X + 0.01, Y + 0.01], 0.4, 100).coordinates[0]!].reverse()] },
  },
  // Two parts that overlap: inside both is inside (a parity over all rings would call it outside).
  overlapping: { layer: 'tfr', geometry: { type: 'MultiPolygon', coordinates: [[square(X, Y, 0.02)], [square(X + 0.01, Y + 0.01, 0.02)]] } },
  // The same with long (indexed) rings: the index holds both parts' segments, the test must count one ring's.
  overlappingLong: {
    layer: 'tfr',
    geometry: { type: 'MultiPolygon', coordinates: [circlePolygon([X + 0.01, Y + 0.01], 0.6, 200).coordinates, circlePolygon([X + 0.02, Y + 0.015], 0.6, 200).coordinates] },
  },
  mtr: { layer: 'mtr', geometry: { type: 'LineString', coordinates: [[X, Y], [X + 0.02, Y + 0.03], [X + 0.04, Y + 0.01]] }, props: { widthNm: 1 } },
  stadium: { layer: 'stadium', geometry: { type: 'Point', coordinates: [X + 0.01, Y + 0.01] } },
};
const feature = (name: string): AirspaceFeature => ({ id: name, name, sourceId: 's', ...shapes[name]! }) as AirspaceFeature;

function vertices(g: FeatureGeometry): Position[] {
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'LineString') return g.coordinates;
  return (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).flat(2);
}

/** A point anywhere near the shape, on a vertex, on an edge, or a hair (down to 1e-12°) off an edge. */
function pointNear(g: FeatureGeometry): fc.Arbitrary<FeatureGeometry> {
  const vs = vertices(g);
  const pt = (x: number, y: number): FeatureGeometry => ({ type: 'Point', coordinates: [x, y] });
  const around = fc.tuple(fc.double({ min: -0.05, max: 0.08, noNaN: true }), fc.double({ min: -0.05, max: 0.08, noNaN: true })).map(([dx, dy]) => pt(X + dx, Y + dy));
  const onVertex = fc.nat(vs.length - 1).map((i) => pt(vs[i]![0]!, vs[i]![1]!));
  const off = fc.constantFrom(0, 0, 1e-12, -1e-12, 1e-9, -1e-9, 1e-7, -1e-7, 1e-5);
  const onEdge = fc.tuple(fc.nat(Math.max(0, vs.length - 2)), fc.double({ min: 0, max: 1, noNaN: true }), off, off).map(([i, t, ex, ey]) => {
    const a = vs[i]!, b = vs[Math.min(i + 1, vs.length - 1)]!;
    return pt(a[0]! + t * (b[0]! - a[0]!) + ex, a[1]! + t * (b[1]! - a[1]!) + ey);
  });
  return fc.oneof(around, onVertex, onEdge);
}

function expectSame(input: FeatureGeometry, f: AirspaceFeature, limit: number): void {
  const want = referenceSeparation(input, f);
  const got = separationNm(input, f, limit);
  // Contact is decided exactly as before: 0 where turf said they touch, never 0 where it said they do not.
  expect(got === 0, `${f.id} at ${JSON.stringify(input.coordinates)}: ${got} vs ${want}`).toBe(want === 0);
  if (want <= limit) expect(Math.abs(got - want), `${f.id} at ${JSON.stringify(input.coordinates)}`).toBeLessThanOrEqual(1e-12);
  else expect(got).toBeGreaterThan(limit);
}

describe('separationNm from a point', () => {
  for (const name of Object.keys(shapes)) {
    it(`decides contact and distance as turf and the brute force did: ${name}`, () => {
      const f = feature(name);
      fc.assert(fc.property(pointNear(f.geometry), fc.constantFrom(0, 0.5, 2, Infinity), (p, limit) => expectSame(p, f, limit)), { numRuns: 600 });
    });
  }

  it('calls a point a hair outside the box but on the boundary for turf touching, whatever the limit (fast-check seed 1253294130)', () => {
    const p: FeatureGeometry = { type: 'Point', coordinates: [-122.30000000000001, 47.5] };
    for (const limit of [0, 1e-9, 0.5, Infinity]) expectSame(p, feature('concave'), limit);
    expect(separationNm(p, feature('concave'), 0)).toBe(0);
  });

  it('is right on both sides of a shape cut at the antimeridian, and on the cut itself', () => {
    const cut: AirspaceFeature = {
      id: 'cut',
      name: 'cut',
      sourceId: 's',
      layer: 'sua',
      geometry: { type: 'MultiPolygon', coordinates: [[ring([[179.9, 51], [180, 51], [180, 51.2], [179.9, 51.2]])], [ring([[-180, 51], [-179.9, 51], [-179.9, 51.2], [-180, 51.2]])]] },
    } as AirspaceFeature;
    const lon = fc.oneof(fc.constantFrom(180, -180, 179.9, -179.9, 179.95, -179.95), fc.double({ min: 179.8, max: 180, noNaN: true }), fc.double({ min: -180, max: -179.8, noNaN: true }));
    const lat = fc.oneof(fc.constantFrom(51, 51.2, 51.1, 50.99, 51.21), fc.double({ min: 50.9, max: 51.3, noNaN: true }));
    fc.assert(fc.property(lon, lat, fc.constantFrom(0, 2, Infinity), (x, y, limit) => expectSame({ type: 'Point', coordinates: [x, y] }, cut, limit)), { numRuns: 600 });
    expect(separationNm({ type: 'Point', coordinates: [180, 51.1] }, cut, 2)).toBe(0);
    expect(separationNm({ type: 'Point', coordinates: [-179.95, 51.1] }, cut, 2)).toBe(0);
  });

  it('counts a point in the hole as outside and a point in the overlap of two parts as inside', () => {
    expect(separationNm({ type: 'Point', coordinates: [X + 0.01, Y + 0.01] }, feature('annulus'), 2)).toBeGreaterThan(0.35);
    expect(separationNm({ type: 'Point', coordinates: [X + 0.015, Y + 0.015] }, feature('overlapping'), 2)).toBe(0);
    expect(separationNm({ type: 'Point', coordinates: [X + 0.02, Y + 0.015] }, feature('concave'), 2)).toBeGreaterThan(0);
  });

  it('over the briefing fixture (Seattle, Washington DC): every feature a location briefing looks at, from points anywhere and on boundaries', () => {
    const ds = fixtureDataset();
    const at = fc.constantFrom(BFI, SEA, DCA_VOR);
    const anywhere = fc.tuple(at, fc.double({ min: -0.1, max: 0.1, noNaN: true }), fc.double({ min: -0.1, max: 0.1, noNaN: true })).map(([c, dx, dy]) => [c.lon + dx, c.lat + dy]);
    const onBoundary = fc.tuple(anywhere, fc.nat(), fc.nat(), fc.double({ min: 0, max: 1, noNaN: true })).map(([p, fi, vi, t]) => {
      const near = ds.searchNear({ type: 'Point', coordinates: p }, 2).filter((f) => f.geometry.type !== 'Point');
      if (near.length === 0) return p;
      const vs = vertices(near[fi % near.length]!.geometry);
      const a = vs[vi % vs.length]!, b = vs[Math.min((vi % vs.length) + 1, vs.length - 1)]!;
      return [a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)];
    });
    fc.assert(
      fc.property(fc.oneof(anywhere, onBoundary), (p) => {
        const input: FeatureGeometry = { type: 'Point', coordinates: p };
        for (const f of ds.searchNear(input, 5)) expectSame(input, f, 2);
      }),
      { numRuns: 300 },
    );
  });
});
