/**
 * The ground-risk density classes, in order from empty to dense. Pure and without zod, so the portal can
 * list them without loading the contract's schemas (docs/portal-delivery.md); surface.ts builds its schema on it.
 */

/** Spec 2.8 values (None, Sparsely Populated, Rural, Suburban) plus the urban classes of our model. */
export const DENSITY_CLASS_VALUES = ['None', 'Sparsely Populated', 'Rural', 'Suburban', 'Urban', 'Dense Urban'] as const;
