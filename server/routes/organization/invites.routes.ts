import { SessionSchema } from '../../contract/auth';
import { ErrorSchema } from '../../contract/common';
import {
  CreateInviteRequestSchema,
  InviteCreatedSchema,
  InviteIdParamsSchema,
  InviteJoinedSchema,
  InviteListSchema,
  InvitePreviewSchema,
  InviteSignUpRequestSchema,
  InviteTokenRequestSchema,
} from '../../contract/organization';
import { route } from '../../http/route';
import { createInvite, joinWithInvite, listInvites, previewInvite, revokeInvite, signUpWithInvite } from './invites.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });
const tags = ['Account'];
const spent = { 404: err('No invite with this link'), 410: err('The link was used, revoked or has expired'), 429: err('Too many attempts from this address') };
const operator = { 401: err('No caller'), 403: err('Not an operator of an organization (API clients neither)') };

export const inviteRoutes = [
  route({
    method: 'post',
    path: '/v1/organization/invites',
    operationId: 'createInvite',
    summary: "Create a single-use invite link into the caller's organization (operators)",
    description: 'Role pilot unless asked; expires after expiresInDays (default 7, at most 30). The token is in this reply only.',
    tags,
    access: 'person',
    body: CreateInviteRequestSchema,
    bodyOptional: true,
    responses: { 201: { description: 'Invite created', schema: InviteCreatedSchema }, 400: err('Malformed'), ...operator, 422: err('Invalid values') },
    handler: async ({ deps, principal, body }) => ({ status: 201, body: await createInvite(deps, principal!, body) }),
  }),
  route({
    method: 'get',
    path: '/v1/organization/invites',
    operationId: 'listInvites',
    summary: "The organization's pending invites (operators)",
    tags,
    access: 'person',
    responses: { 200: { description: 'Pending invites, newest first', schema: InviteListSchema }, ...operator },
    handler: async ({ deps, principal }) => ({ body: await listInvites(deps, principal!) }),
  }),
  route({
    method: 'delete',
    path: '/v1/organization/invites/{id}',
    operationId: 'revokeInvite',
    summary: 'Revoke a pending invite (operators); its link then answers 410',
    tags,
    access: 'person',
    params: InviteIdParamsSchema,
    responses: { 204: { description: 'Revoked' }, ...operator, 404: err('No pending invite of the organization with this id'), 422: err('Invalid id') },
    handler: async ({ deps, principal, params }) => {
      await revokeInvite(deps, principal!, params.id);
      return { status: 204, body: null };
    },
  }),
  route({
    method: 'post',
    path: '/v1/invites/preview',
    operationId: 'previewInvite',
    summary: 'Who invites the holder of a link, into which organization',
    description: 'The token is sent in the body (never in a path or query, which logs keep).',
    tags,
    access: 'public',
    body: InviteTokenRequestSchema,
    responses: { 200: { description: 'The invite', schema: InvitePreviewSchema }, 400: err('Malformed'), 422: err('Not an invite token'), ...spent },
    handler: async ({ deps, body, c }) => ({ body: await previewInvite(deps, c, body.token) }),
  }),
  route({
    method: 'post',
    path: '/v1/invites/sign-up',
    operationId: 'signUpWithInvite',
    summary: "Create an account in the invite's organization with the link, and sign in",
    description: 'Content-Type application/json is required (415 otherwise). Password: 10 to 200 characters. The link is then spent.',
    tags,
    access: 'public',
    body: InviteSignUpRequestSchema,
    requireContentType: true,
    sessionCookie: true,
    examples: { request: { name: 'Jordan Newmember', email: 'jordan@cascade.example', password: 'correct-horse-battery', token: 'Zm9yLWV4YW1wbGUtb25seS1ub3QtYS1yZWFsLWxpbms' } },
    responses: {
      201: { description: 'Account created; signed in', schema: SessionSchema },
      400: err('Malformed'),
      409: err('The email is taken'),
      415: err('Not application/json'),
      422: err('Invalid values (the message names the field)'),
      ...spent,
      503: err('Too many passwords or secrets being checked at once (Retry-After)'),
    },
    handler: async ({ deps, body, c }) => ({ status: 201, body: await signUpWithInvite(deps, c, body) }),
  }),
  route({
    method: 'post',
    path: '/v1/invites/accept',
    operationId: 'acceptInvite',
    summary: "The signed-in person joins the invite's organization",
    description: 'One organization per person: someone already in one is refused with 409 and the link stays usable.',
    tags,
    access: 'person',
    body: InviteTokenRequestSchema,
    responses: {
      200: { description: 'Joined', schema: InviteJoinedSchema },
      400: err('Malformed'),
      401: err('Not signed in'),
      403: err('An API client, or the sandbox FAA'),
      409: err('Already a member of an organization'),
      422: err('Not an invite token'),
      ...spent,
    },
    handler: async ({ deps, principal, body, c }) => ({ body: await joinWithInvite(deps, c, principal!, body.token) }),
  }),
];
