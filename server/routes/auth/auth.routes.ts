
import { SessionSchema, SignInRequestSchema, TokenRequestSchema, TokenResponseSchema } from '../../contract/auth';
import { ErrorSchema } from '../../contract/common';
import { route } from '../../http/route';
import { issueClientToken, issueUserToken, me, signIn, signOut } from './auth.handlers';

const err = (description: string) => ({ description, schema: ErrorSchema });

export const authRoutes = [
  route({
    method: 'post',
    path: '/v1/oauth/token',
    operationId: 'getOauthToken',
    summary: 'Get OAuth token (client credentials)',
    description: 'Form-encoded or JSON. An optional space-separated `scope` narrows the grant. No refresh token: ask again after `expires`.',
    tags: ['Authorization'],
    access: 'public',
    body: TokenRequestSchema,
    bodyTypes: ['form', 'json'],
    invalidStatus: 400,
    responses: { 200: { description: 'Access token', schema: TokenResponseSchema }, 400: err('Malformed request'), 401: err('Unknown client or wrong secret'), 403: err('Scope not allowed') },
    handler: async ({ deps, body }) => ({ body: await issueClientToken(deps, body) }),
  }),
  route({
    method: 'post',
    path: '/v1/auth/sign-in',
    operationId: 'signIn',
    summary: 'Sign a person in (sets an httpOnly session cookie and a CSRF cookie)',
    tags: ['Account'],
    access: 'public',
    body: SignInRequestSchema,
    responses: { 200: { description: 'Signed in', schema: SessionSchema }, 400: err('Malformed'), 401: err('Wrong email or password'), 422: err('Invalid values') },
    handler: async ({ deps, body, c }) => ({ body: await signIn(deps, c, body) }),
  }),
  route({
    method: 'post',
    path: '/v1/auth/sign-out',
    operationId: 'signOut',
    summary: 'Sign out (ends the session)',
    tags: ['Account'],
    access: 'public',
    responses: { 204: { description: 'Signed out' } },
    handler: async ({ deps, c }) => {
      await signOut(deps, c);
      return { status: 204, body: null };
    },
  }),
  route({
    method: 'get',
    path: '/v1/auth/me',
    operationId: 'me',
    summary: 'Who am I',
    tags: ['Account'],
    access: 'person',
    responses: { 200: { description: 'The signed-in person', schema: SessionSchema }, 401: err('Not signed in') },
    handler: async ({ deps, principal, c }) => ({ body: await me(deps, principal!, c) }),
  }),
  route({
    method: 'post',
    path: '/v1/auth/token',
    operationId: 'personToken',
    summary: "A bearer token for the signed-in person, with the person's scopes",
    tags: ['Account'],
    access: 'person',
    responses: { 200: { description: 'Access token', schema: TokenResponseSchema }, 401: err('Not signed in') },
    handler: async ({ deps, principal }) => ({ body: await issueUserToken(deps, principal!) }),
  }),
];

