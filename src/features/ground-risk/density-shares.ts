import { DENSITY_CLASS_VALUES } from '../../../server/contract/density-classes';
import type { DensityClass, GroundTypeFeature } from '../../../server/contract/surface';

export interface DensityShare {
  density: DensityClass;
  cells: number;
  /** 0 to 1 of the cells. */
  share: number;
}

export interface DensitySummary {
  shares: DensityShare[];
  cells: number;
  /** The class most cells fall in; the denser one on a tie. */
  dominant: DensityClass | null;
  maxPopPerSqKm: number;
}

/**
 * Share of the area in each density class. Cells of one resolution have (nearly) the same area,
 * so the share of cells is the share of the area covered by them.
 */
export function densitySummary(cells: readonly GroundTypeFeature[]): DensitySummary {
  const counts = new Map<DensityClass, number>();
  let max = 0;
  for (const c of cells) {
    counts.set(c.properties.density, (counts.get(c.properties.density) ?? 0) + 1);
    max = Math.max(max, c.properties.popPerSqKm);
  }
  const total = cells.length;
  const shares = DENSITY_CLASS_VALUES.map((density) => ({ density, cells: counts.get(density) ?? 0, share: total ? (counts.get(density) ?? 0) / total : 0 }));
  const dominant = total ? shares.reduce((best, s) => (s.cells >= best.cells ? s : best)).density : null;
  return { shares, cells: total, dominant, maxPopPerSqKm: max };
}

/**
 * Shares in steps of ten: the classes come from a model, and 37 % would claim a precision it does
 * not have. A class with cells never reads 0 %, and none reads 100 % unless it holds every cell.
 */
export function percentText(share: number): string {
  if (share === 0) return '0 %';
  if (share === 1) return 'all';
  if (share < 0.1) return 'under 10 %';
  if (share > 0.9) return 'over 90 %';
  return `about ${Math.round(share * 10) * 10} %`;
}
