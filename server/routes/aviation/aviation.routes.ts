/** Legacy aviation operations: airspace check (spec 4.4) and aviation data (spec 4.6), both deprecated. */
import { AviationQuerySchema, AviationRequestSchema, AviationResponseSchema, CheckAirspaceRequestSchema, CheckAirspaceResponseSchema } from '../../contract/aviation';
import { ErrorSchema } from '../../contract/common';
import { route } from '../../http/route';
import { aviationHandler, checkAirspaceHandler } from './aviation.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });

export const aviationRoutes = [
  route({
    method: 'post',
    path: '/v1/check/airspace',
    operationId: 'checkAirspace',
    summary: 'Check airspace (deprecated)',
    description:
      'controlled / enabled / restricted for a polygon and a time window, from the briefing engine. Restricted airspace answers controlled false, enabled false, restricted true (flights not allowed), the combination the spec documents; see docs/briefing-rules.md.',
    tags: ['Check'],
    access: 'aviation:read',
    deprecated: true,
    body: CheckAirspaceRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'The three booleans in the legacy envelope', schema: CheckAirspaceResponseSchema }, 400: err('Malformed JSON or wrong types'), 401: err('No or bad token'), 403: err('The token lacks the scope'), 422: err('Invalid values (endTime not after startTime, ring not closed)'), 500: err('Server error') },
    handler: ({ deps, body }) => checkAirspaceHandler(deps, body),
  }),
  route({
    method: 'post',
    path: '/v1/aviation',
    operationId: 'aviation',
    summary: 'Aviation data (deprecated)',
    description:
      'Features of the asked types (empty: all) around a geometry whose bounding box has no side over 30 NM. Stadium points are buffered 3 NM; airports lie within ?buffer NM (default 3); airspace_schedule lists part-time controlled airspace regardless of the geometry.',
    tags: ['Aviation'],
    access: 'aviation:read',
    deprecated: true,
    query: AviationQuerySchema,
    body: AviationRequestSchema,
    geometryFields: ['geometry'],
    responses: { 200: { description: 'Features in the legacy envelope', schema: AviationResponseSchema }, 400: err('Malformed JSON or wrong types'), 401: err('No or bad token'), 403: err('The token lacks the scope'), 422: err('Parameter error: unknown type, buffer, or a geometry over 30 NM'), 500: err('Server error') },
    handler: ({ deps, body, query }) => aviationHandler(deps, body, query),
  }),
];
