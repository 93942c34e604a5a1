/**
 * Live positions (spec 4.14 "Send Positions", "Get Flight Last Position QUERY / INFO") and conformance
 * events of an operation (endpoints.md). Tolerances, the flood rule, idempotency and retention: docs/positions.md.
 */
import { ErrorSchema } from '../../contract/common';
import { OperationIdParamsSchema } from '../../contract/operations';
import { ConformanceListResponseSchema, LastPositionQuerySchema, MAX_TRACK_PAGE, TrackQuerySchema, TrackResponseSchema, LastPositionResponseSchema, MAX_POSITIONS_PER_BATCH, PositionsRequestSchema, PositionsResultSchema } from '../../contract/positions';
import { HORIZONTAL_TOLERANCE_M, MODEL_GROUND_MARGIN_FT, TIME_TOLERANCE_S, VERTICAL_TOLERANCE_FT } from '../../domain/conformance/rules';
import { conformanceEvents, ingestPositions, lastPosition, MAX_FUTURE_SKEW_S, track } from '../../services/positions/service';
import { registerPositionWorkers } from '../../services/positions/workers';
import { route } from '../../http/route';
import { RETENTION_DAYS } from '../../store/positions';

registerPositionWorkers();

const err = (description: string) => ({ description, schema: ErrorSchema });
const reads = { 401: err('No token'), 403: err('Scope missing'), 404: err('Unknown operation, or not one you may see') };
const tags = ['Positions'];

export const positionRoutes = [
  route({
    method: 'post',
    path: '/v1/positions',
    operationId: 'sendPositions',
    summary: 'Send telemetry positions of an operation (1 to 1000)',
    description:
      `1 to ${MAX_POSITIONS_PER_BATCH} positions of an operation you may update, stored in one write. Idempotent per operation and time: a position ` +
      `already stored for that instant is kept as first sent (counted in duplicates). Times are RFC 3339 with an offset, each at most once per batch, ` +
      `at most ${MAX_FUTURE_SKEW_S} s ahead of the service's clock. Altitude in feet, AGL unless altitudeReference is MSL. Each position is checked ` +
      `against the operation: more than ${HORIZONTAL_TOLERANCE_M} m outside its area, more than ${VERTICAL_TOLERANCE_FT} ft above its maxAltitude, or ` +
      `more than ${TIME_TOLERANCE_S} s outside its time window raises a conformance event, once per reason per contiguous excursion; it is returned ` +
      `here, listed at GET /v1/operations/{id}/conformance and POSTed to the operation's callbackUrl as {event: "conformance", operationId, reason, position} ` +
      `(signed and retried like authorization callbacks). Where position and operation use different altitude references the ground comes from the ` +
      `terrain model, assumed ${MODEL_GROUND_MARGIN_FT} ft against the pilot. Kept ${RETENTION_DAYS} days after the operation ends.`,
    tags,
    access: 'operation:update',
    body: PositionsRequestSchema,
    responses: {
      200: { description: 'Stored; the conformance events this batch raised', schema: PositionsResultSchema },
      400: err('Malformed JSON or wrong types'),
      ...reads,
      415: err('Content-Type is not application/json'),
      422: err('No positions or too many, a value out of range, a time not RFC 3339, repeated or in the future (the field is named)'),
      429: err('More positions than this caller may send a minute (Retry-After, RateLimit-* headers); nothing of the batch is stored'),
    },
    handler: async ({ deps, principal, body }) => ({ body: await ingestPositions(deps, principal!, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/positions/last',
    operationId: 'getLastPositionQuery',
    summary: 'The last position of an operation, by time (query)',
    description: 'The stored position with the latest time; data is null while none was sent.',
    tags,
    access: 'operation:read',
    query: LastPositionQuerySchema,
    responses: { 200: { description: 'The last position, or null', schema: LastPositionResponseSchema }, ...reads, 422: err('operationId missing') },
    handler: async ({ deps, principal, query }) => ({ body: await lastPosition(deps, principal!, query.operationId) }),
  }),
  route({
    method: 'get',
    path: '/v1/operations/{id}/positions/last',
    operationId: 'getLastPosition',
    summary: 'The last position of an operation, by time',
    description: 'The stored position with the latest time; data is null while none was sent.',
    tags,
    access: 'operation:read',
    params: OperationIdParamsSchema,
    responses: { 200: { description: 'The last position, or null', schema: LastPositionResponseSchema }, ...reads },
    handler: async ({ deps, principal, params }) => ({ body: await lastPosition(deps, principal!, params.id) }),
  }),
  route({
    method: 'get',
    path: '/v1/operations/{id}/positions',
    operationId: 'listPositions',
    summary: "The operation's track: its positions, oldest first, by pages",
    description:
      `Stored positions ordered by time, at most limit (default ${MAX_TRACK_PAGE}) per page. nextAfter is set while another page follows: pass it as after. ` +
      'A live view polls with after set to the time of the last position it has (docs/positions.md "The track").',
    tags,
    access: 'operation:read',
    params: OperationIdParamsSchema,
    query: TrackQuerySchema,
    responses: {
      200: { description: 'A page of positions', schema: TrackResponseSchema },
      400: err('limit not a whole number, or an unknown query parameter'),
      ...reads,
      422: err('limit outside 1..1000, or after not an RFC 3339 time'),
    },
    handler: async ({ deps, principal, params, query }) => ({ body: await track(deps, principal!, params.id, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/operations/{id}/conformance',
    operationId: 'listConformanceEvents',
    summary: "The operation's conformance events, oldest first",
    description: 'Every event raised by its positions (at most 1000), ordered by the position time.',
    tags,
    access: 'operation:read',
    params: OperationIdParamsSchema,
    responses: { 200: { description: 'Events, oldest first', schema: ConformanceListResponseSchema }, ...reads },
    handler: async ({ deps, principal, params }) => ({ body: await conformanceEvents(deps, principal!, params.id) }),
  }),
];
