/**
 * Contract of Generate Route (POST /v2/route, endpoints.md "Shapes of the 4.14 operations"): field
 * names exactly as endpoints.md gives them; allowControlledAirspace is our extension. docs/route.md.
 */
import { z } from 'zod';
import { NoticeSchema, AuthorizationTypeSchema, NoticeStatusSchema } from './briefing';
import { DateTimeSchema, FlightTypeSchema, LineStringSchema, PositionSchema, envelope } from './common';
import { ROUTE_AVOID_VALUES, ROUTE_MAX_RESOLUTION, ROUTE_MAX_VIA_POINTS, ROUTE_MIN_RESOLUTION } from './route-limits';

export { ROUTE_AVOID_VALUES, ROUTE_CLEARANCE_M, ROUTE_MAX_RESOLUTION, ROUTE_MAX_VIA_POINTS, ROUTE_MIN_RESOLUTION } from './route-limits';

export const RouteRequestSchema = z
  .object({
    geometry: LineStringSchema.extend({ coordinates: z.array(PositionSchema).min(2).max(ROUTE_MAX_VIA_POINTS + 2) }).describe(
      `Start, optional via points (at most ${ROUTE_MAX_VIA_POINTS}), end; the route never crosses the antimeridian (180°)`,
    ),
    maxAltitude: z.number().min(0).max(400).describe('Altitude of the flight in feet AGL, 0 to 400 (14 CFR 107.51(b))'),
    resolution: z.number().int().min(ROUTE_MIN_RESOLUTION).max(ROUTE_MAX_RESOLUTION).optional().describe('H3 resolution of the search; default: the finest whose search region stays within 20,000 cells'),
    flightType: FlightTypeSchema.optional(),
    startTime: DateTimeSchema.optional().describe('RFC 3339 start of the flight window; default: now'),
    endTime: DateTimeSchema.optional().describe('RFC 3339 end of the flight window; default: one hour after startTime'),
    avoid: z.array(z.enum(ROUTE_AVOID_VALUES)).max(ROUTE_AVOID_VALUES.length).optional().describe('population: weigh ground risk eight times as much (docs/route.md)'),
    allowControlledAirspace: z
      .boolean()
      .optional()
      .describe('Our extension. Default false: the route avoids controlled airspace. true: it may enter LAANC-served controlled airspace, and names the facilities whose LAANC authorization it needs'),
  })
  .superRefine((v, ctx) => {
    if (v.startTime !== undefined && v.endTime !== undefined && Date.parse(v.endTime) <= Date.parse(v.startTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
  })
  .meta({ id: 'RouteRequest' });
export type RouteRequest = z.infer<typeof RouteRequestSchema>;

export const RouteFeatureSchema = z
  .object({
    type: z.literal('Feature'),
    geometry: LineStringSchema,
    properties: z.object({
      distanceM: z.number().describe('Length of the route in metres'),
      cells: z.number().int().describe('H3 cells of the least-cost path before smoothing'),
      resolution: z.number().int().describe('Our extension. H3 resolution searched'),
      status: NoticeStatusSchema.optional().describe('Our extension. Status of the briefing of the route'),
      authorizationType: AuthorizationTypeSchema.optional().describe('Our extension. Authorization the route needs'),
      laancFacilities: z.array(z.string()).describe('Our extension. Facilities whose LAANC authorization the route needs (empty unless allowControlledAirspace)'),
      notices: z.array(NoticeSchema).describe('The briefing of the route (its corridor): every notice the route intersects'),
    }),
  })
  .meta({ id: 'RouteFeature' });
export type RouteFeature = z.infer<typeof RouteFeatureSchema>;

export const RouteResponseSchema = envelope(RouteFeatureSchema).meta({ id: 'RouteResponse' });
