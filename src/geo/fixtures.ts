/** Frozen shapes for the geometry tests. */
import type { PolygonGeometry, Ring } from './types';

export const square = (west: number, south: number, size: number): PolygonGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});

/** 0.01° at the equator: about 0.6 NM a side, about 0.48 sq mi. */
export const SMALL_SQUARE = Object.freeze(square(0, 0, 0.01));

/** A bow tie: the second and third corners swapped, so two edges cross. */
export const BOW_TIE_RING: Ring = [
  [0, 0],
  [0.01, 0.01],
  [0.01, 0],
  [0, 0.01],
  [0, 0],
];

/** Near Boeing Field (KBFI), Seattle: a small area well inside the limits. */
export const KBFI_AREA = Object.freeze(square(-122.31, 47.525, 0.01));
