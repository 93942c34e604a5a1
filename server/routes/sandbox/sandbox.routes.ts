/**
 * The sandbox FAA (domain.md; endpoints.md "sandbox FAA actions under /v1/sandbox/…"): for people with
 * role faa, on the sandbox profile only: allRoutes(profile) mounts this list only in the sandbox, and each
 * handler also checks deps.config.profile and answers the 404 of an unknown path.
 */
import { ErrorSchema } from '../../contract/common';
import {
  AuthorizationResultSchema,
  SandboxAuthorizationListSchema,
  SandboxDecisionSchema,
  SandboxIdParamsSchema,
  SandboxListQuerySchema,
  SandboxReasonSchema,
  SandboxTfrRequestSchema,
  SandboxTfrResultSchema,
} from '../../contract/laanc';
import { faaDecision, listForFaa, publishTfr } from '../../services/laanc/sandbox';
import type { AppDeps } from '../../deps';
import { ApiError, errorBody, forbidden } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { route, type RouteSpec } from '../../http/route';

const err = (description: string) => ({ description, schema: ErrorSchema });
const tags = ['Sandbox FAA'];
const common = { 401: err('Not signed in'), 403: err('Not the sandbox FAA'), 404: err('Unknown (or not the sandbox profile)') };

/** Production: the same 404 as an unknown path. Sandbox: a person with role faa. */
function guard(deps: AppDeps, p: Principal | null, method: string, path: string): string {
  if (deps.config.profile !== 'sandbox') throw new ApiError(404, errorBody(404, `No such endpoint: ${method} ${path}`).message);
  if (!p || p.kind !== 'user' || !p.roles.includes('faa')) throw forbidden('Sandbox FAA actions need a person with the faa role');
  return p.id;
}

export function sandboxRoutes(): RouteSpec[] {
  const decisions: RouteSpec[] = (['approve', 'deny', 'rescind', 'invalidate'] as const).map((action) =>
    route({
      method: 'post',
      path: `/v1/sandbox/authorizations/{id}/${action}`,
      operationId: `sandbox${action[0]!.toUpperCase()}${action.slice(1)}Authorization`,
      summary: {
        approve: 'Approve further coordination (STATUS_PENDING → STATUS_APPROVED)',
        deny: 'Deny further coordination (STATUS_PENDING → STATUS_DENIED)',
        rescind: 'Rescind an approval (STATUS_APPROVED → STATUS_RESCINDED)',
        invalidate: 'Invalidate an approval after a data change (STATUS_APPROVED → STATUS_INVALID)',
      }[action],
      description: action === 'approve' ? 'Optional body SandboxDecision {reason?}.' : 'Body {reason} (required): it becomes the statusReason the pilot sees.',
      tags,
      access: 'person',
      params: SandboxIdParamsSchema,
      ...(action === 'approve' ? { body: SandboxDecisionSchema, bodyOptional: true } : { body: SandboxReasonSchema }),
      responses: { 200: { description: 'Decided', schema: AuthorizationResultSchema }, 400: err('Malformed'), ...common, 409: err('Not allowed from the current status'), 422: err('Invalid values') },
      handler: async ({ deps, principal, params, body, c }) => {
        const faa = guard(deps, principal, 'POST', c.req.path);
        const reason = (body as { reason?: string }).reason;
        return { body: await faaDecision(deps, faa, params.id, action, reason) };
      },
    }),
  );
  return [
    route({
      method: 'get',
      path: '/v1/sandbox/authorizations',
      operationId: 'sandboxListAuthorizations',
      summary: 'Authorizations of every operation, for the sandbox FAA (e.g. ?status=STATUS_PENDING)',
      tags,
      access: 'person',
      query: SandboxListQuerySchema,
      responses: { 200: { description: 'Authorizations', schema: SandboxAuthorizationListSchema }, ...common, 422: err('Invalid query') },
      handler: async ({ deps, principal, query, c }) => {
        guard(deps, principal, 'GET', c.req.path);
        return { body: await listForFaa(deps, query) };
      },
    }),
    ...decisions,
    route({
      method: 'post',
      path: '/v1/sandbox/tfrs',
      operationId: 'sandboxPublishTfr',
      summary: 'Simulate a new TFR over an area: added to the airspace data; approved authorizations it overlaps become STATUS_INVALID',
      description: 'Held in memory (a new dataset version via an atomic swap); gone after a restart, while the invalidations stay.',
      tags,
      access: 'person',
      body: SandboxTfrRequestSchema,
      geometryFields: ['geometry'],
      responses: { 201: { description: 'Published', schema: SandboxTfrResultSchema }, 400: err('Malformed'), ...common, 422: err('Invalid values') },
      handler: async ({ deps, principal, body, c }) => {
        const faa = guard(deps, principal, 'POST', c.req.path);
        return { status: 201, body: await publishTfr(deps, faa, body) };
      },
    }),
  ];
}
