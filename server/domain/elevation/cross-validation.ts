/**
 * Measures the airport model by cross-validation: a deterministic tenth of the airports is left out,
 * predicted from the rest, and compared with its published field elevation (docs/elevation.md).
 */
import { AirportElevationModel, type ElevationPoint } from './airport-model';

export interface CrossValidation {
  heldOut: number;
  /** Held-out airports the model had no coverage for (no other airport near enough). */
  uncovered: number;
  medianFt: number;
  p90Ft: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Every tenth point in the given order is held out: deterministic for a given input order. */
export function crossValidate(points: readonly ElevationPoint[], fold = 10): CrossValidation {
  const train: ElevationPoint[] = [];
  const test: ElevationPoint[] = [];
  points.forEach((p, i) => (i % fold === 0 ? test : train).push(p));
  const model = new AirportElevationModel(train);
  const errors: number[] = [];
  let uncovered = 0;
  for (const p of test) {
    const e = model.estimate(p.lon, p.lat).elevationFt;
    if (e === null) uncovered++;
    else errors.push(Math.abs(e - p.elevationFt));
  }
  errors.sort((a, b) => a - b);
  return { heldOut: test.length, uncovered, medianFt: quantile(errors, 0.5), p90Ft: quantile(errors, 0.9) };
}
