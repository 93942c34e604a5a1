/**
 * The sprite (the styles' icons) as MapLibre loads it: {name}.json and {name}.png, and @2x variants
 * for high-density screens. The icons are SVG (sprite-icons.ts), packed in shelves into one SVG sheet
 * that resvg renders at the pixel ratio (docs/libraries.md); each sheet is made once per process.
 */
import { Resvg } from '@resvg/resvg-js';
import { ICONS } from './sprite-icons';

export const SPRITE_NAME = 'skyplan';
/** Width of a shelf row at 1x; icons are at most 19 units wide. */
const SHEET_WIDTH = 64;
const GAP = 1;

export interface SpriteEntry {
  x: number;
  y: number;
  width: number;
  height: number;
  pixelRatio: number;
}

export interface SpriteSheet {
  json: Record<string, SpriteEntry>;
  png: Buffer;
}

export interface SpriteFile {
  name: string;
  ratio: 1 | 2;
  ext: 'json' | 'png';
}

/** "skyplan@2x.png" → its parts; null for anything else (so nothing else can be asked for). */
export function parseSpriteFile(file: string): SpriteFile | null {
  const m = /^([a-z0-9-]{1,40})(@2x)?\.(json|png)$/.exec(file);
  if (!m) return null;
  return { name: m[1]!, ratio: m[2] ? 2 : 1, ext: m[3] as 'json' | 'png' };
}

/** Shelf packing in 1x units: tallest icons first, rows left to right. */
function layout(): Array<{ name: string; x: number; y: number }> {
  const names = Object.keys(ICONS).sort((a, b) => ICONS[b]!.height - ICONS[a]!.height || a.localeCompare(b));
  const out: Array<{ name: string; x: number; y: number }> = [];
  let x = 0, y = 0, rowHeight = 0;
  for (const name of names) {
    const icon = ICONS[name]!;
    if (x > 0 && x + icon.width > SHEET_WIDTH) {
      x = 0;
      y += rowHeight + GAP;
      rowHeight = 0;
    }
    out.push({ name, x, y });
    x += icon.width + GAP;
    rowHeight = Math.max(rowHeight, icon.height);
  }
  return out;
}

function buildSheet(ratio: 1 | 2): SpriteSheet {
  const placed = layout();
  const height = Math.max(...placed.map((p) => p.y + ICONS[p.name]!.height));
  const json: Record<string, SpriteEntry> = {};
  // Each icon in a nested <svg>: its own view box, clipped to its cell (the hatch must tile exactly).
  const cells = placed.map(({ name, x, y }) => {
    const { width: w, height: h, svg } = ICONS[name]!;
    json[name] = { x: x * ratio, y: y * ratio, width: w * ratio, height: h * ratio, pixelRatio: ratio };
    return `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" overflow="hidden">${svg}</svg>`;
  });
  const sheet = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHEET_WIDTH}" height="${height}" viewBox="0 0 ${SHEET_WIDTH} ${height}">${cells.join('')}</svg>`;
  // No text in the icons: loading the system's fonts would only cost time.
  const png = new Resvg(sheet, { fitTo: { mode: 'zoom', value: ratio }, font: { loadSystemFonts: false } }).render().asPng();
  return { json, png };
}

const sheets = new Map<number, SpriteSheet>();

/** The sprite sheet at a pixel ratio, or null for an unknown sprite name. */
export function spriteSheet(name: string, ratio: 1 | 2): SpriteSheet | null {
  if (name !== SPRITE_NAME) return null;
  let s = sheets.get(ratio);
  if (!s) {
    s = buildSheet(ratio);
    sheets.set(ratio, s);
  }
  return s;
}
