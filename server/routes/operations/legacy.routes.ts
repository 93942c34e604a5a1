/**
 * POST /v2/operation (spec 4.3): deprecated, sunset Mon, 01 Sep 2025, replaced by POST
 * /v1/operations/ephemeral (4.7). Sandbox: served with Deprecation, Sunset and a successor Link.
 * Production: 410 Gone pointing to the successor, whatever the body.
 */
import { ErrorSchema } from '../../contract/common';
import { LegacyOperationRequestSchema, LegacyOperationResponseSchema } from '../../contract/operations';
import { LEGACY_HEADERS, checkLegacyContentType, createLegacyOperation } from '../../services/operations/legacy';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';

const err = (description: string) => ({ description, schema: ErrorSchema });

export const legacyOperationRoutes = [
  route({
    method: 'post',
    path: '/v2/operation',
    operationId: 'createOperationV2',
    summary: 'Create an operation (legacy v2, deprecated; removed September 1, 2025; use POST /v1/operations/ephemeral)',
    description:
      'Spec 4.3. A GeoJSON Feature: Polygon (closed, no holes) or LineString (buffered 50 m each side into a Polygon); area at most 10 square miles, ' +
      'no side longer than 10 NM; duration 1..720 minutes; maxAltitude 5..400 ft AGL; category faa_107 (commercial) or faa_44809 (recreational). ' +
      'Creates an unclaimed operation and answers its claim link. Content-Type must be application/json;charset=UTF-8. Every rule answers 400 naming it.',
    tags: ['Platform operations'],
    access: 'operation:create',
    deprecated: true,
    body: LegacyOperationRequestSchema,
    geometryFields: ['geometry'],
    invalidStatus: 400,
    responses: {
      200: { description: 'Claim link', schema: LegacyOperationResponseSchema },
      400: err('Bad request, naming the rule'),
      401: err('No token'),
      403: err('Scope missing'),
      410: err('Removed (production profile)'),
    },
    precheck: (deps) => {
      if (deps.config.profile === 'production') {
        throw new ApiError(410, 'POST /v2/operation was removed on September 1, 2025; use POST /v1/operations/ephemeral', { successor: '/v1/operations/ephemeral' }, LEGACY_HEADERS);
      }
    },
    handler: async ({ deps, principal, body, c }) => {
      checkLegacyContentType(c.req.header('content-type'));
      const data = await createLegacyOperation(deps, principal!, body);
      const out = { statusCode: 200, message: 'success', data };
      LegacyOperationResponseSchema.parse(out); // the app does not check a Response of our own
      // A Response of our own: the app's c.json would drop the charset the spec names.
      return new Response(JSON.stringify(out), { status: 200, headers: { 'Content-Type': 'application/json;charset=UTF-8', ...LEGACY_HEADERS } });
    },
  }),
];
