/**
 * JARUS SORA 2.5 tables the risk operations use (JAR-DEL-SRM-SORA-MB-2.5; EASA AMC1 Article 11):
 * the intrinsic ground risk class from the population band and the UA's size and speed (Table 2 /
 * AMC Table 1), and the SAIL from the final GRC and the residual air risk class (Table 7).
 * Our model gives an intrinsic class only: no mitigation (M1, M2) is credited.
 */
import type { Arc, PopulationBand, Uav } from '../../contract/surface';

/** [band, upper bound exclusive, people/km²]: the rows of the iGRC table. */
export const POPULATION_BANDS: ReadonlyArray<readonly [PopulationBand, number]> = [
  ['remote', 5],
  ['lightly_populated', 50],
  ['sparsely_populated', 500],
  ['suburban', 5_000],
  ['high_density_metropolitan', 50_000],
  ['assemblies_of_people', Infinity],
];

/** Columns: [max characteristic dimension m, max speed m/s]. */
export const UA_COLUMNS: ReadonlyArray<readonly [number, number]> = [[1, 25], [3, 35], [8, 75], [20, 120], [40, 200]];

/** iGRC by band (row) and column; null: not part of SORA (the certified category). */
const IGRC: Readonly<Record<PopulationBand, ReadonlyArray<number | null>>> = {
  remote: [2, 3, 4, 5, 6],
  lightly_populated: [3, 4, 5, 6, 7],
  sparsely_populated: [4, 5, 6, 7, 8],
  suburban: [5, 6, 7, 8, 9],
  high_density_metropolitan: [6, 7, 8, 9, 10],
  assemblies_of_people: [7, 8, null, null, null],
};

/** Without a described UA we assume the first column (a consumer multirotor: ≤ 1 m, ≤ 25 m/s). */
export const DEFAULT_UAV = { maxDimensionM: 1, maxSpeedMps: 25 } as const;

export function populationBand(popPerSqKm: number): PopulationBand {
  for (const [band, below] of POPULATION_BANDS) if (popPerSqKm < below) return band;
  return 'assemblies_of_people';
}

/** The left-most column whose dimension and speed both cover the UA; -1 beyond the table. */
export function uaColumn(uav: Uav = {}): number {
  const dim = uav.maxDimensionM ?? DEFAULT_UAV.maxDimensionM;
  const speed = uav.maxSpeedMps ?? DEFAULT_UAV.maxSpeedMps;
  return UA_COLUMNS.findIndex(([d, s]) => dim <= d && speed <= s);
}

/**
 * Intrinsic ground risk class. A UA of 250 g or less flying at 25 m/s or less has iGRC 1 except over
 * assemblies of people (the table's footnote). null: outside SORA.
 */
export function intrinsicGrc(popPerSqKm: number, uav: Uav = {}): number | null {
  const band = populationBand(popPerSqKm);
  const speed = uav.maxSpeedMps ?? DEFAULT_UAV.maxSpeedMps;
  if (uav.takeoffMassKg !== undefined && uav.takeoffMassKg <= 0.25 && speed <= 25 && band !== 'assemblies_of_people') return 1;
  const col = uaColumn(uav);
  return col < 0 ? null : IGRC[band][col]!;
}

type Sail = 'I' | 'II' | 'III' | 'IV' | 'V' | 'VI';
/** SAIL by final GRC (rows ≤2, 3, 4, 5, 6, 7) and ARC (a, b, c, d). */
const SAIL: ReadonlyArray<readonly [Sail, Sail, Sail, Sail]> = [
  ['I', 'II', 'IV', 'VI'],
  ['II', 'II', 'IV', 'VI'],
  ['III', 'III', 'IV', 'VI'],
  ['IV', 'IV', 'IV', 'VI'],
  ['V', 'V', 'V', 'VI'],
  ['VI', 'VI', 'VI', 'VI'],
];
const ARC_COLUMN: Readonly<Record<Arc, number>> = { 'ARC-a': 0, 'ARC-b': 1, 'ARC-c': 2, 'ARC-d': 3 };

/** SAIL; null when the GRC is above 7 (or unknown), which SORA leaves to the certified category. */
export function sail(grc: number | null, arc: Arc): Sail | null {
  if (grc === null || grc > 7) return null;
  return SAIL[Math.max(grc, 2) - 2]![ARC_COLUMN[arc]]!;
}
