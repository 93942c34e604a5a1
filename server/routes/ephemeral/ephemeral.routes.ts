/**
 * Ephemeral operations (spec 2.6, 4.7; endpoints.md): create (claim link), get, delete, claim, and a
 * public preview for the claim page before sign-in. Decisions: docs/operations-laanc.md.
 */
import { ErrorSchema } from '../../contract/common';
import {
  EphemeralClaimResultSchema,
  EphemeralCreateSchema,
  EphemeralCreatedSchema,
  EphemeralIdParamsSchema,
  EphemeralOperationSchema,
  EphemeralPreviewSchema,
} from '../../contract/ephemeral';
import { claimEphemeral, createEphemeral, deleteEphemeral, getEphemeral, previewEphemeral } from '../../services/operations/ephemeral';
import { checkPolygonLimits } from '../../domain/operations/limits';
import { checkCallbackUrl } from '../../services/operations/service';
import { unprocessable } from '../../http/errors';
import { route } from '../../http/route';

const err = (description: string) => ({ description, schema: ErrorSchema });
const tags = ['Ephemeral operations'];

export const ephemeralRoutes = [
  route({
    method: 'post',
    path: '/v1/operations/ephemeral',
    operationId: 'createEphemeralOperation',
    summary: 'Create an ephemeral operation and get its claim link',
    description:
      'Spec 4.7. Validated like 4.3 where the fields match (duration 1..720, maxAltitude 5..400, polygon closed, no holes, at most 10 square miles, ' +
      'no side over 10 NM), answering 422 naming the rule. The link {portal_url}/plan/operations/<id>/claim expires unclaimed after EPHEMERAL_TTL_MINUTES.',
    tags,
    access: 'operation:create',
    body: EphemeralCreateSchema,
    geometryFields: ['boundary'],
    responses: { 200: { description: 'Claim link', schema: EphemeralCreatedSchema }, 400: err('Malformed'), 401: err('No token'), 403: err('Scope missing'), 422: err('Invalid values') },
    handler: async ({ deps, principal, body }) => {
      const bad = checkPolygonLimits(body.boundary);
      if (bad.length) throw unprocessable(bad.map((v) => v.message).join('; '), bad.map((v) => ({ field: 'body.boundary', rule: v.rule, message: v.message, limit: v.limit, actual: v.actual })));
      await checkCallbackUrl(deps, body.callbackUrl);
      const { url } = await createEphemeral(
        deps,
        principal!,
        {
          name: body.name,
          boundary: body.boundary,
          flightType: body.flightType,
          maxAltitude: body.maxAltitude,
          fixedAltitude: body.fixedAltitude,
          callbackUrl: body.callbackUrl ?? null,
          timezone: body.timezoneName,
          startTime: new Date(body.startTime),
          durationMinutes: body.duration,
        },
        'v1',
      );
      return { body: { url } };
    },
  }),
  route({
    method: 'get',
    path: '/v1/operations/ephemeral/{id}',
    operationId: 'getEphemeralOperation',
    summary: 'Get an ephemeral operation',
    description: 'Its creator (and their organization) always; any signed-in person while it is unclaimed; the claimer after. 410 once expired unclaimed.',
    tags,
    access: 'operation:read',
    params: EphemeralIdParamsSchema,
    responses: { 200: { description: 'Ephemeral operation', schema: EphemeralOperationSchema }, 401: err('No token'), 403: err('Scope missing'), 404: err('Unknown'), 410: err('Expired') },
    handler: async ({ deps, principal, params }) => ({ body: await getEphemeral(deps, principal!, params.id) }),
  }),
  route({
    method: 'get',
    path: '/v1/operations/ephemeral/{id}/preview',
    operationId: 'previewEphemeralOperation',
    summary: 'Public preview for the claim page: boundary, name, times only',
    description: 'No token. Ids are random UUIDv4 (122 bits), so only holders of the link can ask. 410 with details.reason CLAIMED or EXPIRED.',
    tags,
    access: 'public',
    params: EphemeralIdParamsSchema,
    responses: { 200: { description: 'Preview', schema: EphemeralPreviewSchema }, 404: err('Unknown'), 410: err('Claimed or expired') },
    handler: async ({ deps, params }) => ({ body: await previewEphemeral(deps, params.id) }),
  }),
  route({
    method: 'delete',
    path: '/v1/operations/ephemeral/{id}',
    operationId: 'deleteEphemeralOperation',
    summary: 'Delete an unclaimed ephemeral operation (its creator)',
    tags,
    access: 'operation:delete',
    params: EphemeralIdParamsSchema,
    responses: { 204: { description: 'Deleted' }, 401: err('No token'), 403: err('Scope missing'), 404: err('Unknown, or not yours'), 409: err('Already claimed') },
    handler: async ({ deps, principal, params }) => {
      await deleteEphemeral(deps, principal!, params.id);
      return { status: 204, body: null };
    },
  }),
  route({
    method: 'post',
    path: '/v1/operations/ephemeral/{id}/claim',
    operationId: 'claimEphemeralOperation',
    summary: 'Claim it: it becomes your platform operation (same id), owned by your organization',
    description: 'A signed-in person only (not an API client). No body. A second claim answers 409; an expired one 410.',
    tags,
    access: 'person',
    params: EphemeralIdParamsSchema,
    responses: {
      200: { description: 'Claimed', schema: EphemeralClaimResultSchema },
      401: err('Not signed in'),
      403: err('Not a person'),
      404: err('Unknown'),
      409: err('Already claimed'),
      410: err('Expired'),
    },
    handler: async ({ deps, principal, params }) => ({ body: await claimEphemeral(deps, principal!, params.id) }),
  }),
];
