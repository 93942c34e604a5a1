/** MapLibre's stylesheet as the portal ships it (scripts/maplibre-css.ts): the map's controls keep every rule. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { maplibreCssUnusedControls, UNUSED_CONTROLS } from './maplibre-css';

const require = createRequire(import.meta.url);
const file = require.resolve('maplibre-gl/dist/maplibre-gl.css');
const original = readFileSync(file, 'utf8');
const shipped = postcss([maplibreCssUnusedControls()]).process(original, { from: file }).css;

/** Every selector of a stylesheet, with the at-rules it sits in (`@media (forced-colors:active) | …`). */
function selectors(css: string): string[] {
  const out: string[] = [];
  postcss.parse(css).walkRules((rule) => {
    const at: string[] = [];
    for (let p = rule.parent; p && p.type === 'atrule'; p = p.parent) at.unshift(`@${(p as import('postcss').AtRule).name} ${(p as import('postcss').AtRule).params}`);
    for (const s of rule.selectors) out.push([...at, s].join(' | '));
  });
  return out;
}

describe("MapLibre's stylesheet without the controls the map never adds", () => {
  const before = selectors(original);
  const after = new Set(selectors(shipped));
  const unused = (s: string) => UNUSED_CONTROLS.some((c) => new RegExp(`\\.maplibregl-ctrl-${c}(?![\\w])`).test(s));

  it('keeps every selector that names none of the unused controls, in its at-rules (forced colours included)', () => {
    const lost = before.filter((s) => !unused(s) && !after.has(s));
    expect(lost).toEqual([]);
    for (const used of ['zoom-in', 'zoom-out', 'geolocate', 'attrib', 'scale']) {
      expect([...after].some((s) => s.includes(`.maplibregl-ctrl-${used}`)), used).toBe(true);
      // The buttons' icons for forced colours (high contrast): the scale has no icon.
      if (used !== 'scale') expect([...after].some((s) => s.includes('forced-colors:active') && s.includes(`.maplibregl-ctrl-${used}`)), used).toBe(true);
    }
    expect([...after].some((s) => s.includes('.maplibregl-popup'))).toBe(true);
  });

  it('drops the logo, globe, terrain, fullscreen and compass rules, most of the bytes', () => {
    expect([...after].filter(unused)).toEqual([]);
    expect(before.filter(unused).length).toBeGreaterThanOrEqual(20);
    expect(shipped.length).toBeLessThan(original.length / 2);
  });

  it('leaves other stylesheets alone', () => {
    const css = '.maplibregl-ctrl-logo{color:red}';
    expect(postcss([maplibreCssUnusedControls()]).process(css, { from: '/x/src/map/draw.css' }).css).toBe(css);
  });

  it('matches what the map adds: none of the unused controls, no logo, no compass (src/map/map-controller.ts)', () => {
    const controller = readFileSync(new URL('../src/map/map-controller.ts', import.meta.url), 'utf8');
    expect(controller).not.toMatch(/FullscreenControl|GlobeControl|TerrainControl|maplibreLogo|LogoControl/);
    expect(controller).toMatch(/new maplibregl\.NavigationControl\(\{ showCompass: false \}\)/);
    // Every control the portal adds is in map-controller.ts (draw's own buttons are hidden: draw-control.ts).
    const elsewhere = readFileSync(new URL('../src/map/display-map.tsx', import.meta.url), 'utf8');
    expect(elsewhere).not.toMatch(/Control\(/);
  });
});
