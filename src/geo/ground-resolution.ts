/**
 * The H3 resolution for a ground-type request over an area: the finest whose hexagons number at
 * most `maxCells`, within what the service serves (5 to 11). Average cell areas are H3's published
 * table (h3geo.org/docs/core-library/restable), so the portal does not ship h3-js for one division.
 */
import { MAX_RESOLUTION as MAX_GROUND_RESOLUTION, MIN_RESOLUTION as MIN_GROUND_RESOLUTION } from '../../server/contract/density-classes';

const HEX_AREA_M2: Record<number, number> = {
  5: 252_903_858,
  6: 36_129_062,
  7: 5_161_293,
  8: 737_327.6,
  9: 105_332.5,
  10: 15_047.5,
  11: 2_149.6,
};

export function groundResolution(areaM2: number, maxCells = 1_000): number {
  for (let res = MAX_GROUND_RESOLUTION; res > MIN_GROUND_RESOLUTION; res--) {
    if (areaM2 / HEX_AREA_M2[res]! <= maxCells) return res;
  }
  return MIN_GROUND_RESOLUTION;
}
