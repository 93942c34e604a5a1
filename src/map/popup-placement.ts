/**
 * Where the map's reading popup opens around the point it reads. MapLibre keeps an anchored popup
 * where it is told: with a plain 'top' or 'bottom' anchor it is centred on the point, so a point near
 * a side of a phone's map put half the popup past the edge (its first words cut off).
 */
export type PopupAnchor = 'top' | 'bottom' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface PopupPlacement {
  anchor: PopupAnchor;
  /** The content's height limit: the popup scrolls within the room on its side of the point. */
  maxHeight: number;
}

// The tip, the content's padding and a margin.
const CHROME_PX = 48;

/**
 * Below a point in the upper half of the map, above one in the lower half (the content arrives after
 * the popup is placed, so MapLibre's own choice, made on the loading state, would not fit); beside the
 * point, towards the middle, when a popup `popupWidth` wide centred on it would cross a side.
 */
export function popupPlacement(x: number, y: number, mapWidth: number, mapHeight: number, popupWidth: number): PopupPlacement {
  const upper = y < mapHeight / 2;
  const half = Math.min(popupWidth, mapWidth) / 2;
  const side = x - half < 0 ? '-left' : x + half > mapWidth ? '-right' : '';
  return {
    anchor: `${upper ? 'top' : 'bottom'}${side}` as PopupAnchor,
    maxHeight: Math.max(96, Math.round((upper ? mapHeight - y : y) - CHROME_PX)),
  };
}
