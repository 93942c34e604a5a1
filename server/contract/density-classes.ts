/**
 * The ground-risk density classes, in order from empty to dense, and the H3 resolutions the surface
 * operations serve. Pure and without zod, so the portal can use them without loading the contract's
 * schemas (docs/portal-delivery.md); surface.ts builds its schemas on them.
 */

/** Spec 2.8 values (None, Sparsely Populated, Rural, Suburban) plus the urban classes of our model. */
export const DENSITY_CLASS_VALUES = ['None', 'Sparsely Populated', 'Rural', 'Suburban', 'Urban', 'Dense Urban'] as const;

/** H3 resolutions served: 5 (about 250 km² a cell) to 11 (about 2,000 m² a cell). */
export const MIN_RESOLUTION = 5;
export const MAX_RESOLUTION = 11;
