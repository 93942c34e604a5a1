/**
 * Ephemeral operations (spec 2.6, 4.7; domain.md "Ephemeral operations and claim links"). The record
 * returned by Get and the public preview are ours (the spec does not show them): docs/operations-laanc.md.
 * Imports nothing but zod and ./common.
 */
import { z } from 'zod';
import { DateTimeSchema, FlightTypeSchema, PolygonSchema, TimeZoneSchema } from './common';
import { CallbackUrlSchema, PlatformOperationSchema } from './operations';

/** Spec 2.6. Required: boundary, name, maxAltitude, timezoneName, startTime, duration (our choice, as 4.3). */
export const EphemeralCreateSchema = z
  .object({
    boundary: PolygonSchema,
    name: z.string().trim().min(1).max(200),
    flightType: FlightTypeSchema.default('FLIGHT_TYPE_UNSPECIFIED'),
    // Same limits as 4.3 where the fields match (section 8).
    maxAltitude: z.number().int('maxAltitude must be a whole number of feet').min(5, 'maxAltitude must be 5 to 400 ft AGL (spec 4.3 limits)').max(400, 'maxAltitude must be 5 to 400 ft AGL (spec 4.3 limits)'),
    fixedAltitude: z.boolean().default(false),
    callbackUrl: CallbackUrlSchema.optional(),
    timezoneName: TimeZoneSchema,
    startTime: DateTimeSchema,
    duration: z.number().int('duration must be a whole number of minutes').min(1, 'duration must be 1 to 720 minutes (spec 4.3 limits)').max(720, 'duration must be 1 to 720 minutes (spec 4.3 limits)'),
  })
  .strict()
  .meta({ id: 'EphemeralCreate', description: 'Spec 2.6' });
export type EphemeralCreate = z.infer<typeof EphemeralCreateSchema>;

export const EphemeralCreatedSchema = z.object({ url: z.string() }).meta({ id: 'EphemeralCreated', description: 'Spec 4.7: the claim link' });

export const EphemeralStateSchema = z.enum(['UNCLAIMED', 'CLAIMED', 'EXPIRED']).meta({ id: 'EphemeralState' });

export const EphemeralOperationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    boundary: PolygonSchema,
    flightType: FlightTypeSchema,
    maxAltitude: z.number(),
    fixedAltitude: z.boolean(),
    callbackUrl: z.string().optional(),
    callbackSecret: z.string().optional().describe('HMAC key of X-Signature, shown to the person who created it with a callbackUrl'),
    timezoneName: z.string(),
    startTime: DateTimeSchema,
    endTime: DateTimeSchema,
    duration: z.number().int(),
    state: EphemeralStateSchema,
    url: z.string(),
    createdBy: z.string(),
    createdAt: DateTimeSchema,
    expiresAt: DateTimeSchema,
    claimedBy: z.string().nullable(),
    claimedAt: DateTimeSchema.nullable(),
    operationId: z.string().nullable().describe('the platform operation it became (the same id) once claimed'),
  })
  .meta({ id: 'EphemeralOperation' });
export type EphemeralOperation = z.infer<typeof EphemeralOperationSchema>;

/** Public, minimal: what a claim page shows on a map before sign-in. No callbackUrl, no creator. */
export const EphemeralPreviewSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    boundary: PolygonSchema,
    flightType: FlightTypeSchema,
    maxAltitude: z.number(),
    startTime: DateTimeSchema,
    endTime: DateTimeSchema,
    timezoneName: z.string(),
    expiresAt: DateTimeSchema,
    sentBy: z.string().nullable().describe('ours: who made the link, the API client\'s or the person\'s name (null when unknown)'),
    nearestAirport: z
      .object({
        ident: z.string(),
        name: z.string(),
        distanceNm: z.number().describe('from the centre of the area'),
        direction: z.string().nullable().describe('where the area lies seen from the airport (N, NE …); null when on the field'),
        state: z.string().nullable(),
      })
      .nullable()
      .describe('ours: the airport nearest the area within 30 NM, so the claimer knows where it is'),
    nearestPlace: z
      .object({
        name: z.string(),
        region: z.string().nullable().describe('the US state (postal code); null abroad'),
        country: z.string(),
        distanceNm: z.number().describe('from the centre of the area'),
      })
      .nullable()
      .optional()
      .describe('ours: the populated place (GeoNames, 1,000 people or more) nearest the area within 15 NM; absent from deployments that do not send it'),
  })
  .meta({ id: 'EphemeralPreview' });

export const EphemeralClaimResultSchema = z
  .object({ operation: PlatformOperationSchema, fixedAltitude: z.boolean().describe('carry into the LAANC operation the claimer creates') })
  .meta({ id: 'EphemeralClaimResult' });

export const EphemeralIdParamsSchema = z.object({ id: z.string().max(100) });
