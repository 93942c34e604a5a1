/**
 * Data-change subscribers (spec 4.14 "Data Notification Subscribers"; shapes from docs/endpoints.md,
 * decisions in docs/subscribers.md). Imports only zod.
 */
import { z } from 'zod';
import { DateTimeSchema, envelope, GeometrySchema, MultiPolygonSchema, PolygonSchema } from './common';
import { CallbackUrlSchema } from './operations';
import { SURFACE_LAYER_CODES, SurfaceLayerCodeSchema } from './surface';

/** At most this many subscribers per organization (or per API client or person without one). */
export const MAX_SUBSCRIBERS_PER_OWNER = 100;
/** At most this many changes in one notification; more are sent as several parts. */
export const MAX_CHANGES_PER_NOTIFICATION = 500;

export const SubscriberWriteSchema = z
  .object({
    callbackUrl: CallbackUrlSchema.describe('http(s) address that receives the notifications; private, loopback and link-local addresses are refused'),
    geometry: z.discriminatedUnion('type', [PolygonSchema, MultiPolygonSchema]).describe('The area watched: a Polygon or MultiPolygon (bounding box at most 30 NM a side)'),
    layers: z
      .array(SurfaceLayerCodeSchema)
      .min(1)
      .max(SURFACE_LAYER_CODES.length)
      .refine((l) => new Set(l).size === l.length, 'a layer code is listed twice')
      .optional()
      .describe('Layer codes of spec 4.11 to watch; all of them when left out'),
  })
  .strict()
  .meta({ id: 'SubscriberWrite' });
export type SubscriberWrite = z.infer<typeof SubscriberWriteSchema>;

export const SubscriberSchema = z
  .object({
    id: z.string(),
    callbackUrl: z.string().optional().describe('Only to whoever registered it (it may carry their credentials)'),
    geometry: z.discriminatedUnion('type', [PolygonSchema, MultiPolygonSchema]),
    layers: z.array(z.string()).describe('The layer codes watched (every code when none was given)'),
    createdDate: DateTimeSchema,
    signingKey: z.enum(['client', 'subscriber']).describe("client: X-Signature is keyed with the API client's callback secret; subscriber: with the callbackSecret shown once at creation"),
  })
  .meta({ id: 'Subscriber' });
export type Subscriber = z.infer<typeof SubscriberSchema>;

export const SubscriberCreatedSchema = envelope(
  SubscriberSchema.extend({ callbackSecret: z.string().optional().describe('HMAC key of X-Signature when a person registered it; shown only in this answer') }),
).meta({ id: 'SubscriberCreated' });
export const SubscriberListSchema = envelope(z.array(SubscriberSchema)).meta({ id: 'SubscriberList' });
export const SubscriberIdParamsSchema = z.object({ id: z.string().max(100) });

/** At most this many deliveries in GET /v1/subscribers/{id}/deliveries. */
export const MAX_DELIVERIES_LISTED = 200;
export const SubscriberDeliveryQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(MAX_DELIVERIES_LISTED).default(50).describe(`at most this many, newest first (1..${MAX_DELIVERIES_LISTED}, default 50)`) })
  .strict();
export const SubscriberDeliverySchema = z
  .object({
    id: z.string().describe('also sent as X-Delivery-Id'),
    kind: z.literal('DATA_CHANGE').describe('What the notification reports: a change of the airspace data'),
    datasetVersion: z.string().nullable().describe('The dataset version announced (null if the body could not be read back)'),
    part: z.number().int().nullable(),
    parts: z.number().int().nullable(),
    changes: z.number().int().nullable().describe('How many changes this part carries'),
    state: z.enum(['PENDING', 'DELIVERED', 'FAILED']).describe('FAILED: every attempt failed, no more will be made'),
    attempts: z.number().int(),
    lastError: z.string().nullable().describe('Why the last attempt failed (null while none failed, or after it was delivered)'),
    nextAttemptAt: DateTimeSchema.nullable(),
    createdDate: DateTimeSchema,
    deliveredDate: DateTimeSchema.nullable(),
  })
  .meta({ id: 'SubscriberDelivery' });
export type SubscriberDelivery = z.infer<typeof SubscriberDeliverySchema>;
export const SubscriberDeliveryListSchema = envelope(z.array(SubscriberDeliverySchema).describe('Newest first')).meta({ id: 'SubscriberDeliveryList' });

export const DataChangeSchema = z
  .object({
    layer: z.string().describe('The 4.11 layer code the feature belongs to (a feature in two codes is listed once per code)'),
    id: z.string().describe('The feature id, stable across dataset versions'),
    change: z.enum(['added', 'removed', 'changed']),
    title: z.string(),
    geometry: GeometrySchema.optional().describe('The geometry as the layer serves it (for removed: as it was)'),
  })
  .meta({ id: 'DataChange' });

/** The body POSTed to a subscriber's callbackUrl. part/parts are ours: a large change is split. */
export const DataChangeNotificationSchema = z
  .object({
    subscriberId: z.string(),
    datasetVersion: z.string(),
    previousDatasetVersion: z.string(),
    changes: z.array(DataChangeSchema),
    part: z.number().int(),
    parts: z.number().int(),
  })
  .meta({ id: 'DataChangeNotification' });
export type DataChangeNotification = z.infer<typeof DataChangeNotificationSchema>;
export type DataChange = z.infer<typeof DataChangeSchema>;
