/** Authentication: OAuth client credentials (domain.md) and people's sign-in (endpoints.md). */
import { z } from 'zod';
import { envelope } from './common';

export const TokenRequestSchema = z
  .object({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().min(1).max(200),
    client_secret: z.string().min(1).max(500),
    scope: z.string().max(2000).optional(),
  })
  .meta({ id: 'TokenRequest' });

export const TokenResponseSchema = envelope(
  z.object({ accessToken: z.string(), expires: z.iso.datetime({ offset: true }), scope: z.string().optional(), tokenType: z.literal('Bearer').optional() }),
).meta({ id: 'TokenResponse' });

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
