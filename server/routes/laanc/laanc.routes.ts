/**
 * LAANC operations and authorizations (spec 2.5, 4.8; endpoints.md). Lifecycle and statuses:
 * server/domain/laanc/state-machine.ts and docs/operations-laanc.md.
 */
import { ErrorSchema } from '../../contract/common';
import {
  AuthorizationEventListQuerySchema,
  AuthorizationEventListSchema,
  AuthorizationListQuerySchema,
  AuthorizationListSchema,
  AuthorizationParamsSchema,
  AuthorizationResultSchema,
  LaancOperationResultSchema,
  LaancOperationWriteSchema,
  RescindedInvalidListSchema,
  SubmitRequestSchema,
  SubmitResultSchema,
} from '../../contract/laanc';
import { OperationIdParamsSchema } from '../../contract/operations';
import {
  authorizationResult,
  createLaanc,
  deleteLaanc,
  getAuthorization,
  getLaanc,
  listAuthorizationEvents,
  listAuthorizations,
  rescindedInvalid,
  updateLaanc,
  visibleAuthorization,
} from '../../services/laanc/service';
import type { AuthorizationAction } from '../../domain/laanc/state-machine';
import { submit } from '../../services/laanc/submit';
import { autoCancelDue, transition } from '../../services/laanc/transitions';
import { route, type RouteSpec } from '../../http/route';

const err = (description: string) => ({ description, schema: ErrorSchema });
const tags = ['LAANC'];
const common = { 401: err('No token'), 403: err('Scope missing'), 404: err('Unknown, or not yours') };

// The whole requested altitude, not the facility map's ceiling: 200 ft over a lower map asks for
// further coordination, which the sandbox FAA then decides (openapi-examples-live.test.ts).
const LAANC_EXAMPLE = {
  license: 'LICENSE_PART_107',
  fixedAltitude: true,
  pointOfContact: { firstName: 'Alice', lastName: 'Pilot', phoneNumber: '+1 206 555 0134', emailAddress: 'pilot@cascade.example' },
};

const operationRoutes = [
  route({
    method: 'get',
    path: '/v1/operations/{id}/laanc',
    operationId: 'getLaancOperation',
    summary: 'Get the LAANC operation: candidates, notices and authorizations',
    description: 'Spec 4.8. Candidates are computed from the current airspace data; those already pending or approved are left out.',
    tags,
    access: 'laanc:read',
    params: OperationIdParamsSchema,
    responses: { 200: { description: 'LAANC operation', schema: LaancOperationResultSchema }, ...common },
    handler: async ({ deps, principal, params }) => ({ body: await getLaanc(deps, principal!, params.id) }),
  }),
  route({
    method: 'post',
    path: '/v1/operations/{id}/laanc',
    operationId: 'createLaancOperation',
    summary: 'Create the LAANC operation of a platform operation',
    tags,
    access: 'laanc:create',
    params: OperationIdParamsSchema,
    body: LaancOperationWriteSchema,
    // A Part 107 pilot: a LAANC operation without a license cannot be submitted (422).
    examples: { request: LAANC_EXAMPLE },
    responses: { 201: { description: 'Created', schema: LaancOperationResultSchema }, 400: err('Malformed'), ...common, 409: err('Already exists'), 422: err('Invalid values') },
    handler: async ({ deps, principal, params, body }) => ({ status: 201, body: await createLaanc(deps, principal!, params.id, body) }),
  }),
  route({
    method: 'put',
    path: '/v1/operations/{id}/laanc',
    operationId: 'updateLaancOperation',
    summary: 'Replace license, fixedAltitude and point of contact',
    description: 'Refused with 409 while an authorization is pending or approved.',
    tags,
    access: 'laanc:update',
    params: OperationIdParamsSchema,
    body: LaancOperationWriteSchema,
    // A Part 107 pilot: a LAANC operation without a license cannot be submitted (422).
    examples: { request: LAANC_EXAMPLE },
    responses: { 200: { description: 'Updated', schema: LaancOperationResultSchema }, 400: err('Malformed'), ...common, 409: err('Active authorizations'), 422: err('Invalid values') },
    handler: async ({ deps, principal, params, body }) => ({ body: await updateLaanc(deps, principal!, params.id, body) }),
  }),
  route({
    method: 'delete',
    path: '/v1/operations/{id}/laanc',
    operationId: 'deleteLaancOperation',
    summary: 'Delete the LAANC operation and its finished authorizations',
    description: 'Refused with 409 while an authorization is pending or approved.',
    tags,
    access: 'laanc:delete',
    params: OperationIdParamsSchema,
    responses: { 204: { description: 'Deleted' }, ...common, 409: err('Active authorizations') },
    handler: async ({ deps, principal, params }) => {
      await deleteLaanc(deps, principal!, params.id);
      return { status: 204, body: null };
    },
  }),
  route({
    method: 'post',
    path: '/v1/operations/{id}/laanc/authorizations',
    operationId: 'submitLaancAuthorizations',
    summary: 'Submit candidates for authorization',
    description:
      'Optional JSON body LaancSubmitRequest {hashCodes?, justification?}. No body (or no hashCodes): every candidate not yet pending or approved. ' +
      'Auto-authorization candidates are approved at once; further coordination (Part 107 only, justification required) becomes STATUS_PENDING. ' +
      '422: a rule is broken (400 ft, 90 days ahead, license, unknown hashCode, blocking notice); 409: already submitted.',
    tags,
    access: 'laanc:create',
    params: OperationIdParamsSchema,
    body: SubmitRequestSchema,
    bodyOptional: true,
    // The justification further coordination needs (the example operation asks 120 ft where the facility map allows less).
    examples: { request: { justification: 'Roof inspection at 120 ft AGL for the building owner; a visual observer stays with the pilot throughout.' } },
    responses: { 200: { description: 'Submitted', schema: SubmitResultSchema }, 400: err('Malformed'), ...common, 409: err('Already submitted'), 415: err('Not JSON'), 422: err('A rule refuses it') },
    handler: async ({ deps, principal, params, body }) => ({ body: await submit(deps, principal!, params.id, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/operations/{id}/laanc/authorizations/{authorizationId}',
    operationId: 'getLaancAuthorization',
    summary: 'Get an authorization (with the reason of an FAA decision)',
    tags,
    access: 'laanc:read',
    params: AuthorizationParamsSchema,
    responses: { 200: { description: 'Authorization', schema: AuthorizationResultSchema }, ...common },
    handler: async ({ deps, principal, params }) => ({ body: await getAuthorization(deps, principal!, params.id, params.authorizationId) }),
  }),
  route({
    method: 'get',
    path: '/v1/laanc/authorizations',
    operationId: 'listLaancAuthorizations',
    summary: 'Authorizations of every operation you may view (e.g. ?status=STATUS_PENDING)',
    description:
      'Ours. Same visibility as GET /v1/operations (pilot: own; operator and API client: their organization). Filters status (one or several, ' +
      'comma-separated) and operationId; by start time, then id; paging with limit/offset. Each item carries its operation (id, name, times, pilot), ' +
      'statusReason and status history.',
    tags,
    access: 'laanc:read',
    query: AuthorizationListQuerySchema,
    responses: { 200: { description: 'Authorizations', schema: AuthorizationListSchema }, 401: err('No token'), 403: err('Scope missing'), 422: err('Invalid query') },
    handler: async ({ deps, principal, query }) => ({ body: await listAuthorizations(deps, principal!, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/laanc/events',
    operationId: 'listLaancAuthorizationEvents',
    summary: 'Status changes of the authorizations you may view, newest first (for notifications)',
    description:
      'Ours. Same visibility as GET /v1/laanc/authorizations. Every submit, FAA decision, pilot action, auto-cancel and invalidation by an ' +
      'airspace data change, with the operation it belongs to. Poll with ?since=<the newest at seen> to get only what is new.',
    tags,
    access: 'laanc:read',
    query: AuthorizationEventListQuerySchema,
    responses: { 200: { description: 'Events', schema: AuthorizationEventListSchema }, 401: err('No token'), 403: err('Scope missing'), 422: err('Invalid query') },
    handler: async ({ deps, principal, query }) => ({ body: await listAuthorizationEvents(deps, principal!, query) }),
  }),
  route({
    method: 'get',
    path: '/v1/laanc/operations/rescinded-invalid',
    operationId: 'listRescindedInvalidOperations',
    summary: 'Operations with rescinded or invalid authorizations awaiting acknowledgement or cancel',
    tags,
    access: 'laanc:read',
    responses: { 200: { description: 'Operations', schema: RescindedInvalidListSchema }, 401: err('No token'), 403: err('Scope missing') },
    handler: async ({ deps, principal }) => ({ body: await rescindedInvalid(deps, principal!) }),
  }),
];

const PILOT_ACTIONS: Array<{ path: string; action: AuthorizationAction; operationId: string; summary: string }> = [
  { path: 'cancel', action: 'cancel', operationId: 'cancelLaancAuthorization', summary: 'Cancel (pending or approved → STATUS_CANCELLED)' },
  { path: 'cancel-invalid', action: 'cancel_invalid', operationId: 'cancelInvalidLaancAuthorization', summary: 'Cancel an invalid one (STATUS_INVALID → STATUS_INVALID_CANCELLED)' },
  { path: 'close', action: 'close', operationId: 'closeLaancAuthorization', summary: 'Close after the flight (STATUS_APPROVED → STATUS_CLOSED)' },
  { path: 'acknowledge-rescinded', action: 'acknowledge_rescinded', operationId: 'acknowledgeRescindedLaancAuthorization', summary: 'Acknowledge a rescinded one (→ STATUS_RESCINDED_ACKNOWLEDGED)' },
];

const actionRoutes: RouteSpec[] = PILOT_ACTIONS.map((a) =>
  route({
    method: 'patch',
    path: `/v1/operations/{id}/laanc/authorizations/{authorizationId}/${a.path}`,
    operationId: a.operationId,
    summary: a.summary,
    description: 'No body. 409 when the current status does not allow it; the message lists what is allowed.',
    tags,
    access: 'laanc:update',
    params: AuthorizationParamsSchema,
    responses: { 200: { description: 'Changed', schema: AuthorizationResultSchema }, ...common, 409: err('Not allowed from the current status') },
    handler: async ({ deps, principal, params }) => {
      const current = await visibleAuthorization(deps, principal!, params.id, params.authorizationId);
      // A pending one whose start has passed is auto-cancelled first (the lazy half of the worker).
      await autoCancelDue(deps, current.operationId);
      const updated = await transition(deps, { authorizationId: current.id, action: a.action, by: principal!.id });
      return { body: await authorizationResult(deps.db, updated) };
    },
  }),
);

export const laancRoutes: RouteSpec[] = [...operationRoutes, ...actionRoutes];
