import type { FlightShape } from './flight-shape';
import type { Position } from './types';

export type ParsedGeoJson = { ok: true; shape: FlightShape } | { ok: false; error: string };

interface Defaults {
  widthM: number;
  radiusM: number;
}

const isPosition = (p: unknown): p is Position =>
  Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number' && Number.isFinite(p[0]) && Number.isFinite(p[1]);

const pos = (p: Position): Position => [p[0], p[1]];

/**
 * Pasted or uploaded GeoJSON → a flight shape: a Polygon, a LineString (a path) or a Point
 * (with `radius` or `width` in metres from the feature's properties, else the current setting).
 * A Geometry, a Feature or the first feature of a FeatureCollection. Rings are kept as given, so
 * an unclosed ring is reported by the limit check instead of being fixed silently.
 */
export function parseGeoJson(text: string, defaults: Defaults): ParsedGeoJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This is not JSON. Paste a GeoJSON Polygon, LineString or Point (or a Feature holding one).' };
  }
  let props: Record<string, unknown> = {};
  let geom = value as { type?: unknown; coordinates?: unknown; geometry?: unknown; features?: unknown; properties?: unknown } | null;
  if (geom?.type === 'FeatureCollection') {
    const first = Array.isArray(geom.features) ? (geom.features[0] as typeof geom) : undefined;
    if (!first) return { ok: false, error: 'The FeatureCollection has no features.' };
    geom = first;
  }
  if (geom?.type === 'Feature') {
    props = (geom.properties as Record<string, unknown> | null) ?? {};
    geom = geom.geometry as typeof geom;
  }
  const num = (k: string) => (typeof props[k] === 'number' && (props[k] as number) > 0 ? (props[k] as number) : undefined);
  const c = geom?.coordinates;
  switch (geom?.type) {
    case 'Polygon': {
      const rings = c as unknown[];
      const ring = Array.isArray(rings) ? rings[0] : undefined;
      if (!Array.isArray(ring) || !ring.every(isPosition)) return { ok: false, error: 'The Polygon has no valid outer ring of [longitude, latitude] positions.' };
      if (rings.length > 1) return { ok: false, error: 'The Polygon has holes (interior rings); only an outer boundary is accepted.' };
      return { ok: true, shape: { kind: 'polygon', ring: ring.map(pos) } };
    }
    case 'LineString': {
      if (!Array.isArray(c) || c.length < 2 || !c.every(isPosition)) return { ok: false, error: 'The LineString needs at least two [longitude, latitude] positions.' };
      return { ok: true, shape: { kind: 'path', line: c.map(pos), widthM: num('width') ?? defaults.widthM } };
    }
    case 'Point': {
      if (!isPosition(c)) return { ok: false, error: 'The Point needs a [longitude, latitude] position.' };
      return { ok: true, shape: { kind: 'point', center: pos(c), radiusM: num('radius') ?? defaults.radiusM } };
    }
    default:
      return { ok: false, error: `A ${String(geom?.type ?? 'value without a type')} cannot be flown; use a Polygon, LineString or Point.` };
  }
}
