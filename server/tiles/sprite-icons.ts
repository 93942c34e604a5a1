/**
 * The icons of the sprite, drawn as SVG in icon units (1x pixels): chart-like symbols for airports (blue
 * when towered, magenta otherwise, as on sectional charts), heliports, seaplane bases, stadiums, parks,
 * model-aircraft fields, city dots and a red hatch for prohibited and restricted areas. A white rim keeps
 * each one readable on the light and the dark style alike. sprites.ts renders them with resvg.
 */

export interface Icon {
  width: number;
  height: number;
  /** SVG elements in a `0 0 width height` view box; anything outside the box is clipped. */
  svg: string;
}

const WHITE = '#ffffff';
const BLUE = '#1f4fbf';
const MAGENTA = '#a3167f';
const GREEN = '#2f8a3e';
const DARK = '#33333a';

const circle = (cx: number, cy: number, r: number, fill: string) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
const ring = (cx: number, cy: number, r: number, width: number, stroke: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${stroke}" stroke-width="${width}"/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"/>`;
/** A segment with round caps of the given width. */
const segment = (x1: number, y1: number, x2: number, y2: number, width: number, stroke: string) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;
const polygon = (points: ReadonlyArray<readonly [number, number]>, fill: string) => `<polygon points="${points.map((p) => p.join(',')).join(' ')}" fill="${fill}"/>`;
/** Diagonal stripes (x + y a multiple of `period`) that tile seamlessly in a square of `period` units. */
const stripes = (period: number, width: number, stroke: string, opacity: number) =>
  [0, 1, 2]
    .map((k) => `<line x1="${k * period - 2 * period}" y1="${2 * period}" x2="${k * period + 2 * period}" y2="${-2 * period}" stroke="${stroke}" stroke-opacity="${opacity}" stroke-width="${width}"/>`)
    .join('');

/** A runway through a filled disc: the chart's hard-surface airport, simplified. */
function airport(color: string): Icon {
  return { width: 17, height: 17, svg: circle(8.5, 8.5, 7.5, WHITE) + circle(8.5, 8.5, 6.3, color) + segment(5, 12, 12, 5, 2.2, WHITE) };
}

export const ICONS: Record<string, Icon> = {
  'airport-towered': airport(BLUE),
  airport: airport(MAGENTA),
  heliport: {
    width: 17,
    height: 17,
    svg: [circle(8.5, 8.5, 7.5, WHITE), circle(8.5, 8.5, 6.3, MAGENTA), segment(6, 5, 6, 12, 1.6, WHITE), segment(11, 5, 11, 12, 1.6, WHITE), segment(6, 8.5, 11, 8.5, 1.6, WHITE)].join(''),
  },
  seaplane: {
    width: 17,
    height: 17,
    svg: [
      circle(8.5, 8.5, 7.5, WHITE),
      ring(8.5, 8.5, 5.7, 1.6, MAGENTA),
      // An anchor: shank, stock and the two flukes.
      segment(8.5, 4.8, 8.5, 11.8, 1.3, MAGENTA),
      segment(6.5, 6.2, 10.5, 6.2, 1.2, MAGENTA),
      segment(8.5, 11.8, 5.9, 9.6, 1.2, MAGENTA),
      segment(8.5, 11.8, 11.1, 9.6, 1.2, MAGENTA),
    ].join(''),
  },
  stadium: {
    width: 19,
    height: 15,
    svg: ellipse(9.5, 7.5, 9, 6.8, WHITE) + ellipse(9.5, 7.5, 7.8, 5.6, DARK) + ellipse(9.5, 7.5, 4.6, 2.8, '#4caf50'),
  },
  park: {
    width: 15,
    height: 17,
    svg: [
      polygon([[7.5, 0.5], [14.5, 13], [0.5, 13]], WHITE),
      polygon([[7.5, 2.5], [12.6, 11.8], [2.4, 11.8]], GREEN),
      segment(7.5, 12, 7.5, 16, 2.4, WHITE),
      segment(7.5, 12, 7.5, 15.5, 1.2, '#6d4c2f'),
    ].join(''),
  },
  'rc-field': {
    width: 17,
    height: 17,
    svg: [
      circle(8.5, 8.5, 7.5, WHITE),
      circle(8.5, 8.5, 6.3, GREEN),
      // A small aeroplane seen from above: wing, fuselage, tailplane.
      segment(4, 7.5, 13, 7.5, 1.6, WHITE),
      segment(8.5, 4.2, 8.5, 12.8, 1.4, WHITE),
      segment(6.5, 12, 10.5, 12, 1.2, WHITE),
    ].join(''),
  },
  'city-dot': { width: 9, height: 9, svg: circle(4.5, 4.5, 4, WHITE) + circle(4.5, 4.5, 2.6, DARK) },
  capital: { width: 11, height: 11, svg: circle(5.5, 5.5, 5, WHITE) + ring(5.5, 5.5, 3.4, 1.3, DARK) + circle(5.5, 5.5, 1.6, DARK) },
  // A fill pattern: stripes of period 8 tile seamlessly in an 8 by 8 square.
  'hatch-red': { width: 8, height: 8, svg: stripes(8, 1.6, '#d0202a', 0.7) },
};
