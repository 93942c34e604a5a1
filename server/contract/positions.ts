/**
 * Live positions of an operation and its conformance events (spec 4.14 "Send Positions", "Get Flight
 * Last Position"; shapes from docs/endpoints.md, decisions in docs/positions.md). Imports only zod.
 */
import { z } from 'zod';
import { DateTimeSchema, envelope } from './common';

/** At most this many positions in one POST /v1/positions (docs/endpoints.md). */
export const MAX_POSITIONS_PER_BATCH = 1000;

export const PositionAltitudeReferenceSchema = z
  .enum(['AGL', 'MSL'])
  .meta({ id: 'PositionAltitudeReference', description: 'AGL (above the ground, the default) or MSL (above mean sea level)' });

export const TelemetryPositionSchema = z
  .object({
    time: DateTimeSchema.describe('When the position was measured, RFC 3339 with an offset; at most one position per time and operation'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    altitude: z.number().min(-2000).max(60_000).describe('Feet; above the ground unless altitudeReference is MSL'),
    altitudeReference: PositionAltitudeReferenceSchema.optional(),
    speed: z.number().min(0).max(1000).optional().describe('Ground speed, metres per second'),
    heading: z.number().min(0).max(360).optional().describe('True track, degrees clockwise from north'),
  })
  .strict()
  .meta({ id: 'TelemetryPosition' });
export type TelemetryPosition = z.infer<typeof TelemetryPositionSchema>;

export const PositionsRequestSchema = z
  .object({
    operationId: z.string().min(1).max(100),
    positions: z
      .array(TelemetryPositionSchema)
      .min(1, `expected 1 to ${MAX_POSITIONS_PER_BATCH} positions`)
      .max(MAX_POSITIONS_PER_BATCH, `expected 1 to ${MAX_POSITIONS_PER_BATCH} positions`)
      .superRefine((list, ctx) => {
        const seen = new Map<number, number>();
        list.forEach((p, i) => {
          const t = Date.parse(p.time);
          const first = seen.get(t);
          if (first !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'time'], message: `duplicate time: the same instant as positions.${first}.time` });
          else seen.set(t, i);
        });
      }),
  })
  .meta({ id: 'PositionsRequest' });
export type PositionsRequest = z.infer<typeof PositionsRequestSchema>;

export const CONFORMANCE_REASONS = ['OUTSIDE_AREA', 'ABOVE_ALTITUDE', 'OUTSIDE_TIME_WINDOW', 'ALTITUDE_UNKNOWN'] as const;
export const ConformanceReasonSchema = z.enum(CONFORMANCE_REASONS).meta({
  id: 'ConformanceReason',
  description:
    'OUTSIDE_AREA: more than the horizontal tolerance outside the operation area; ABOVE_ALTITUDE: above maxAltitude plus the vertical tolerance; ' +
    'OUTSIDE_TIME_WINDOW: before startTime or after endTime beyond the time tolerance; ALTITUDE_UNKNOWN: the altitude could not be compared ' +
    '(the references differ and the terrain model has no coverage there). Tolerances: docs/positions.md.',
});
export type ConformanceReason = z.infer<typeof ConformanceReasonSchema>;

/** A stored position as read back. */
export const StoredPositionSchema = TelemetryPositionSchema.extend({
  altitudeReference: PositionAltitudeReferenceSchema,
  operationId: z.string(),
  receivedDate: DateTimeSchema,
}).meta({ id: 'StoredPosition' });
export type StoredPosition = z.infer<typeof StoredPositionSchema>;

export const ConformanceEventSchema = z
  .object({
    id: z.string(),
    operationId: z.string(),
    reason: ConformanceReasonSchema,
    detail: z.string().describe('What was measured against what, for a person'),
    position: TelemetryPositionSchema.extend({ altitudeReference: PositionAltitudeReferenceSchema }).describe('The first position of the episode (entering the state)'),
    createdDate: DateTimeSchema,
    positionCount: z.number().int().min(1).describe('Positions in the state so far: an event is an episode, never one per position (docs/positions.md)'),
    lastPositionTime: DateTimeSchema.describe('Time of the last position in the state: the drone left it after this (or is still in it)'),
  })
  .meta({ id: 'ConformanceEvent', description: 'An episode: entering a nonconforming state, its last position and how many positions were in it' });
export type ConformanceEvent = z.infer<typeof ConformanceEventSchema>;

export const PositionsResultSchema = envelope(
  z.object({
    accepted: z.number().int().describe('Positions of the batch now stored (a position already stored for the same operation and time counts, and is kept as first sent)'),
    duplicates: z.number().int().describe('Of those, how many were already stored (a re-sent batch)'),
    conformance: z.array(ConformanceEventSchema).describe('Conformance episodes this batch started, oldest first (positions that extend an episode already started are counted in it)'),
  }),
).meta({ id: 'PositionsResult' });

export const LastPositionQuerySchema = z.object({ operationId: z.string().min(1).max(100) });
export const LastPositionResponseSchema = envelope(StoredPositionSchema.nullable().describe('null while no position was sent')).meta({ id: 'LastPositionResponse' });
/** At most this many positions in one page of GET /v1/operations/{id}/positions. */
export const MAX_TRACK_PAGE = 1000;
export const TrackQuerySchema = z
  .object({
    after: DateTimeSchema.optional().describe('Only positions strictly after this instant, RFC 3339 (the nextAfter of the previous page, or the time of the last position you have)'),
    limit: z.coerce.number().int().min(1).max(MAX_TRACK_PAGE).default(MAX_TRACK_PAGE).describe(`page size, 1..${MAX_TRACK_PAGE} (default ${MAX_TRACK_PAGE})`),
  })
  .strict();
export type TrackQuery = z.infer<typeof TrackQuerySchema>;
export const TrackResponseSchema = envelope(
  z.object({
    positions: z.array(StoredPositionSchema).describe('Oldest first, by time'),
    nextAfter: DateTimeSchema.nullable().describe('Pass as after for the next page; null when this page is the last'),
  }),
).meta({ id: 'TrackResponse' });
export type Track = z.infer<typeof TrackResponseSchema>['data'];
export const ConformanceListResponseSchema = envelope(z.array(ConformanceEventSchema).describe('Oldest first')).meta({ id: 'ConformanceList' });

/** The body POSTed to the operation's callbackUrl for each conformance event. */
export const ConformanceCallbackSchema = z
  .object({ event: z.literal('conformance'), operationId: z.string(), reason: ConformanceReasonSchema, position: ConformanceEventSchema.shape.position, eventId: z.string(), detail: z.string() })
  .meta({ id: 'ConformanceCallback' });
export type ConformanceCallback = z.infer<typeof ConformanceCallbackSchema>;
