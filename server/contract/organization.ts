/**
 * The caller's organization and its people, so clients can show names instead of user ids; and the
 * invites by link an operator hands to new members (docs/auth.md "Invites").
 */
import { z } from 'zod';
import { NewAccountSchema, RoleSchema, UserSchema } from './auth';
import { DateTimeSchema } from './common';

export const MemberSchema = z.object({ id: z.string(), name: z.string(), roles: z.array(RoleSchema) }).meta({ id: 'Member' });
export type Member = z.infer<typeof MemberSchema>;

export const MembersSchema = z
  .object({
    organization: z.object({ id: z.string(), name: z.string() }).nullable(),
    members: z.array(MemberSchema),
  })
  .meta({ id: 'Members', description: "The caller's organization and its people (a person without one: only themselves)" });
export type Members = z.infer<typeof MembersSchema>;

/** Days an invite stays valid when the operator does not say (and the most they may say). */
export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MAX_DAYS = 30;

export const InviteRoleSchema = z.enum(['pilot', 'operator']).meta({ id: 'InviteRole', description: 'pilot; operator (also a pilot, and may invite)' });
export type InviteRole = z.infer<typeof InviteRoleSchema>;

export const CreateInviteRequestSchema = z
  .object({
    role: InviteRoleSchema.default('pilot'),
    expiresInDays: z.number().int().min(1).max(INVITE_MAX_DAYS).default(INVITE_DEFAULT_DAYS),
  })
  .strict()
  .meta({ id: 'CreateInviteRequest' });

export const InviteSchema = z
  .object({
    id: z.string(),
    role: InviteRoleSchema,
    invitedBy: z.string().describe('name of the operator who created it'),
    createdAt: DateTimeSchema,
    expiresAt: DateTimeSchema,
  })
  .meta({ id: 'Invite', description: 'A pending invite (unused, not revoked, not expired). Its token is never shown again.' });
export type Invite = z.infer<typeof InviteSchema>;

export const InviteCreatedSchema = z
  .object({
    invite: InviteSchema,
    token: z.string().describe('the secret of the link, shown this once; the store keeps only its hash'),
    link: z.string().describe('the portal page to hand over: {portalUrl}/invite#<token>'),
  })
  .meta({ id: 'InviteCreated' });
export type InviteCreated = z.infer<typeof InviteCreatedSchema>;

export const InviteListSchema = z.object({ invites: z.array(InviteSchema) }).meta({ id: 'InviteList' });
export type InviteList = z.infer<typeof InviteListSchema>;

export const InviteIdParamsSchema = z.object({ id: z.uuid('id must be an invite id (a UUID)') });

/** The secret of an invite link: 32 bytes, base64url (43 characters). */
export const InviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'token must be the 43-character secret of an invite link');

export const InviteTokenRequestSchema = z.object({ token: InviteTokenSchema }).strict().meta({ id: 'InviteTokenRequest' });

export const InvitePreviewSchema = z
  .object({ organization: z.string(), invitedBy: z.string(), role: InviteRoleSchema, expiresAt: DateTimeSchema })
  .meta({ id: 'InvitePreview', description: 'What the person opening a link sees before signing up or joining' });
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

export const InviteSignUpRequestSchema = NewAccountSchema.extend({ token: InviteTokenSchema }).strict().meta({ id: 'InviteSignUpRequest' });
export type InviteSignUpRequest = z.infer<typeof InviteSignUpRequestSchema>;

export const InviteJoinedSchema = z.object({ user: UserSchema }).meta({ id: 'InviteJoined', description: 'The person, now in the organization' });
