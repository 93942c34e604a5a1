/**
 * The route's limits and clearance (docs/route.md). Pure and without zod, so the portal's plan page can
 * show them without loading the contract's schemas (docs/portal-delivery.md); route.ts builds its schemas on them.
 */

/** Most via points between the first and the last position. */
export const ROUTE_MAX_VIA_POINTS = 8;
/** H3 resolutions a caller may ask for (the service picks one by the route's length otherwise). */
export const ROUTE_MIN_RESOLUTION = 5;
export const ROUTE_MAX_RESOLUTION = 10;
export const ROUTE_AVOID_VALUES = ['population'] as const;
/**
 * Clearance (metres) the route keeps between its centre line and anything it may not enter: half the
 * service's default path width (a LineString flown 50 m each side, LINESTRING_BUFFER_METERS). docs/route.md.
 */
export const ROUTE_CLEARANCE_M = 50;
