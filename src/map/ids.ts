/** Source and layer ids the portal adds on top of the service's style. Draw's own start with "gl-draw". */
export const SOURCE = {
  boundary: 'plan-boundary',
  problems: 'plan-problems',
  highlight: 'plan-highlight',
} as const;

export const LAYER = {
  boundaryFill: 'plan-boundary-fill',
  boundaryLine: 'plan-boundary-line',
  problemLine: 'plan-problem-line',
  problemPoint: 'plan-problem-point',
  highlightFill: 'plan-highlight-fill',
  highlightLine: 'plan-highlight-line',
} as const;

/**
 * The drawn area's colour (issue 32): the airspace's lines are blue, its fills pastel, streets grey and
 * white, imagery green and brown; magenta on a white casing, with a light fill, matches none of them.
 */
export const AREA_COLOUR = '#c026d3';

/** Sources that survive a style swap (theme change): ours and mapbox-gl-draw's. */
export function isOwnSource(id: string): boolean {
  return id.startsWith('plan-') || id.startsWith('mapbox-gl-draw');
}
