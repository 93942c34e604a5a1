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
