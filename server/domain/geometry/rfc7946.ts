/**
 * RFC 7946 for the geometries the service stores and serves (issue 30; docs/dataset-files.md, "Winding and
 * precision"): polygon rings follow the right-hand rule (exterior rings counter-clockwise, holes
 * clockwise: 3.1.6), rewound with @mapbox/geojson-rewind, and positions carry at most 7 decimals (about
 * 1 cm; 11: "precision ... 6 decimal places ... 10 centimeters"). Done once, when a dataset is generated
 * or imported and when a sandbox TFR is published, so every answer made from the data follows it.
 */
import rewind from '@mapbox/geojson-rewind';
import type { Geometry, Position } from 'geojson';

/** Decimal places kept in a position. */
export const COORDINATE_DECIMALS = 7;
const SCALE = 10 ** COORDINATE_DECIMALS;

export function roundCoordinate(n: number): number {
  return Math.round(n * SCALE) / SCALE;
}

function roundPositions(p: unknown): unknown {
  if (typeof p === 'number') return roundCoordinate(p);
  if (Array.isArray(p)) return p.map(roundPositions);
  return p;
}

/** The geometry with its positions rounded to 7 decimals and its rings wound by the right-hand rule (a new object). */
export function rfc7946<G extends Geometry>(g: G): G {
  if (g.type === 'GeometryCollection') return { ...g, geometries: g.geometries.map((x) => rfc7946(x)) };
  const out = { ...g, coordinates: roundPositions((g as { coordinates: Position[] }).coordinates) } as G;
  return rewind(out, false);
}
