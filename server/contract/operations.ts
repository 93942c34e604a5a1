/**
 * Platform operations (spec 2.4, 4.9; endpoints.md), the legacy operation v2 (spec 4.3) and the
 * callback deliveries (spec 6). Imports nothing but zod and ./common: the portal imports it too.
 * Decisions are in docs/operations-laanc.md.
 */
import { z } from 'zod';
import { AUTHORIZATION_STATUSES } from './authorization-status';
import { ALTITUDE_FT, DURATION_MINUTES } from './operation-limits';
import {
  AltitudeReferenceSchema,
  AltitudeUnitSchema,
  DateTimeSchema,
  FlightTypeSchema,
  LineStringSchema,
  PolygonSchema,
  TimeZoneSchema,
  envelope,
} from './common';

/** Spec 2.4: "RFC 3339 UTC". Offsets other than zero are refused so stored and echoed times agree. */
export const UtcDateTimeSchema = DateTimeSchema.refine((s) => /(Z|[+-]00:00)$/i.test(s), {
  message: 'must be an RFC 3339 date-time in UTC (ending in Z), spec 2.4',
});

export const ApprovalProviderSchema = z
  .enum(['APPROVAL_PROVIDER_UNSPECIFIED', 'APPROVAL_PROVIDER_LAANC', 'APPROVAL_PROVIDER_ASTM_UTM'])
  .meta({ id: 'ApprovalProvider' });

/** http(s) only; the address policy (no private/loopback targets) is checked by the service. */
/**
 * A callback address: absolute http(s), no spaces or control characters anywhere (a raw CR/LF or space
 * would be stored and sent as it is; percent-encode them), no fragment (a fragment is never sent to the
 * server, so it could only mislead: docs/operations-laanc.md). Stored normalised, as WHATWG URL writes it
 * (lower-case scheme and host, no default port, percent-encoding), so one address is one string.
 */
export const CallbackUrlSchema = z
  .string()
  .max(2000)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((s) => !/[\u0000-\u0020\u007f-\u009f\s]/u.test(s), 'must not contain spaces or control characters (percent-encode them)')
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an absolute http or https URL')
  .refine((s) => !s.includes('#'), 'must not have a fragment (#...): a fragment is never sent to the server')
  .overwrite((s) => {
    try {
      return new URL(s).href;
    } catch {
      return s;
    }
  });

const AltitudeSchema = z.number().min(-2000).max(100_000);

/** Create and update (PUT) body. Fields the service sets (id, createdBy, createdDate) are not accepted. */
export const OperationWriteSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    /** Defaults to the caller (a person) or the client id; another pilot only of the caller's organization. */
    pilotId: z.string().min(1).max(200).optional(),
    boundary: PolygonSchema,
    minAltitude: AltitudeSchema,
    maxAltitude: AltitudeSchema,
    startTime: UtcDateTimeSchema,
    endTime: UtcDateTimeSchema,
    aircraftId: z.string().max(200).optional(),
    timezone: TimeZoneSchema,
    altitudeUnit: AltitudeUnitSchema.default('ALTITUDE_UNIT_UNSPECIFIED'),
    altitudeReference: AltitudeReferenceSchema.default('ALTITUDE_REFERENCE_UNSPECIFIED'),
    flightType: FlightTypeSchema.default('FLIGHT_TYPE_UNSPECIFIED'),
    authorizationProviders: z.array(ApprovalProviderSchema).max(3).default([]),
    desc: z.string().max(4000).default(''),
    callbackUrl: CallbackUrlSchema.nullable().optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    // Spec 2.4 / section 8: the two cross-field rules, each named.
    if (o.minAltitude > o.maxAltitude) {
      ctx.addIssue({ code: 'custom', path: ['minAltitude'], message: 'minAltitude must be <= maxAltitude (spec 2.4)' });
    }
    if (Date.parse(o.endTime) <= Date.parse(o.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be greater than startTime (spec 2.4)' });
    }
  })
  .meta({ id: 'OperationWrite', description: 'Create or replace a platform operation (spec 2.4)' });
export type OperationWrite = z.infer<typeof OperationWriteSchema>;

/** Spec 2.4, the 17 fields, plus callbackUrl (ours, optional). */
export const PlatformOperationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    pilotId: z.string(),
    boundary: PolygonSchema,
    minAltitude: z.number(),
    maxAltitude: z.number(),
    startTime: DateTimeSchema,
    endTime: DateTimeSchema,
    aircraftId: z.string().optional(),
    timezone: z.string(),
    altitudeUnit: AltitudeUnitSchema,
    altitudeReference: AltitudeReferenceSchema,
    flightType: FlightTypeSchema,
    authorizationProviders: z.array(ApprovalProviderSchema),
    desc: z.string(),
    createdBy: z.string(),
    createdDate: DateTimeSchema,
    callbackUrl: z.string().optional().describe('only to whoever registered it (it may carry their credentials)'),
  })
  .meta({ id: 'PlatformOperation', description: 'Platform operation (spec 2.4)' });
export type PlatformOperation = z.infer<typeof PlatformOperationSchema>;

/** Create/update answer: the operation, and once, the per-operation callback signing secret (people only). */
export const OperationSavedSchema = PlatformOperationSchema.extend({
  callbackSecret: z.string().optional().describe('HMAC key of X-Signature when a person set callbackUrl; shown only in this answer'),
}).meta({ id: 'OperationSaved' });

export const OperationIdParamsSchema = z.object({ id: z.string().max(100) });

export const OperationSortSchema = z.enum(['startTime', '-startTime', 'createdDate', '-createdDate', 'name', '-name']);
export const OperationPhaseSchema = z.enum(['UPCOMING', 'ACTIVE', 'ENDED']).meta({ id: 'OperationPhase' });

const BBoxQuerySchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'bbox is west,south,east,north in degrees')
  .transform((s) => s.split(',').map(Number) as [number, number, number, number])
  .refine(([w, s, e, n]) => w >= -180 && w <= 180 && e >= -180 && e <= 180 && s >= -90 && n <= 90 && s <= n, 'bbox must be south<=north, within -180..180/-90..90')
  .describe('west,south,east,north in degrees; west > east is a box across 180° (RFC 7946 5.2)');

// The store cannot compare text holding a NUL character (PostgreSQL refuses it): a 422, not a 500.
const noNul = (s: string) => !s.includes('\u0000');
const NO_NUL = 'must not contain the NUL character';
const AUTHORIZATION_FILTERS = [...AUTHORIZATION_STATUSES, 'NONE'] as const;
const AuthorizationFilterQuerySchema = z
  .string()
  .transform((v) => v.split(','))
  .pipe(z.array(z.enum(AUTHORIZATION_FILTERS)).min(1).max(AUTHORIZATION_FILTERS.length));

/** GET /v1/operations query: all optional (spec 4.9 lists none), so a bare call lists everything visible. */
export const OperationListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).optional().describe('page size, 1..500; without it every operation you may view (spec 4.9), streamed'),
    offset: z.coerce.number().int().min(0).default(0).describe('rows to skip'),
    status: OperationPhaseSchema.optional().describe('UPCOMING (starts after now), ACTIVE (now within start..end), ENDED (ended by now)'),
    from: UtcDateTimeSchema.optional().describe('only operations ending after this time'),
    to: UtcDateTimeSchema.optional().describe('only operations starting before this time'),
    bbox: BBoxQuerySchema.optional().describe('west,south,east,north: only operations whose boundary bbox intersects it; west > east crosses 180°'),
    sort: OperationSortSchema.default('startTime').describe('field, "-" for descending; ties broken by id'),
    q: z.string().trim().min(1).max(200).refine(noNul, NO_NUL).optional().describe('text the name or description contains (case-insensitive)'),
    flightType: FlightTypeSchema.optional().describe('only this flight type'),
    pilotId: z.string().min(1).max(100).refine(noNul, NO_NUL).optional().describe('only operations this pilot flies'),
    authorization: AuthorizationFilterQuerySchema.optional().describe(
      'ours: only operations with a LAANC authorization in one of these statuses (comma-separated), or NONE for operations without any',
    ),
  })
  .strict();
export type OperationListQuery = z.infer<typeof OperationListQuerySchema>;

export const OperationListSchema = z
  .object({
    operations: z.array(PlatformOperationSchema),
    total: z.number().int(),
    limit: z.number().int().nullable().describe('null: no limit was given and the answer holds every operation from offset on'),
    offset: z.number().int(),
    nextOffset: z.number().int().nullable(),
    authorizationStatuses: z
      .record(z.string(), z.array(z.enum(AUTHORIZATION_STATUSES)))
      // A client reading an older service (without the field) reads "none known".
      .default({})
      .describe('ours: for each listed operation id, the statuses of its LAANC authorizations (absent: none)'),
  })
  .meta({ id: 'OperationList', description: 'Spec 4.9: operations, plus paging fields and authorization statuses (ours)' });

// ---- Legacy operation v2 (spec 4.3, section 8). Every rule answers 400 naming it. ----

const DURATION_TEXT = `duration must be ${DURATION_MINUTES.min} to ${DURATION_MINUTES.max} minutes (spec 4.3)`;
const ALTITUDE_TEXT = `maxAltitude must be ${ALTITUDE_FT.min} to ${ALTITUDE_FT.max} ft AGL (spec 4.3)`;

export const LegacyCategorySchema = z.enum(['faa_107', 'faa_44809']);

export const LegacyOperationPropertiesSchema = z.object({
  operationName: z.string().trim().min(1, 'operationName is required'),
  category: LegacyCategorySchema,
  startTime: z.string().min(1).describe('ISO 8601; without an offset it is local time in timezoneName'),
  timezoneName: TimeZoneSchema,
  duration: z.number().int('duration must be a whole number of minutes').min(DURATION_MINUTES.min, DURATION_TEXT).max(DURATION_MINUTES.max, DURATION_TEXT),
  maxAltitude: z.number().int('maxAltitude must be a whole number of feet').min(ALTITUDE_FT.min, ALTITUDE_TEXT).max(ALTITUDE_FT.max, ALTITUDE_TEXT),
  callbackUrl: CallbackUrlSchema.optional(),
});

export const LegacyOperationRequestSchema = z
  .object({
    type: z.literal('Feature'),
    geometry: z.discriminatedUnion('type', [PolygonSchema, LineStringSchema]),
    properties: LegacyOperationPropertiesSchema,
  })
  .meta({ id: 'LegacyOperationRequest', description: 'Spec 4.3: a GeoJSON Feature (Polygon, or LineString buffered into one)' });

export const LegacyOperationResponseSchema = envelope(z.object({ url: z.string() })).meta({ id: 'LegacyOperationResponse' });

// ---- Callbacks (spec 6) ----

/** The body POSTed to callbackUrl (spec 6). duration is in minutes (our reading, as 2.6). */
export const CallbackBodySchema = z
  .object({
    authId: z.string(),
    authStatus: z.string(),
    authStatusDate: DateTimeSchema,
    startTime: DateTimeSchema,
    duration: z.number(),
    altitude: z.number(),
    atc: z.string(),
  })
  .meta({ id: 'CallbackBody' });
export type CallbackBody = z.infer<typeof CallbackBodySchema>;

export const CallbackAttemptSchema = z.object({
  attempt: z.number().int(),
  at: DateTimeSchema,
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const CallbackDeliverySchema = z
  .object({
    id: z.string().describe('also sent as X-Delivery-Id'),
    authorizationId: z.string(),
    authStatus: z.string(),
    url: z.string().optional().describe('the address called; only to whoever registered it (it may carry their credentials)'),
    state: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
    attempts: z.number().int(),
    nextAttemptAt: DateTimeSchema.nullable(),
    createdAt: DateTimeSchema,
    deliveredAt: DateTimeSchema.nullable(),
    lastError: z.string().nullable(),
    history: z.array(CallbackAttemptSchema),
  })
  .meta({ id: 'CallbackDelivery' });

export const CallbackDeliveryListSchema = z
  .object({
    callbackUrl: z.string().nullable().optional().describe('null: no callback; absent: a callback registered by someone else (only they see it)'),
    signingKey: z.enum(['client', 'operation']).nullable().describe('client: the API client callback secret; operation: a per-operation secret'),
    signingSecret: z.string().optional().describe('the per-operation secret (signingKey operation) or, for the client itself, its callback secret'),
    deliveries: z.array(CallbackDeliverySchema),
  })
  .meta({ id: 'CallbackDeliveryList' });

export const CallbackSigningSecretSchema = z
  .object({ secret: z.string(), header: z.literal('X-Signature'), scheme: z.string() })
  .meta({ id: 'CallbackSigningSecret' });

/**
 * GET /v1/callbacks state filter (ours): pending = waiting for its first attempt; failing = at least one
 * attempt failed and it will retry; dead = gave up (FAILED); delivered. Comma-separated for several.
 */
export const CALLBACK_LIST_STATES = ['pending', 'failing', 'dead', 'delivered'] as const;
export const CallbackListStateSchema = z.enum(CALLBACK_LIST_STATES).meta({ id: 'CallbackListState' });
export type CallbackListState = z.infer<typeof CallbackListStateSchema>;

export const CallbackListQuerySchema = z
  .object({
    state: z
      .string()
      .regex(/^[a-z]+(,[a-z]+)*$/, 'state is one or more of pending, failing, dead, delivered separated by commas')
      .transform((s) => [...new Set(s.split(','))])
      .pipe(z.array(CallbackListStateSchema))
      .optional()
      .describe('pending, failing, dead, delivered, or several separated by commas; default all'),
    limit: z.coerce.number().int().min(1).max(500).default(100).describe('page size, 1..500 (default 100)'),
    offset: z.coerce.number().int().min(0).default(0).describe('rows to skip'),
  })
  .strict();
export type CallbackListQuery = z.infer<typeof CallbackListQuerySchema>;

/** A delivery in the organization-wide list: the delivery plus the operation it reports on. */
export const CallbackListItemSchema = CallbackDeliverySchema.extend({
  operationId: z.string(),
  operationName: z.string(),
}).meta({ id: 'CallbackListItem' });
export type CallbackListItem = z.infer<typeof CallbackListItemSchema>;

export const CallbackListSchema = z
  .object({
    deliveries: z.array(CallbackListItemSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    nextOffset: z.number().int().nullable(),
  })
  .meta({ id: 'CallbackList', description: 'Callback deliveries of the operations the caller may view, newest first (ours)' });
export type CallbackList = z.infer<typeof CallbackListSchema>;
