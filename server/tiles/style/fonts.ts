/** Font stacks the styles use; each is served from /fonts (see glyphs.ts). */
export const FONT_REGULAR = ['Open Sans Regular'];
export const FONT_SEMIBOLD = ['Open Sans Semibold'];
export const FONT_BOLD = ['Open Sans Bold'];
export const FONT_ITALIC = ['Open Sans Italic'];
