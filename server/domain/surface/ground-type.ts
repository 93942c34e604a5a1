/**
 * Spec 4.12: the population class and density of every H3 cell over a geometry. Pure apart from
 * the lazily built population model; exported for the benchmark as groundType(geometry, resolution).
 */
import type { Geometry } from '../../contract/common';
import type { DensityClass, GroundTypeFeature } from '../../contract/surface';
import { cellPolygon, cellsFor } from './cells';
import { densityClass, roundDensity } from './density';
import { populationModel, type PopulationModel } from './population-model';

export interface CellDensity {
  cell: string;
  popPerSqKm: number;
  density: DensityClass;
}

/** Density of each cell (unrounded popPerSqKm is rounded only for output). */
export function cellDensities(cells: readonly string[], model: PopulationModel = populationModel()): CellDensity[] {
  const values = model.cellDensities(cells);
  return cells.map((cell, i) => ({ cell, popPerSqKm: values[i]!, density: densityClass(values[i]!) }));
}

export function groundTypeFeature(d: CellDensity): GroundTypeFeature {
  return { type: 'Feature', id: d.cell, geometry: cellPolygon(d.cell) as GroundTypeFeature['geometry'], properties: { density: d.density, popPerSqKm: roundDensity(d.popPerSqKm) } };
}

/** One feature per cell: {density, popPerSqKm} (spec 2.8). Throws RequestTooLargeError / InvalidSurfaceValueError. */
export function groundType(geometry: Geometry, resolution: number, model: PopulationModel = populationModel()): GroundTypeFeature[] {
  return cellDensities(cellsFor(geometry, resolution), model).map(groundTypeFeature);
}
