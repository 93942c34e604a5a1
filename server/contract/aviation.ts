/**
 * Legacy aviation operations: the airspace check (spec 4.4, 2.8) and aviation data (spec 4.6).
 * Both are deprecated in the spec and answer in the legacy envelope.
 */
import { z } from 'zod';
import { DateTimeSchema, envelope, FeatureSchema, MultiPolygonSchema, PolygonSchema } from './common';
import { QueryGeometrySchema } from './advisory';

export const CheckAirspaceRequestSchema = z
  .object({
    geometry: z.discriminatedUnion('type', [PolygonSchema, MultiPolygonSchema]).describe('The flight area: a Polygon (MultiPolygon tolerated)'),
    startTime: DateTimeSchema.describe('ISO 8601 / RFC 3339 start of the flight'),
    endTime: DateTimeSchema.describe('ISO 8601 / RFC 3339 end of the flight; after startTime'),
    maxAltitude: z.number().min(0).max(400).optional().describe('Our extension: top of the flight in ft AGL (default 400)'),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.endTime) <= Date.parse(v.startTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
  })
  .meta({ id: 'CheckAirspaceRequest', description: 'Spec 4.4' });
export type CheckAirspaceRequest = z.infer<typeof CheckAirspaceRequestSchema>;

export const AirspaceCheckSchema = z
  .object({
    controlled: z.boolean().describe('Air traffic control manages the airspace and its rules apply'),
    enabled: z.boolean().describe('Controlled grids with altitude ceilings are in effect: authorize per the ceilings (LAANC)'),
    restricted: z.boolean().describe('Flights are limited or prohibited, in a time window or permanently'),
  })
  .meta({
    id: 'AirspaceCheck',
    description:
      'Spec 2.8/4.4. Combinations: false/any/false no authorization required; true/true/false authorization under the grid; false/false/true flights not allowed; true/false/false alternative authorization (DroneZone)',
  });
export type AirspaceCheck = z.infer<typeof AirspaceCheckSchema>;

export const CheckAirspaceResponseSchema = envelope(AirspaceCheckSchema).meta({ id: 'CheckAirspaceResponse' });

export const AVIATION_TYPES = [
  'controlled_airspace',
  'uasfm_ceiling',
  'sua',
  'washington_frz',
  'nsufr_pt',
  'nsufr_ft',
  'stadium',
  'airports',
  'airspace_schedule',
  'tfr',
] as const;

export const AviationTypeSchema = z.enum(AVIATION_TYPES).meta({
  id: 'AviationType',
  description:
    'controlled_airspace; uasfm_ceiling (facility-map ceiling); sua (prohibited and restricted); washington_frz; nsufr_pt / nsufr_ft (part-time / full-time national security restriction); stadium (buffered 3 NM); airports (within ?buffer NM); airspace_schedule (part-time controlled airspace schedules, geometry ignored); tfr',
});
export type AviationType = z.infer<typeof AviationTypeSchema>;

export const AviationRequestSchema = z
  .object({
    geometry: QueryGeometrySchema,
    type: z.array(AviationTypeSchema).describe('Zero or more types; an empty list returns all types'),
  })
  .meta({ id: 'AviationRequest', description: 'Spec 4.6' });
export type AviationRequest = z.infer<typeof AviationRequestSchema>;

export const AviationQuerySchema = z.object({
  buffer: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'expected a number of nautical miles')
    .transform(Number)
    .pipe(z.number().max(30, 'at most 30 NM'))
    .optional()
    .describe('Buffer around the geometry for airports, in NM (default 3, at most 30)'),
});
export type AviationQuery = z.infer<typeof AviationQuerySchema>;

export const AviationResponseSchema = envelope(z.array(FeatureSchema)).meta({
  id: 'AviationResponse',
  description: 'Features with properties: aviationType (the type value), id, name, ident, subtype, lower, upper, and per type ceilingFt, laancEnabled, facility, schedule, events, active, distanceNm',
});
export type AviationResponse = z.infer<typeof AviationResponseSchema>;
