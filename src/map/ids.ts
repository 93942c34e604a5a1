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

/** Sources that survive a style swap (theme change): ours and mapbox-gl-draw's. */
export function isOwnSource(id: string): boolean {
  return id.startsWith('plan-') || id.startsWith('mapbox-gl-draw');
}
