/**
 * The sprite (the styles' icons) as MapLibre loads it: {name}.json and {name}.png, and @2x variants
 * for high-density screens. Icons are rasterised in code (sprite-icons.ts) and packed in shelves;
 * each sheet is made once per process.
 */
import { PNG } from 'pngjs';
import { rasterise } from './raster';
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
  const width = SHEET_WIDTH * ratio;
  const height = Math.max(...placed.map((p) => (p.y + ICONS[p.name]!.height) * ratio));
  const png = new PNG({ width, height });
  png.data.fill(0);
  const json: Record<string, SpriteEntry> = {};
  for (const { name, x, y } of placed) {
    const img = rasterise(ICONS[name]!, ratio);
    const ox = x * ratio, oy = y * ratio;
    for (let row = 0; row < img.height; row++) {
      const from = row * img.width * 4;
      png.data.set(img.data.subarray(from, from + img.width * 4), ((oy + row) * width + ox) * 4);
    }
    json[name] = { x: ox, y: oy, width: img.width, height: img.height, pixelRatio: ratio };
  }
  return { json, png: PNG.sync.write(png) };
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
