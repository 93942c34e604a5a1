/**
 * The H3 cells a request covers, with the request-size guard of spec 7 (408): the count is
 * estimated from the area first, so an oversized request is refused before any cell is made.
 *
 * - Polygon / MultiPolygon: the cells whose centre lies inside (H3's centre containment); a polygon
 *   smaller than one cell still gets the cells under its vertices, so a small area is never empty.
 * - LineString: every cell the line passes through (sampled every third of an edge length).
 * - Point: the cell that holds it.
 */
import { area, length } from '@turf/turf';
import { roundCoordinate } from '../geometry/rfc7946';
import { geometryProblem } from '../geometry/validity';
import type { Position } from 'geojson';
import { cellToBoundary, getHexagonAreaAvg, getHexagonEdgeLengthAvg, latLngToCell, POLYGON_TO_CELLS_FLAGS, polygonToCells, polygonToCellsExperimental } from 'h3-js';
import { MAX_CELLS } from '../../contract/surface';
import type { Geometry } from '../../contract/common';
import { InvalidSurfaceValueError, RequestTooLargeError } from './errors';

/**
 * Up to this many estimated cells the classic fill is used, past it the newer one. Both return the same
 * centre-contained cells; the newer one is about three times faster at 1,700 cells (resolution 10 over
 * 10 sq mi) but has a fixed cost that makes it four to seven times slower for a few dozen cells (0.3 vs
 * 1.2 ms at resolution 8 over 10 sq mi: most of a groundType request's worker time; docs/perf.md).
 */
export const CLASSIC_FILL_MAX_CELLS = 256;

export const TOO_LARGE_MESSAGE = 'request timed out; reduce the size of the request';

/** Values a schema cannot check: size, self-crossing rings, empty areas (422). */
export function checkGeometry(g: Geometry): void {
  const problem = geometryProblem(g);
  if (problem) throw new InvalidSurfaceValueError(problem, 'geometry');
}

/** Cheap upper estimate of the cell count (no cell is made). */
export function estimateCells(g: Geometry, res: number): number {
  switch (g.type) {
    case 'Point': return 1;
    case 'LineString': return Math.ceil(length({ type: 'Feature', properties: {}, geometry: g }, { units: 'kilometers' }) / getHexagonEdgeLengthAvg(res, 'km')) + 1;
    default: return Math.ceil(area(g) / getHexagonAreaAvg(res, 'm2'));
  }
}

function lineCells(coords: Position[], res: number, out: Set<string>): void {
  const step = getHexagonEdgeLengthAvg(res, 'km') / 3;
  for (let i = 0; i < coords.length; i++) {
    const [lon, lat] = coords[i] as [number, number];
    out.add(latLngToCell(lat, lon, res));
    const next = coords[i + 1];
    if (!next) break;
    const [lon2, lat2] = next as [number, number];
    const km = Math.hypot((lon2 - lon) * 111.2 * Math.cos((((lat + lat2) / 2) * Math.PI) / 180), (lat2 - lat) * 111.2);
    const steps = Math.ceil(km / step);
    for (let s = 1; s < steps; s++) out.add(latLngToCell(lat + ((lat2 - lat) * s) / steps, lon + ((lon2 - lon) * s) / steps, res));
  }
}

/**
 * The cells of a geometry at a resolution. Throws RequestTooLargeError past maxCells (checked on
 * the estimate first, allowing for cells being up to twice the average area in places, then exactly).
 */
export function cellsFor(g: Geometry, res: number, maxCells = MAX_CELLS): string[] {
  checkGeometry(g);
  const estimate = estimateCells(g, res);
  if (estimate > 2 * maxCells) throw new RequestTooLargeError(TOO_LARGE_MESSAGE);
  const out = new Set<string>();
  if (g.type === 'Point') {
    out.add(latLngToCell(g.coordinates[1]!, g.coordinates[0]!, res));
  } else if (g.type === 'LineString') {
    lineCells(g.coordinates, res, out);
  } else {
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    for (const rings of polygons) {
      const cells = fillPolygon(rings, res, estimate);
      if (cells.length === 0) for (const [lon, lat] of rings[0]!) out.add(latLngToCell(lat!, lon!, res));
      for (const c of cells) out.add(c);
      if (out.size > maxCells) break;
    }
  }
  if (out.size > maxCells) throw new RequestTooLargeError(TOO_LARGE_MESSAGE);
  return [...out];
}

/**
 * H3 4.2's newer fill ("experimental" in h3-js) returns the same centre-contained cells as
 * polygonToCells (the tests compare them), faster for many cells, slower for few. The classic fill
 * refuses some degenerate rings at 180° that the newer one takes (H3 error 1): those go to the newer one.
 */
function fillPolygon(rings: Position[][], res: number, estimate: number): string[] {
  if (estimate <= CLASSIC_FILL_MAX_CELLS) {
    try {
      return polygonToCells(rings, res, true);
    } catch {
      // Fall through to the newer fill.
    }
  }
  return polygonToCellsExperimental(rings, res, POLYGON_TO_CELLS_FLAGS.containmentCenter, true);
}

/** The cell's hexagon as a closed GeoJSON ring (counter-clockwise, 7 decimals: RFC 7946, domain/geometry/rfc7946.ts). */
export function cellPolygon(cell: string): { type: 'Polygon'; coordinates: number[][][] } {
  return { type: 'Polygon', coordinates: [cellToBoundary(cell, true).map(([lon, lat]) => [roundCoordinate(lon!), roundCoordinate(lat!)])] };
}
