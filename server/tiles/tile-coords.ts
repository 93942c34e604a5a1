/**
 * Tile addressing in the XYZ scheme (web mercator, y down from the north) that MapLibre requests.
 * Pure helpers; the route validates with parseTileCoord before anything is rendered.
 */

/** Deepest zoom served. MapLibre overzooms past a source's maxzoom, so deeper requests are mistakes. */
export const MAX_TILE_ZOOM = 22;

export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

export type TileCoordResult = { ok: true; tile: TileCoord } | { ok: false; message: string };

const INT = /^(0|[1-9][0-9]{0,7})$/;

/** Strict: decimal integers without signs, leading zeros or exponents, and x, y inside the zoom's grid. */
export function parseTileCoord(z: string, x: string, y: string): TileCoordResult {
  if (!INT.test(z) || !INT.test(x) || !INT.test(y)) return { ok: false, message: 'z, x and y must be non-negative integers' };
  const zi = Number(z), xi = Number(x), yi = Number(y);
  if (zi > MAX_TILE_ZOOM) return { ok: false, message: `z must be 0 to ${MAX_TILE_ZOOM}` };
  const n = 2 ** zi;
  if (xi >= n || yi >= n) return { ok: false, message: `x and y must be 0 to ${n - 1} at zoom ${zi}` };
  return { ok: true, tile: { z: zi, x: xi, y: yi } };
}

/** The tile that holds a point (for tests and samples). */
export function lonLatToTile(lon: number, lat: number, z: number): TileCoord {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { z, x: Math.min(Math.max(x, 0), n - 1), y: Math.min(Math.max(y, 0), n - 1) };
}

/** [west, south, east, north] of a tile in degrees. */
export function tileBBox({ z, x, y }: TileCoord): [number, number, number, number] {
  const n = 2 ** z;
  const lon = (i: number) => (i / n) * 360 - 180;
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n))) * 180) / Math.PI;
  return [lon(x), lat(y + 1), lon(x + 1), lat(y)];
}
