/**
 * Glyphs for the styles' labels: signed-distance-field glyph ranges (256 code points each) in the
 * protobuf format MapLibre loads from `glyphs`, made on demand with fontnik (a native module shipped
 * prebuilt in its npm package) from the Open Sans TTFs of @expo-google-fonts/open-sans (SIL OFL 1.1),
 * and cached. Font and range are looked up in fixed tables, never used to build a file path.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { ByteLru } from './lru';

const require = createRequire(import.meta.url);

/** Served font names (lower case) → the TTF in the package. */
const FONTS: Record<string, string> = {
  'open sans regular': '400Regular/OpenSans_400Regular.ttf',
  'open sans italic': '400Regular_Italic/OpenSans_400Regular_Italic.ttf',
  'open sans light': '300Light/OpenSans_300Light.ttf',
  'open sans medium': '500Medium/OpenSans_500Medium.ttf',
  'open sans semibold': '600SemiBold/OpenSans_600SemiBold.ttf',
  'open sans semibold italic': '600SemiBold_Italic/OpenSans_600SemiBold_Italic.ttf',
  'open sans bold': '700Bold/OpenSans_700Bold.ttf',
  'open sans bold italic': '700Bold_Italic/OpenSans_700Bold_Italic.ttf',
  'open sans extrabold': '800ExtraBold/OpenSans_800ExtraBold.ttf',
};

/**
 * Fonts other styles ask for, drawn with the closest served face: the Protomaps basemap styles name
 * Noto Sans, which no npm package ships as TTF here; nothing may be fetched from the internet.
 */
const ALIASES: Record<string, string> = {
  'noto sans regular': 'open sans regular',
  'noto sans medium': 'open sans medium',
  'noto sans italic': 'open sans italic',
  'noto sans bold': 'open sans bold',
};

export const GLYPH_FONTS = [...Object.keys(FONTS), ...Object.keys(ALIASES)];

export type GlyphRangeResult = { ok: true; start: number } | { ok: false; message: string };

/** "0-255", "256-511" ... "65280-65535": a range must be exactly one aligned block of 256. */
export function parseGlyphRange(range: string): GlyphRangeResult {
  const m = /^(\d{1,5})-(\d{1,5})$/.exec(range);
  if (!m) return { ok: false, message: 'range must look like 0-255' };
  const start = Number(m[1]), end = Number(m[2]);
  if (start % 256 !== 0 || end !== start + 255 || end > 65535) return { ok: false, message: 'range must be a block of 256 code points starting at a multiple of 256, at most 65535' };
  return { ok: true, start };
}

export type FontStackResult = { ok: true; font: string } | { ok: false; status: 400 | 404; message: string };

/** The first font of a comma-separated stack that is served ("Open Sans Bold,Arial Unicode MS Regular"). */
export function resolveFontStack(stack: string): FontStackResult {
  if (stack.length > 200 || /[/\\\0]|\.\./.test(stack)) return { ok: false, status: 400, message: 'fontstack is not a list of font names' };
  for (const name of stack.split(',')) {
    const key = name.trim().replace(/\s+/g, ' ').toLowerCase();
    if (Object.hasOwn(FONTS, key)) return { ok: true, font: key };
    if (Object.hasOwn(ALIASES, key)) return { ok: true, font: ALIASES[key]! };
  }
  return { ok: false, status: 404, message: `None of the fonts is served; available: ${GLYPH_FONTS.join(', ')}` };
}

interface Fontnik {
  range(opts: { font: Buffer; start: number; end: number }, cb: (err: Error | null, pbf: Buffer) => void): void;
}

let fontnik: Fontnik | null = null;
const ttfs = new Map<string, Promise<Buffer>>();
const ranges = new ByteLru<Promise<Buffer>>(32 * 1024 * 1024, 4096);

function ttf(font: string): Promise<Buffer> {
  let p = ttfs.get(font);
  if (!p) {
    p = readFile(require.resolve(`@expo-google-fonts/open-sans/${FONTS[font]!}`));
    ttfs.set(font, p);
  }
  return p;
}

async function render(font: string, start: number): Promise<Buffer> {
  // Loaded at first use: the native module is needed only when a map asks for glyphs.
  fontnik ??= require('fontnik') as Fontnik;
  const data = await ttf(font);
  return new Promise((resolve, reject) => {
    fontnik!.range({ font: data, start, end: start + 255 }, (err, pbf) => (err ? reject(err) : resolve(pbf)));
  });
}

/** One glyph range of a served font (see resolveFontStack and parseGlyphRange). */
export function glyphRange(font: string, start: number): Promise<Buffer> {
  const key = `${font}:${start}`;
  const hit = ranges.get(key);
  if (hit) return hit;
  // The promise is cached so concurrent requests for one range share one render.
  const p = render(font, start);
  ranges.set(key, p, 80 * 1024);
  p.then(
    (buf) => ranges.set(key, p, buf.byteLength),
    () => ranges.delete(key), // a failure is not cached: the next request tries again
  );
  return p;
}
