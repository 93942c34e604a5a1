/**
 * Density classes of the ground-type surface (spec 2.8: values seen Rural, Sparsely Populated,
 * Suburban, None; Urban and Dense Urban are ours, a real model needs them). The bounds at 5, 500
 * and 5,000 people/km² are those of the population bands of JARUS SORA 2.5 (AMC1 Article 11, Table 1:
 * <5, <50, <500, <5,000, <50,000); the ground-risk operations band the density itself, not the class.
 * docs/ground-risk.md has the table.
 */
import type { DensityClass } from '../../contract/surface';

/** [class, upper bound exclusive, people/km²], in rising order. */
export const DENSITY_CLASSES: ReadonlyArray<readonly [DensityClass, number]> = [
  // Fewer than one person per 100 km²: open water, ice, desert far from any listed place (our choice).
  ['None', 0.01],
  // SORA's "remote" band.
  ['Sparsely Populated', 5],
  // SORA's "lightly populated" and "sparsely populated / residential lightly populated" bands.
  ['Rural', 500],
  // SORA's "suburban / low-density metropolitan" band.
  ['Suburban', 5_000],
  // SORA's "high-density metropolitan" band, split at 15,000 (our choice: about the density of
  // Manhattan, inner Paris or central Barcelona) so the densest cores stand out.
  ['Urban', 15_000],
  ['Dense Urban', Infinity],
];

export function densityClass(popPerSqKm: number): DensityClass {
  for (const [name, below] of DENSITY_CLASSES) if (popPerSqKm < below) return name;
  return 'Dense Urban';
}

/** 1 mi² = 2.589988 km² (exactly 1,609.344 m squared). */
export const SQ_KM_PER_SQ_MI = 2.589988110336;

export const perSqMi = (perSqKm: number) => perSqKm * SQ_KM_PER_SQ_MI;

/** Densities are reported to two decimals below 100 (rural detail), whole people above. */
export function roundDensity(v: number): number {
  return v >= 100 ? Math.round(v) : Math.round(v * 100) / 100;
}
