/**
 * MapLibre's stylesheet without the rules of the controls the portal never adds (a PostCSS plugin the
 * portal's Vite build runs; docs/portal-delivery.md, "What /plan loads"). Of maplibre-gl.css's 72 KB,
 * 40 KB are the MapLibre logo drawn as inline SVG three times (plain, and for forced colours light and
 * dark), and most of the rest the icons of the globe, terrain, fullscreen and compass buttons, each again
 * for forced colours: 10.2 KB gzip, of which 7 KB were rules no element of the portal ever matches.
 *
 * The map (src/map/map-controller.ts) adds the zoom buttons (NavigationControl without its compass),
 * "Locate me" (GeolocateControl), the scale and the compact attribution, and shows popups; it never sets
 * `maplibreLogo`. Their rules, forced colours included, stay as MapLibre wrote them. A selector is dropped
 * only when it names one of UNUSED_CONTROLS; a rule keeps its other selectors. Adding one of these controls
 * means taking it off the list (scripts/maplibre-css.test.ts fails until then).
 */
import type { Plugin, Root } from 'postcss';

/** Class names (after `maplibregl-ctrl-`) of controls the portal does not add. */
export const UNUSED_CONTROLS = ['logo', 'globe', 'terrain', 'fullscreen', 'shrink', 'compass'] as const;

// The class itself or one of its states (`maplibregl-ctrl-globe-enabled`).
const UNUSED = new RegExp(`\\.maplibregl-ctrl-(?:${UNUSED_CONTROLS.join('|')})(?:-[\\w-]+)?(?![\\w-])`);
const MAPLIBRE_CSS = /[\\/]maplibre-gl[\\/]dist[\\/]maplibre-gl\.css$/;

/** Removes, from `root` in place, the selectors that name an unused control (and rules and at-rules left empty). */
export function dropUnusedControls(root: Root): void {
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((s) => !UNUSED.test(s));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes !== undefined && at.nodes.length === 0) at.remove();
  });
}

/** The PostCSS plugin: only MapLibre's own stylesheet is touched. */
export function maplibreCssUnusedControls(): Plugin {
  return {
    postcssPlugin: 'skyplan-maplibre-css-unused-controls',
    Once(root) {
      if (MAPLIBRE_CSS.test(root.source?.input.file ?? '')) dropUnusedControls(root);
    },
  };
}
