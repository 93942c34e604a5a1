
import { AuthorizationServerMetadataSchema, SessionSchema, SignInRequestSchema, TokenErrorSchema, TokenRequestSchema, TokenResponseSchema } from '../../contract/auth';
import { ErrorSchema } from '../../contract/common';
import { SCOPES } from '../../contract/scopes';
import { route } from '../../http/route';
import { issueClientToken, issueUserToken, me, signIn, signOut } from './auth.handlers';
import { TOKEN_REPLY_HEADERS, toOAuthError } from './oauth';

const err = (description: string) => ({ description, schema: ErrorSchema });

export const authRoutes = [
  route({
    method: 'get',
    path: '/.well-known/oauth-authorization-server',
    operationId: 'oauthAuthorizationServerMetadata',
    summary: 'OAuth 2.0 authorization server metadata (RFC 8414)',
    description:
      'What an OAuth library discovers (openid-client discovery(), Authlib, ...): the issuer (PUBLIC_URL), the token endpoint, the client-credentials grant, ' +
      'HTTP Basic or body client authentication, and every scope. There is no OpenID Connect: /.well-known/openid-configuration answers 404.',
    tags: ['Authorization'],
    access: 'public',
    responses: { 200: { description: 'The metadata (Cache-Control: public, max-age=3600)', schema: AuthorizationServerMetadataSchema } },
    handler: ({ deps }) => {
      const issuer = deps.config.publicUrl;
      return {
        body: {
          issuer,
          token_endpoint: `${issuer}/v1/oauth/token`,
          grant_types_supported: ['client_credentials'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          scopes_supported: [...SCOPES],
          response_types_supported: [],
          service_documentation: `${issuer}/docs`,
        },
        headers: { 'Cache-Control': 'public, max-age=3600' },
      };
    },
  }),
  route({
    method: 'post',
    path: '/v1/oauth/token',
    operationId: 'getOauthToken',
    summary: 'Get OAuth token (client credentials)',
    description:
      'OAuth 2.0 client credentials (RFC 6749 4.4), form-encoded or JSON; the client authenticates with HTTP Basic (client_secret_basic) or `client_id` and `client_secret` in the body. ' +
      'An optional space-separated `scope` narrows the grant. The reply holds the token twice: `access_token` (RFC 6749 5.1) and `data.accessToken` (the legacy envelope). ' +
      'Errors add RFC 6749 5.2 `error` and `error_description` to the error envelope. No refresh token: ask again before `expires_in` runs out.',
    tags: ['Authorization'],
    access: 'public',
    body: TokenRequestSchema,
    bodyTypes: ['form', 'json'],
    invalidStatus: 400,
    // The sandbox client (README); with HTTP Basic instead, leave client_id and client_secret out.
    examples: { request: { grant_type: 'client_credentials', client_id: 'sandbox-client', client_secret: 'sandbox-secret' } },
    responses: {
      200: { description: 'Access token (Cache-Control: no-store)', schema: TokenResponseSchema },
      400: { description: 'invalid_request, unsupported_grant_type or invalid_scope (unknown scope)', schema: TokenErrorSchema },
      401: { description: 'invalid_client: unknown client or wrong secret (WWW-Authenticate: Basic)', schema: TokenErrorSchema },
      403: { description: 'invalid_scope: a scope the client does not hold', schema: TokenErrorSchema },
      429: { description: 'temporarily_unavailable: too many requests or failures from this address or for this client (Retry-After, RateLimit-* headers)', schema: TokenErrorSchema },
      503: { description: 'temporarily_unavailable: too many passwords or secrets being checked at once (Retry-After)', schema: TokenErrorSchema },
    },
    mapError: toOAuthError,
    handler: async ({ deps, body, c }) => ({ body: await issueClientToken(deps, c, body), headers: TOKEN_REPLY_HEADERS }),
  }),
  route({
    method: 'post',
    path: '/v1/auth/sign-in',
    operationId: 'signIn',
    summary: 'Sign a person in (sets an httpOnly session cookie and a CSRF cookie)',
    description: 'Content-Type application/json is required (415 otherwise), so another site cannot sign a browser in with a form.',
    tags: ['Account'],
    access: 'public',
    body: SignInRequestSchema,
    requireContentType: true,
    sessionCookie: true,
    responses: {
      200: { description: 'Signed in', schema: SessionSchema },
      400: err('Malformed'),
      401: err('Wrong email or password'),
      415: err('Not application/json'),
      422: err('Invalid values'),
      429: err('Too many attempts from this address or failures for this account (Retry-After, RateLimit-* headers)'),
      503: err('Too many passwords or secrets being checked at once (Retry-After)'),
    },
    handler: async ({ deps, body, c }) => ({ body: await signIn(deps, c, body) }),
  }),
  route({
    method: 'post',
    path: '/v1/auth/sign-out',
    operationId: 'signOut',
    summary: 'Sign out (ends the session and every token issued from it)',
    tags: ['Account'],
    access: 'public',
    sessionCookie: true,
    responses: { 204: { description: 'Signed out' }, 403: err('Signed in, but the X-CSRF-Token header is missing or wrong') },
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
    handler: async ({ deps, principal }) => ({ body: await issueUserToken(deps, principal!), headers: TOKEN_REPLY_HEADERS }),
  }),
];

