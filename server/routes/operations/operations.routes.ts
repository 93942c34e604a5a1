/**
 * Platform operations (spec 2.4, 4.9; endpoints.md), their callback deliveries (spec 6), and the
 * legacy operation v2 (spec 4.3). Visibility and other decisions: docs/operations-laanc.md.
 */
import { ErrorSchema } from '../../contract/common';
import {
  CallbackDeliveryListSchema,
  CallbackListQuerySchema,
  CallbackListSchema,
  CallbackSigningSecretSchema,
  OperationIdParamsSchema,
  OperationListQuerySchema,
  OperationListSchema,
  OperationSavedSchema,
  OperationWriteSchema,
  PlatformOperationSchema,
} from '../../contract/operations';
import { clientSigningSecret, listCallbacks, listVisibleCallbacks } from '../../services/callbacks/view';
import { createOperation, deleteOperation, listOperations, toPlatformOperation, updateOperation, visibleOperation } from '../../services/operations/service';
import { registerOperationWorkers } from '../../services/operations/workers';
import { route } from '../../http/route';
import { sentAs } from '../../http/response-size';
import { legacyOperationRoutes } from './legacy.routes';

registerOperationWorkers();

const err = (description: string) => ({ description, schema: ErrorSchema });
const tags = ['Platform operations'];

const platformRoutes = [
  route({
    method: 'post',
    path: '/v1/operations',
    operationId: 'createOperation',
    summary: 'Create a platform operation',
    description:
      'Spec 2.4. id, createdBy and createdDate are set by the service. Rules answer 422 naming them: minAltitude <= maxAltitude, endTime > startTime, ' +
      'RFC 3339 UTC times, IANA timezone. callbackUrl receives a signed POST on every authorization status change (spec 6); addresses on private, ' +
      'loopback or link-local networks are refused. When a person sets callbackUrl the answer carries callbackSecret once.',
    tags,
    access: 'operation:create',
    body: OperationWriteSchema,
    geometryFields: ['boundary'],
    responses: { 201: { description: 'Created', schema: OperationSavedSchema }, 400: err('Malformed or wrong types'), 401: err('No token'), 403: err('Scope missing'), 422: err('Invalid values') },
    handler: async ({ deps, principal, body }) => ({ status: 201, body: await createOperation(deps, principal!, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/operations',
    operationId: 'listOperations',
    summary: 'List the platform operations you may view',
    description:
      'Spec 4.9: {operations}. Without limit: every operation you may view (from offset on), streamed; limit is then null. ' +
      'Paging with limit/offset (total and nextOffset tell what is left), filters status (UPCOMING, ACTIVE, ENDED), ' +
      'from/to (overlapping the time range) and bbox, sort by startTime, createdDate or name ("-" for descending).',
    tags,
    access: 'operation:read',
    query: OperationListQuerySchema,
    responses: { 200: { description: 'Operations', schema: OperationListSchema }, 401: err('No token'), 403: err('Scope missing'), 422: err('Invalid query') },
    handler: async ({ deps, principal, query }) => {
      const out = await listOperations(deps, principal!, query);
      return out instanceof Response ? out : { body: sentAs(out) };
    },
  }),
  route({
    method: 'get',
    path: '/v1/operations/{id}',
    operationId: 'getOperation',
    summary: 'Get a platform operation',
    tags,
    access: 'operation:read',
    params: OperationIdParamsSchema,
    responses: { 200: { description: 'The operation', schema: PlatformOperationSchema }, 401: err('No token'), 403: err('Scope missing'), 404: err('Unknown, or not yours') },
    handler: async ({ deps, principal, params }) => ({ body: toPlatformOperation(await visibleOperation(deps, principal!, params.id), principal!) }),
  }),
  route({
    method: 'put',
    path: '/v1/operations/{id}',
    operationId: 'updateOperation',
    summary: 'Replace a platform operation',
    description: 'Same body and rules as create. Refused with 409 while any of its authorizations is pending or approved.',
    tags,
    access: 'operation:update',
    params: OperationIdParamsSchema,
    body: OperationWriteSchema,
    geometryFields: ['boundary'],
    responses: {
      200: { description: 'Updated', schema: OperationSavedSchema },
      400: err('Malformed'),
      401: err('No token'),
      403: err('Scope missing'),
      404: err('Unknown, or not yours'),
      409: err('Active authorizations'),
      422: err('Invalid values'),
    },
    handler: async ({ deps, principal, params, body }) => ({ body: await updateOperation(deps, principal!, params.id, body) }),
  }),
  route({
    method: 'delete',
    path: '/v1/operations/{id}',
    operationId: 'deleteOperation',
    summary: 'Delete a platform operation (and its LAANC operation)',
    description: 'Refused with 409 while any of its authorizations is pending or approved.',
    tags,
    access: 'operation:delete',
    params: OperationIdParamsSchema,
    responses: { 204: { description: 'Deleted' }, 401: err('No token'), 403: err('Scope missing'), 404: err('Unknown, or not yours'), 409: err('Active authorizations') },
    handler: async ({ deps, principal, params }) => {
      await deleteOperation(deps, principal!, params.id);
      return { status: 204, body: null };
    },
  }),
  route({
    method: 'get',
    path: '/v1/operations/{id}/callbacks',
    operationId: 'listOperationCallbacks',
    summary: 'Callback deliveries of an operation, with every attempt',
    description: 'Newest first. state PENDING (will retry at nextAttemptAt), DELIVERED, or FAILED (gave up after the last attempt).',
    tags: ['Callbacks'],
    access: 'operation:read',
    params: OperationIdParamsSchema,
    responses: { 200: { description: 'Deliveries', schema: CallbackDeliveryListSchema }, 401: err('No token'), 403: err('Scope missing'), 404: err('Unknown, or not yours') },
    handler: async ({ deps, principal, params }) => ({ body: await listCallbacks(deps, principal!, params.id) }),
  }),
  route({
    method: 'get',
    path: '/v1/callbacks',
    operationId: 'listCallbacks',
    summary: 'Callback deliveries of every operation you may view (e.g. ?state=failing,dead)',
    description:
      'Ours. Same visibility as GET /v1/operations. state: pending (no attempt yet), failing (an attempt failed, it will retry at nextAttemptAt), ' +
      'dead (gave up: FAILED), delivered; comma-separated for several. Newest first; paging with limit/offset. Each item names its operation; no secrets.',
    tags: ['Callbacks'],
    access: 'operation:read',
    query: CallbackListQuerySchema,
    responses: { 200: { description: 'Deliveries', schema: CallbackListSchema }, 401: err('No token'), 403: err('Scope missing'), 422: err('Invalid query') },
    handler: async ({ deps, principal, query }) => ({ body: await listVisibleCallbacks(deps, principal!, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/callbacks/signing-secret',
    operationId: 'getCallbackSigningSecret',
    summary: "The API client's callback signing secret (X-Signature HMAC key)",
    tags: ['Callbacks'],
    access: ['operation:create', 'operation:read'],
    responses: { 200: { description: 'Secret', schema: CallbackSigningSecretSchema }, 401: err('No token'), 403: err('Not an API client') },
    handler: async ({ deps, principal }) => ({ body: await clientSigningSecret(deps, principal!) }),
  }),
];

export const operationRoutes = [...platformRoutes, ...legacyOperationRoutes];
