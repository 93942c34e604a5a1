/** Authentication: OAuth client credentials (domain.md) and people's sign-in (endpoints.md). */
import { z } from 'zod';
import { envelope, ErrorSchema } from './common';

/**
 * Client credentials (RFC 6749 4.4). The client authenticates in the body (client_secret_post) or with
 * HTTP Basic (client_secret_basic), in which case client_id and client_secret are left out here.
 */
export const TokenRequestSchema = z
  .object({
    // A string, not a literal, so that another grant type is told apart from a missing one
    // (unsupported_grant_type, not invalid_request); the document still names the one value.
    grant_type: z.string().min(1).max(100).meta({ enum: ['client_credentials'], description: 'client_credentials, the only grant' }),
    client_id: z.string().min(1).max(200).optional(),
    client_secret: z.string().min(1).max(500).optional(),
    scope: z.string().max(2000).optional().meta({ description: 'Space-separated scopes narrowing the grant (default: every scope of the client)' }),
  })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/**
 * The provider's legacy envelope (domain.md: `data.accessToken`, `data.expires`). This service adds RFC
 * 6749 5.1's fields beside it at the top level, so that standard OAuth clients read it too.
 */
export const LegacyTokenResponseSchema = envelope(
  z.object({ accessToken: z.string(), expires: z.iso.datetime({ offset: true }), scope: z.string().optional(), tokenType: z.literal('Bearer').optional() }),
);

/** What this service answers. Other deployments of the interface may send only the legacy part. */
export const TokenResponseSchema = LegacyTokenResponseSchema.extend({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().nonnegative().meta({ description: 'Seconds until the token expires' }),
  scope: z.string().meta({ description: 'Granted scopes, space-separated' }),
}).meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** RFC 6749 5.2 error codes the token endpoint answers with, and 4.1.2.1's temporarily_unavailable for a 429 or 503. */
export const OAuthErrorCodeSchema = z.enum(['invalid_request', 'invalid_client', 'invalid_scope', 'unsupported_grant_type', 'temporarily_unavailable']);
export type OAuthErrorCode = z.infer<typeof OAuthErrorCodeSchema>;

/** RFC 8414 authorization server metadata (/.well-known/oauth-authorization-server): what OAuth libraries discover. */
export const AuthorizationServerMetadataSchema = z
  .object({
    issuer: z.string().describe("The service's public URL (PUBLIC_URL), as a client must have asked for it"),
    token_endpoint: z.string(),
    grant_types_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()).describe('Empty: there is no authorization endpoint (client credentials only)'),
    service_documentation: z.string().optional(),
  })
  .meta({ id: 'AuthorizationServerMetadata' });
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadataSchema>;

/** The error envelope with RFC 6749 5.2's `error` and `error_description` added. */
export const TokenErrorSchema = ErrorSchema.extend({ error: OAuthErrorCodeSchema, error_description: z.string() }).meta({ id: 'TokenError' });

export const RoleSchema = z.enum(['pilot', 'operator', 'faa']).meta({ id: 'Role', description: 'pilot; operator of an organization; sandbox FAA' });
export type Role = z.infer<typeof RoleSchema>;

export const SignInRequestSchema = z
  .object({ email: z.string().email().max(320), password: z.string().min(1).max(500) })
  .meta({ id: 'SignInRequest' });

/**
 * A new account's password (sign-up, invites; docs/auth.md): 10 to 200 characters, kept as a scrypt hash.
 * Length is the rule that matters (NIST SP 800-63B); no composition rules.
 */
export const NewPasswordSchema = z.string().min(10, 'password must be at least 10 characters').max(200, 'password must be at most 200 characters');

/** A person's name as every list shows it (the profile's rule: 1–100 characters, trimmed). */
export const PersonNameSchema = z.string().trim().min(1, 'name must not be empty').max(100);

/** A new account's email (the store keeps it lower-case). */
export const NewEmailSchema = z.email('email must be an email address').max(320);

export const NewAccountSchema = z.object({ name: PersonNameSchema, email: NewEmailSchema, password: NewPasswordSchema });

/** Sandbox sign-up: the person and the organization they start (they become its operator). */
export const SignUpRequestSchema = NewAccountSchema.extend({
  organizationName: z.string().trim().min(2, 'organizationName must be at least 2 characters').max(100),
})
  .strict()
  .meta({ id: 'SignUpRequest' });
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/**
 * The answer to a sandbox sign-up, the same whether the email was free or taken (docs/auth.md
 * "Sign-up"): nobody is signed in by it; the person signs in next with the email and password.
 */
export const SignUpAcceptedSchema = z
  .object({ statusCode: z.literal(202), message: z.string() })
  .meta({ id: 'SignUpAccepted' });
export type SignUpAccepted = z.infer<typeof SignUpAcceptedSchema>;

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    roles: z.array(RoleSchema),
    organization: z.object({ id: z.string(), name: z.string() }).nullable(),
    scopes: z.array(z.string()),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const SessionSchema = z
  .object({ user: UserSchema, csrfToken: z.string(), expires: z.iso.datetime({ offset: true }) })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof SessionSchema>;
