/**
 * Geometry edges, as an adversary (audit 2026-11-25): every shape of input that overlaps a restriction
 * must brief it RESTRICTED, whatever its winding, parts, holes, vertices on the boundary or -0.
 */
import { describe, expect, it } from 'vitest';
import { Dataset } from '../../data/dataset';
import type { AirspaceFeature, FeatureGeometry } from '../../data/model';
import { briefArea, briefLocation } from '.';

const NOW = new Date('2026-11-25T12:00:00Z');
const sq = (w: number, s: number, e: number, n: number): number[][] => [[w, s], [e, s], [e, n], [w, n], [w, s]];
const prohibited = (id: string, geometry: FeatureGeometry): AirspaceFeature => ({
  id, layer: 'sua', subtype: 'PROHIBITED', name: id, ident: id, sourceId: 'faa:test', geometry, lower: { value: 0, reference: 'SFC' },
});
const ds = new Dataset({
  version: 't', generatedAt: NOW.toISOString(), sources: [],
  features: [
    prohibited('P-SMALL', { type: 'Polygon', coordinates: [sq(-100.001, 40.001, -100.0, 40.002)] }),
    // A ring with a hole: the restriction is the band around the hole.
    prohibited('P-RING', { type: 'Polygon', coordinates: [sq(-101.02, 41.0, -101.0, 41.02), sq(-101.015, 41.005, -101.005, 41.015).reverse()] }),
    prohibited('P-MULTI', { type: 'MultiPolygon', coordinates: [[sq(-102.0, 42.0, -101.99, 42.01)], [sq(-101.95, 42.0, -101.94, 42.01)]] }),
    prohibited('P-ZERO', { type: 'Polygon', coordinates: [sq(-0.01, -0.01, 0.01, 0.01)] }),
    prohibited('P-180', { type: 'MultiPolygon', coordinates: [[sq(179.99, 52.0, 180, 52.01)], [sq(-180, 52.0, -179.99, 52.01)]] }),
  ],
} as never);

const status = (g: FeatureGeometry) => briefArea(ds, g, { now: NOW }).status;
const W = 'NOTICE_STATUS_WARNING';

describe('inputs that overlap a prohibited area', () => {
  it('an area wholly containing it, in either winding, and a MultiPolygon whose second part does', () => {
    const big = sq(-100.01, 39.99, -99.99, 40.01);
    expect(status({ type: 'Polygon', coordinates: [big] })).toBe(W);
    expect(status({ type: 'Polygon', coordinates: [[...big].reverse()] })).toBe(W);
    expect(status({ type: 'MultiPolygon', coordinates: [[sq(-90.01, 39.99, -90, 40)], [big]] })).toBe(W);
  });

  it('an area sharing only an edge or a vertex, and a point on a vertex or an edge', () => {
    expect(status({ type: 'Polygon', coordinates: [sq(-100.0, 40.001, -99.999, 40.002)] })).toBe(W);
    expect(status({ type: 'Polygon', coordinates: [sq(-100.0, 40.002, -99.999, 40.003)] })).toBe(W);
    expect(briefLocation(ds, 40.001, -100.0, { now: NOW }).status).toBe(W);
    expect(briefLocation(ds, 40.0015, -100.0, { now: NOW }).status).toBe(W);
  });

  it('a feature with a hole: a flight straddling the hole edge, but not one wholly in the hole', () => {
    expect(status({ type: 'Polygon', coordinates: [sq(-101.016, 41.009, -101.014, 41.011)] })).toBe(W);
    expect(status({ type: 'Polygon', coordinates: [sq(-101.011, 41.009, -101.009, 41.011)] })).not.toBe(W);
    expect(briefLocation(ds, 41.01, -101.01, { now: NOW }).status).not.toBe(W);
    expect(briefLocation(ds, 41.002, -101.01, { now: NOW }).status).toBe(W);
  });

  it('either part of a MultiPolygon feature', () => {
    expect(briefLocation(ds, 42.005, -101.945, { now: NOW }).status).toBe(W);
    expect(briefLocation(ds, 42.005, -101.995, { now: NOW }).status).toBe(W);
  });

  it('-0 and many decimals at 0°/0°, and a feature cut at 180° from either side', () => {
    expect(briefLocation(ds, -0, -0, { now: NOW }).status).toBe(W);
    expect(briefLocation(ds, 0.000000000000001, -0.009999999999999, { now: NOW }).status).toBe(W);
    expect(briefLocation(ds, 52.005, 179.995, { now: NOW }).status).toBe(W);
    expect(briefLocation(ds, 52.005, -179.995, { now: NOW }).status).toBe(W);
    expect(status({ type: 'Polygon', coordinates: [sq(179.999, 52.004, 180, 52.006)] })).toBe(W);
  });
});
